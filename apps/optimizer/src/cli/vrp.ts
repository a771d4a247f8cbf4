#!/usr/bin/env node
/**
 * The `vrp` command line: `vrp solve INSTANCE ...` and `vrp bench --set ...` (see docs/solver.md).
 * Run through `npm run -s vrp -- <args>`.
 */
import { fileURLToPath } from 'node:url';
import { Command, InvalidArgumentError, Option } from 'commander';
import { isRounding, type GeneticParams, type Rounding } from '@fleet/solver';
import { closeSolverPool } from '../pool/solverPool.js';
import type { SolveTrace } from '../pool/trace.js';
import { benchCommand, BENCH_SETS } from './benchCommand.js';
import { parseGeneticParam } from './params.js';
import { solveCommand } from './solveCommand.js';

const positive = (v: string): number => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a positive number');
  return n;
};
const integer = (v: string): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a non-negative integer');
  return n;
};
const rounding = (v: string): Rounding => {
  if (!isRounding(v)) throw new InvalidArgumentError('expected dimacs, round or exact');
  return v;
};
const defaultBenchDir = fileURLToPath(new URL('../../../../../shared/bench', import.meta.url));

const program = new Command('vrp').description(
  'Rich VRP solver (hybrid genetic search) and benchmark runner',
);

program
  .command('solve')
  .argument('<instance>', 'Solomon (.txt), VRPLIB (.vrp) or VROOM input (.json) file')
  .option('--time-limit <seconds>', 'wall-clock limit', positive)
  .option('--iterations <n>', 'generations per worker (reproducible stop)', integer)
  .option('--seed <n>', 'random seed', integer, 1)
  .option('--workers <n>', 'cooperating worker threads (islands)', positive, 1)
  .addOption(new Option('--rounding <mode>', 'arc rounding: dimacs | round | exact').argParser(rounding))
  .option(
    '--epoch <n>',
    'generations between exchanges of best solutions (default 50 with --iterations, else 1)',
    integer,
  )
  .option('--out <file>', 'solution file (VRPLIB .sol text, or VROOM output JSON for .json input)')
  .option(
    '--trace',
    'print each step of a decomposing solve (handover, rounds, polish) as a JSON line on stderr',
  )
  .option(
    '--param <key=value>',
    'override a numeric or boolean search parameter (a GeneticParams field, or group.key inside one of its objects, e.g. ruin.meanRemoved; for A/B runs; repeatable)',
    (v: string, acc: Partial<GeneticParams>) => {
      try {
        return parseGeneticParam(v, acc);
      } catch (e) {
        throw new InvalidArgumentError((e as Error).message);
      }
    },
    {},
  )
  .action(async (instance: string, o: Record<string, unknown>) => {
    if (o['timeLimit'] === undefined && o['iterations'] === undefined) o['timeLimit'] = 10;
    const summary = await solveCommand({
      instance,
      seed: o['seed'] as number,
      workers: Math.floor(o['workers'] as number),
      ...(o['timeLimit'] !== undefined ? { timeLimit: o['timeLimit'] as number } : {}),
      ...(o['iterations'] !== undefined ? { iterations: o['iterations'] as number } : {}),
      ...(o['rounding'] !== undefined ? { rounding: o['rounding'] as Rounding } : {}),
      ...(o['out'] !== undefined ? { out: o['out'] as string } : {}),
      ...(o['epoch'] !== undefined ? { epoch: o['epoch'] as number } : {}),
      ...(o['trace'] === true
        ? { onTrace: (e: SolveTrace) => process.stderr.write(JSON.stringify(e) + '\n') }
        : {}),
      params: o['param'] as Partial<GeneticParams>,
    });
    process.stdout.write(JSON.stringify(summary) + '\n');
  });

program
  .command('bench')
  .requiredOption('--set <name>', `benchmark set: ${Object.keys(BENCH_SETS).join(' | ')}`)
  .option('--time-limit <seconds>', 'wall-clock limit per instance', positive, 10)
  .option('--workers <n>', 'cooperating worker threads (islands)', positive, 1)
  .option('--seed <n>', 'random seed', integer, 1)
  .option('--max-n <n>', 'skip instances with more nodes (depot included)', integer)
  .option('--filter <regex>', 'only instances whose name matches')
  .option('--bench-dir <dir>', 'benchmark root (instances/, bks/)', defaultBenchDir)
  .action(async (o: Record<string, unknown>) => {
    const summary = await benchCommand(
      {
        set: o['set'] as string,
        timeLimit: o['timeLimit'] as number,
        workers: Math.floor(o['workers'] as number),
        seed: o['seed'] as number,
        benchDir: o['benchDir'] as string,
        ...(o['maxN'] !== undefined ? { maxN: o['maxN'] as number } : {}),
        ...(o['filter'] !== undefined ? { filter: o['filter'] as string } : {}),
      },
      (line) => process.stdout.write(line + '\n'),
    );
    process.stdout.write(JSON.stringify(summary) + '\n');
  });

try {
  await program.parseAsync(process.argv);
} catch (err) {
  const e = err instanceof Error ? err : new Error(String(err));
  const extra = (e as { errors?: unknown }).errors;
  process.stderr.write(`vrp: ${e.message}${extra ? ' ' + JSON.stringify(extra) : ''}\n`);
  process.exitCode = 1;
} finally {
  await closeSolverPool();
}
