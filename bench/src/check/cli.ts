#!/usr/bin/env node
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { FleetError } from '@fleet/core';
import { checkFiles } from './check-files.js';
import { bksCases, defaultBenchDir } from './vrplib/bks.js';
import { checkVrpSolution } from './vrplib/check.js';
import { parseVrpInstance } from './vrplib/parse-instance.js';
import { isRounding, ROUNDINGS, type Rounding } from './vrplib/rounding.js';
import { parseVrpSolution } from './vrplib/solution.js';

/**
 * `npm run -s check -- INSTANCE SOLUTION [--rounding dimacs|round|exact]`: prints the report as JSON; exit 0 when
 * the solution is feasible (and, for VRPLIB, its stated cost matches), 1 when not, 2 when the files cannot be read.
 * `npm run -s check -- --bks [DIR]`: checks every verified best-known solution of shared/bench (they must all pass).
 */
const program: Command = new Command('check')
  .description('Independent VRP solution checker (VRPLIB/Solomon and VROOM JSON)')
  .argument('[instance]', 'instance file: Solomon .txt, VRPLIB .vrp, or VROOM input .json')
  .argument('[solution]', 'solution file: VRPLIB/SINTEF text, or VROOM output .json')
  .option(
    '--rounding <mode>',
    `arc convention for VRPLIB/Solomon (${ROUNDINGS.join('|')}); default: dimacs with time windows, round without`,
    parseRounding,
  )
  .option(
    '--bks [dir]',
    'check all verified best-known solutions under DIR (default: shared/bench beside the repo)',
  )
  .action(
    async (
      instance: string | undefined,
      solution: string | undefined,
      options: { rounding?: Rounding; bks?: string | true },
    ) => {
      if (options.bks !== undefined) {
        process.exitCode = await checkBks(options.bks === true ? defaultBenchDir() : options.bks);
        return;
      }
      if (instance === undefined || solution === undefined)
        program.error('give INSTANCE and SOLUTION, or --bks');
      const result = await checkFiles(instance, solution, options.rounding);
      process.stdout.write(`${JSON.stringify(result.report, null, 2)}\n`);
      process.exitCode = result.ok ? 0 : 1;
    },
  );

function parseRounding(value: string): Rounding {
  if (!isRounding(value)) throw new InvalidArgumentError(`expected one of ${ROUNDINGS.join(', ')}`);
  return value;
}

async function checkBks(benchDir: string): Promise<number> {
  const cases = bksCases(benchDir);
  let failed = 0;
  for (const c of cases) {
    const [instanceText, solutionText] = await Promise.all([
      readFile(c.instance, 'utf8'),
      readFile(c.solution, 'utf8'),
    ]);
    const report = checkVrpSolution(
      parseVrpInstance(instanceText),
      parseVrpSolution(solutionText, c.solution),
      c.rounding,
    );
    if (report.feasible && report.costMatches) continue;
    failed += 1;
    const why = report.violations.slice(0, 3).map((v) => v.message);
    if (!report.costMatches) why.push(`cost ${report.cost} vs stated ${report.statedCost}`);
    process.stdout.write(`FAIL ${relative(benchDir, c.solution)} (${c.rounding}): ${why.join('; ')}\n`);
  }
  process.stdout.write(`bks: ${cases.length - failed} passed, ${failed} failed\n`);
  return cases.length > 0 && failed === 0 ? 0 : 1;
}

program.parseAsync().catch((error: unknown) => {
  const message =
    error instanceof FleetError
      ? `${error.message}${error.errors ? ` ${JSON.stringify(error.errors)}` : ''}`
      : String(error);
  process.stderr.write(`check: ${message}\n`);
  process.exitCode = 2;
});
