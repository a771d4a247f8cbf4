import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { checkFiles } from '../check/check-files.js';
import type { VroomCheckReport } from '../check/vroom/check.js';
import { captureOutput, runProcess } from './run-process.js';
import { renderTable } from './table.js';

export interface CompareOptions {
  readonly dir: string;
  readonly timeLimit: number;
  readonly workers: number;
  readonly seed: number;
  readonly exploration: number;
  readonly threads: number;
  /** Our solver's CLI script (default apps/optimizer/dist/cli/vrp.js), run with node. */
  readonly cli?: string;
  /** Reuse VROOM's output from an earlier run (out/NAME.vroom.json and its .meta.json) instead of solving again. */
  readonly reuseVroom?: boolean;
  /** Run VROOM only (e.g. to prepare the baselines while the machine is busy: VROOM's answer does not depend on time). */
  readonly vroomOnly?: boolean;
  /** Passed to our CLI as `--param KEY=VALUE` each (GeneticParams overrides, for A/B runs). */
  readonly params?: readonly string[];
}

/** One solver's run on one instance. */
export interface SolverRun {
  readonly status: 'ok' | 'failed' | 'missing';
  readonly seconds: number;
  readonly message?: string;
  readonly report?: VroomCheckReport;
}

export interface CompareRow {
  readonly instance: string;
  readonly jobs: number;
  readonly ours: SolverRun;
  readonly vroom: SolverRun;
}

/** The repository root: bench/src/rich and bench/dist/rich sit at the same depth. */
const ROOT = resolve(new URL('../../../', import.meta.url).pathname);
export const OUR_CLI = join(ROOT, 'apps/optimizer/dist/cli/vrp.js');

/**
 * For each VROOM-format instance in `dir` (top-level *.json), runs VROOM (pyvroom, bench/vroom/solve.py) and then our
 * CLI, one after the other (never two solvers at once: the machine has 2 cores), checks both outputs with the
 * checker, writes them and compare.json under dir/out/, and returns the rows.
 */
export async function compare(options: CompareOptions, log: (line: string) => void): Promise<CompareRow[]> {
  const instances = (await readdir(options.dir)).filter((f) => f.endsWith('.json')).sort();
  if (instances.length === 0) throw new RangeError(`no *.json instance in ${options.dir}`);
  const outDir = join(options.dir, 'out');
  await mkdir(outDir, { recursive: true });
  const python = await captureOutput('bash', [join(ROOT, 'bench/vroom/setup.sh')], ROOT);
  const cli = options.cli ?? OUR_CLI;
  const oursAvailable = existsSync(cli);
  if (!oursAvailable)
    log(`our solver's CLI ${cli} does not exist yet: build it (npm run build); comparing VROOM alone`);

  const rows: CompareRow[] = [];
  for (const file of instances) {
    const instance = join(options.dir, file);
    const name = basename(file, '.json');
    const vroomOut = join(outDir, `${name}.vroom.json`);
    const vroom = await solveVroom(python, options, instance, vroomOut);
    const oursOut = join(outDir, `${name}.ours.json`);
    const ours: SolverRun = options.vroomOnly
      ? { status: 'missing', seconds: 0, message: 'not run (--vroom-only)' }
      : oursAvailable
        ? await solve(
            process.execPath,
            [
              cli,
              'solve',
              instance,
              '--time-limit',
              String(options.timeLimit),
              '--seed',
              String(options.seed),
              '--workers',
              String(options.workers),
              '--out',
              oursOut,
              ...(options.params ?? []).flatMap((p) => ['--param', p]),
            ],
            instance,
            oursOut,
          )
        : { status: 'missing', seconds: 0, message: 'CLI not built' };
    const jobs = vroom.report?.metrics.jobs ?? ours.report?.metrics.jobs ?? 0;
    rows.push({ instance: name, jobs, ours, vroom });
    log(`${name}: VROOM ${describe(vroom)}; ours ${describe(ours)}`);
  }
  await writeFile(join(outDir, 'compare.json'), `${JSON.stringify({ options, rows }, null, 2)}\n`);
  return rows;
}

/**
 * VROOM's run on one instance, or with `reuseVroom` the run recorded next to its output by an earlier compare
 * (VROOM without a time limit is deterministic for a given exploration level, whatever the thread count).
 */
async function solveVroom(
  python: string,
  options: CompareOptions,
  instance: string,
  output: string,
): Promise<SolverRun> {
  const meta = `${output.slice(0, -'.json'.length)}.meta.json`;
  if (options.reuseVroom && existsSync(output) && existsSync(meta)) {
    const recorded = JSON.parse(await readFile(meta, 'utf8')) as { seconds: number; exploration: number };
    if (recorded.exploration === options.exploration) return check(instance, output, recorded.seconds);
  }
  const run = await solve(
    python,
    [
      join(ROOT, 'bench/vroom/solve.py'),
      instance,
      '--exploration',
      String(options.exploration),
      '--threads',
      String(options.threads),
      '--out',
      output,
    ],
    instance,
    output,
  );
  if (run.status === 'ok')
    await writeFile(
      meta,
      JSON.stringify({ seconds: run.seconds, exploration: options.exploration, threads: options.threads }),
    );
  return run;
}

/** Runs a solver that writes `output`, then checks that plan against `instance` with the checker. */
export async function solve(
  command: string,
  args: readonly string[],
  instance: string,
  output: string,
): Promise<SolverRun> {
  const run = await runProcess(command, args, ROOT);
  if (run.code !== 0 || !existsSync(output)) {
    return { status: 'failed', seconds: run.seconds, message: `exit ${run.code}: ${run.stderrTail}` };
  }
  return check(instance, output, run.seconds);
}

async function check(instance: string, output: string, seconds: number): Promise<SolverRun> {
  try {
    const checked = await checkFiles(instance, output);
    if (checked.kind !== 'vroom') throw new RangeError('expected a VROOM-format check');
    return { status: 'ok', seconds, report: checked.report };
  } catch (error) {
    return { status: 'failed', seconds, message: `unreadable output: ${String(error)}` };
  }
}

function describe(run: SolverRun): string {
  if (run.report === undefined) return `${run.status}${run.message ? ` (${run.message})` : ''}`;
  const { metrics, feasible, violations } = run.report;
  const verdict = feasible
    ? 'feasible'
    : `INFEASIBLE (${violations.length} violations, first: ${violations[0]?.message})`;
  return `${metrics.assigned}/${metrics.jobs} jobs, duration ${metrics.duration} s, ${run.seconds.toFixed(1)} s, ${verdict}`;
}

const percent = (ours: number, theirs: number): number => (100 * (ours - theirs)) / theirs;

/** The issue's target on rich instances: at least VROOM's jobs (and priority), travel duration 3 % or more below. */
export const TARGET_DURATION_PERCENT = -3;

/**
 * How our run stands against VROOM's, first match wins: `infeasible` (or missing), `less priority`, `fewer jobs`,
 * `target` (served and priority at least VROOM's, duration at least 3 % below), `more jobs` (more served, duration
 * above that bar), `close` (same jobs, duration less than 3 % below VROOM's or above it).
 */
export type Standing = 'infeasible' | 'less priority' | 'fewer jobs' | 'target' | 'more jobs' | 'close';

export const STANDINGS: readonly Standing[] = [
  'target',
  'more jobs',
  'close',
  'fewer jobs',
  'less priority',
  'infeasible',
];

export function standing(ours: VroomCheckReport | undefined, vroom: VroomCheckReport): Standing {
  if (ours === undefined || !ours.feasible) return 'infeasible';
  const o = ours.metrics;
  const v = vroom.metrics;
  if (o.priority < v.priority) return 'less priority';
  if (o.assigned < v.assigned) return 'fewer jobs';
  if (percent(o.duration, v.duration) <= TARGET_DURATION_PERCENT) return 'target';
  return o.assigned > v.assigned ? 'more jobs' : 'close';
}

/**
 * The comparison table: jobs served, priority, routes driven and total travel duration (VROOM's `duration`), all
 * recomputed by the checker, for ours / VROOM, the duration difference in % (negative: ours is shorter; only meaningful when both serve the same
 * jobs, marked * otherwise), feasibility and wall time; then the means over the instances both solved.
 */
export function compareTable(rows: readonly CompareRow[]): string {
  const cell = (run: SolverRun, pick: (r: VroomCheckReport) => number): string =>
    run.report === undefined ? run.status : String(pick(run.report));
  const verdict = (run: SolverRun): string =>
    run.report === undefined ? '-' : run.report.feasible ? 'yes' : 'NO';
  const body = rows.map((row) => {
    const { ours, vroom } = row;
    const both = ours.report !== undefined && vroom.report !== undefined;
    const diff = both ? percent(ours.report.metrics.duration, vroom.report.metrics.duration) : undefined;
    const sameJobs = both && ours.report.metrics.assigned === vroom.report.metrics.assigned;
    return [
      row.instance,
      String(row.jobs),
      `${cell(ours, (r) => r.metrics.assigned)} / ${cell(vroom, (r) => r.metrics.assigned)}`,
      `${cell(ours, (r) => r.metrics.priority)} / ${cell(vroom, (r) => r.metrics.priority)}`,
      `${cell(ours, (r) => r.metrics.routes)} / ${cell(vroom, (r) => r.metrics.routes)}`,
      `${cell(ours, (r) => r.metrics.duration)} / ${cell(vroom, (r) => r.metrics.duration)}`,
      diff === undefined ? '-' : `${diff >= 0 ? '+' : ''}${diff.toFixed(2)}%${sameJobs ? '' : '*'}`,
      `${verdict(ours)} / ${verdict(vroom)}`,
      `${ours.seconds.toFixed(1)} / ${vroom.seconds.toFixed(1)}`,
      vroom.report === undefined ? '-' : standing(ours.report, vroom.report),
    ];
  });
  const table = renderTable(
    [
      'instance',
      'jobs',
      'served ours/VROOM',
      'priority ours/VROOM',
      'routes ours/VROOM',
      'duration s ours/VROOM',
      'diff',
      'feasible',
      'time s',
      'standing',
    ],
    body,
  );
  return `${table}\n${means(rows)}`;
}

function means(rows: readonly CompareRow[]): string {
  const solved = rows.filter((r) => r.ours.report !== undefined && r.vroom.report !== undefined);
  const mean = (values: readonly number[]): string =>
    values.length === 0 ? '-' : (values.reduce((a, b) => a + b, 0) / values.length).toFixed(2);
  const feasible = (pick: (r: CompareRow) => SolverRun): number =>
    rows.filter((r) => pick(r).report?.feasible).length;
  const vroomOnly = rows.flatMap((r) => (r.vroom.report ? [r.vroom.report.metrics] : []));
  const standings = rows.flatMap((r) => (r.vroom.report ? [standing(r.ours.report, r.vroom.report)] : []));
  const counts = STANDINGS.map((s) => `${s} ${standings.filter((x) => x === s).length}`).join(', ');
  return [
    `means over ${solved.length} instance(s) both solved:`,
    `  served ours ${mean(solved.map((r) => r.ours.report?.metrics.assigned ?? 0))} / VROOM ${mean(solved.map((r) => r.vroom.report?.metrics.assigned ?? 0))}`,
    `  duration ours ${mean(solved.map((r) => r.ours.report?.metrics.duration ?? 0))} / VROOM ${mean(solved.map((r) => r.vroom.report?.metrics.duration ?? 0))} s,` +
      ` diff ${mean(solved.map((r) => percent(r.ours.report?.metrics.duration ?? 0, r.vroom.report?.metrics.duration ?? 1)))}%`,
    `  feasible ours ${feasible((r) => r.ours)}/${rows.length}, VROOM ${feasible((r) => r.vroom)}/${rows.length}`,
    `  standing over ${standings.length} (target: jobs and priority >= VROOM's, duration <= ${TARGET_DURATION_PERCENT}%): ${counts}`,
    `  VROOM alone over ${vroomOnly.length}: served ${mean(vroomOnly.map((m) => m.assigned))}, duration ${mean(vroomOnly.map((m) => m.duration))} s`,
  ].join('\n');
}
