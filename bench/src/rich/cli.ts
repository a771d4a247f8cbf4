#!/usr/bin/env node
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { abTable, runAb, summariseAb } from './ab.js';
import { compare, compareTable } from './compare.js';
import { DEFAULT_RICH, generateRichInstance } from './generate.js';
import { deriveSeed } from './random.js';

/**
 * `npm run -s bench:rich -- generate --out DIR --count N --seed S [--min-jobs A --max-jobs B]`
 * `npm run -s bench:rich -- compare --dir DIR --time-limit 10 --workers 2 [--seed 1]`
 * `npm run -s bench:rich -- ab --seeds 1,2,3 --param KEY=VALUE FILE...`
 */
const integer =
  (min: number) =>
  (value: string): number => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min)
      throw new InvalidArgumentError(`expected an integer >= ${min}`);
    return parsed;
  };

const program = new Command('bench:rich').description(
  'Rich VROOM-format instances: generate, and compare with VROOM',
);

program
  .command('generate')
  .description('write N seeded rich instances (VROOM input JSON) to DIR')
  .requiredOption('--out <dir>', 'output folder')
  .option('--count <n>', 'number of instances', integer(1), 5)
  .option('--seed <s>', 'batch seed: instance i uses a seed derived from (s, i)', integer(0), 1)
  .option('--min-jobs <n>', 'fewest jobs', integer(1), DEFAULT_RICH.minJobs)
  .option('--max-jobs <n>', 'most jobs', integer(1), DEFAULT_RICH.maxJobs)
  .action(async (o: { out: string; count: number; seed: number; minJobs: number; maxJobs: number }) => {
    if (o.minJobs > o.maxJobs) throw new InvalidArgumentError('--min-jobs is above --max-jobs');
    await mkdir(o.out, { recursive: true });
    for (let i = 0; i < o.count; i += 1) {
      const { input, fleet } = generateRichInstance(deriveSeed(o.seed, i), {
        ...DEFAULT_RICH,
        minJobs: o.minJobs,
        maxJobs: o.maxJobs,
      });
      const file = join(o.out, `rich-s${o.seed}-${String(i).padStart(3, '0')}.json`);
      await writeFile(file, JSON.stringify(input));
      const fleetNote = `about ${fleet.needed.toFixed(1)} needed${fleet.short ? ', fleet too small' : ''}`;
      process.stdout.write(
        `${file}: ${input.jobs?.length ?? 0} jobs, ${fleet.vehicles} vehicles (${fleetNote})\n`,
      );
    }
  });

program
  .command('compare')
  .description(
    'solve every instance of DIR with VROOM then with our CLI (one at a time), check both, print a table',
  )
  .requiredOption('--dir <dir>', 'folder of VROOM-format instances')
  .option('--time-limit <s>', 'our solver time limit, seconds', integer(1), 10)
  .option('--workers <n>', 'our solver worker threads', integer(1), 2)
  .option('--seed <n>', 'our solver seed', integer(0), 1)
  .option('--exploration <n>', 'VROOM exploration level (1-5)', integer(1), 5)
  .option('--threads <n>', 'VROOM threads', integer(1), 2)
  .option('--reuse-vroom', "reuse VROOM's outputs of an earlier compare in DIR/out (same exploration level)")
  .option('--vroom-only', 'run VROOM only (prepare the baselines)')
  .option('--cli <path>', 'our solver CLI script, run with node (default apps/optimizer/dist/cli/vrp.js)')
  .option(
    '--param <key=value>',
    'passed to our CLI as --param (a GeneticParams override, repeatable)',
    (value: string, previous: string[]) => [...previous, value],
    [] as string[],
  )
  .action(
    async (o: {
      dir: string;
      timeLimit: number;
      workers: number;
      seed: number;
      exploration: number;
      threads: number;
      cli?: string;
      reuseVroom?: boolean;
      vroomOnly?: boolean;
      param: string[];
    }) => {
      const rows = await compare({ ...o, params: o.param }, (line) => process.stderr.write(`${line}\n`));
      process.stdout.write(`${compareTable(rows)}\n`);
    },
  );

const seedList = (value: string): number[] => {
  const seeds = value.split(',').map((s) => Number(s.trim()));
  if (seeds.length === 0 || seeds.some((s) => !Number.isInteger(s) || s < 0))
    throw new InvalidArgumentError('expected comma-separated integers >= 0');
  return seeds;
};
const collect = (value: string, previous: string[]): string[] => [...previous, value];

program
  .command('ab')
  .description(
    'A/B of GeneticParams overrides: our CLI on every FILE and seed, arm A (base) then arm B (--param), each plan checked',
  )
  .argument('<files...>', 'VROOM-format instances')
  .option('--param <key=value>', "arm B's GeneticParams override (repeatable)", collect, [] as string[])
  .option('--base-param <key=value>', 'override of both arms (repeatable)', collect, [] as string[])
  .option('--seeds <list>', 'comma-separated seeds', seedList, [1, 2])
  .option('--time-limit <s>', 'time limit per run, seconds', integer(1), 10)
  .option(
    '--iterations <n>',
    'generations per island instead of the time limit (reproducible runs: the arms differ by their parameters only)',
    integer(1),
  )
  .option('--workers <n>', 'worker threads', integer(1), 2)
  .option('--b-workers <n>', "arm B's worker threads (default: --workers)", integer(1))
  .option('--b-epoch <n>', "arm B's exchange epoch (our CLI's --epoch)", integer(1))
  .option(
    '--a-cli <path>',
    "arm A's CLI script: a build of another commit (e.g. a git worktree's apps/optimizer/dist/cli/vrp.js)",
  )
  .option('--out <dir>', 'folder for the plans', join(tmpdir(), 'bench-ab'))
  .action(
    async (
      files: string[],
      o: {
        param: string[];
        baseParam: string[];
        seeds: number[];
        timeLimit: number;
        iterations?: number;
        workers: number;
        bWorkers?: number;
        bEpoch?: number;
        aCli?: string;
        out: string;
      },
    ) => {
      if (o.param.length === 0 && o.bWorkers === undefined && o.bEpoch === undefined && o.aCli === undefined)
        throw new InvalidArgumentError(
          'arm B must differ from arm A: give --param, --b-workers, --b-epoch or --a-cli',
        );
      const runs = await runAb(
        {
          files,
          seeds: o.seeds,
          timeLimit: o.timeLimit,
          ...(o.iterations !== undefined ? { iterations: o.iterations } : {}),
          workers: o.workers,
          ...(o.bWorkers !== undefined ? { workersB: o.bWorkers } : {}),
          ...(o.bEpoch !== undefined ? { epochB: o.bEpoch } : {}),
          ...(o.aCli !== undefined ? { cliA: resolve(o.aCli) } : {}),
          baseParams: o.baseParam,
          params: o.param,
          outDir: o.out,
        },
        (line) => process.stderr.write(`${line}\n`),
      );
      process.stdout.write(`${abTable(summariseAb(runs))}\n`);
    },
  );

program.parseAsync().catch((error: unknown) => {
  process.stderr.write(`bench:rich: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
