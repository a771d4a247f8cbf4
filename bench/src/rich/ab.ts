import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { OUR_CLI, solve } from './compare.js';
import { renderTable } from './table.js';
import { pairedStats, type PairedStats } from './abStats.js';

/** One run of our CLI in an A/B comparison: arm A (the base parameters) or B (with the overrides). */
export interface AbRun {
  readonly instance: string;
  readonly seed: number;
  readonly arm: 'A' | 'B';
  readonly feasible: boolean;
  readonly assigned: number;
  readonly priority: number;
  readonly duration: number;
}

export interface AbOptions {
  readonly files: readonly string[];
  readonly seeds: readonly number[];
  readonly timeLimit: number;
  /**
   * Generations per island instead of the time limit: each arm's run is then reproducible (same seed, same
   * plan), so the difference is the parameters' alone, whatever the machine's speed did meanwhile; the speed
   * the parameters cost must be measured apart.
   */
  readonly iterations?: number;
  readonly workers: number;
  /** Worker threads of arm B when they differ from `workers` (2 workers against 1, same parameters). */
  readonly workersB?: number;
  /** Arm B's exchange epoch (our CLI's `--epoch`: generations between exchanges) when it differs from the default. */
  readonly epochB?: number;
  /** `--param KEY=VALUE` overrides of both arms. */
  readonly baseParams: readonly string[];
  /** `--param KEY=VALUE` overrides of arm B only (after the base ones). */
  readonly params: readonly string[];
  /** Where the plans go (one file per instance, seed and arm). */
  readonly outDir: string;
  readonly cli?: string;
  /**
   * Arm A's CLI when it differs from `cli`: a build of another commit (e.g. a git worktree of the commit before
   * a change to the search engine), so that a change no parameter switches can be measured the same way.
   */
  readonly cliA?: string;
}

/**
 * Runs our CLI on every file and seed, arm A then arm B for each pair (never two runs at once: the machine has
 * 2 cores; interleaved, so that a drift of the machine's speed weighs on both arms alike), and checks every
 * plan with the checker.
 */
export async function runAb(options: AbOptions, log: (line: string) => void): Promise<AbRun[]> {
  await mkdir(resolve(options.outDir), { recursive: true });
  const cli = options.cli ?? OUR_CLI;
  for (const c of [cli, options.cliA ?? cli])
    if (!existsSync(c))
      throw new RangeError(`our solver's CLI ${c} does not exist: build it (npm run build)`);
  const runs: AbRun[] = [];
  // Absolute paths: the CLI runs from the repository root, whatever the caller's folder.
  const outDir = resolve(options.outDir);
  for (const file of options.files.map((f) => resolve(f)))
    for (const seed of options.seeds)
      for (const arm of ['A', 'B'] as const) {
        const instance = basename(file, '.json');
        const out = join(outDir, `${instance}.s${seed}.${arm}.json`);
        const args = abArgs(options, cli, file, seed, arm, out);
        const run = await solve(process.execPath, args, file, out);
        if (run.report === undefined)
          throw new RangeError(`${instance} seed ${seed} arm ${arm}: ${run.status}: ${run.message ?? ''}`);
        const m = run.report.metrics;
        const r: AbRun = {
          instance,
          seed,
          arm,
          feasible: run.report.feasible,
          assigned: m.assigned,
          priority: m.priority,
          duration: m.duration,
        };
        runs.push(r);
        log(
          `${instance} seed ${seed} ${arm}: ${r.assigned} jobs, ${r.duration} s${r.feasible ? '' : ', INFEASIBLE'}`,
        );
      }
  return runs;
}

/**
 * The command line of one run: our CLI's `solve` (arm A's own CLI when `cliA` is given) on `file` with the seed,
 * the workers, the time limit (or the iterations, when given) and the arm's overrides (the base ones, then for
 * arm B its own).
 */
export function abArgs(
  options: AbOptions,
  cli: string,
  file: string,
  seed: number,
  arm: 'A' | 'B',
  out: string,
): string[] {
  const params = arm === 'A' ? options.baseParams : [...options.baseParams, ...options.params];
  return [
    arm === 'A' ? (options.cliA ?? cli) : cli,
    'solve',
    file,
    ...(options.iterations !== undefined
      ? ['--iterations', String(options.iterations)]
      : ['--time-limit', String(options.timeLimit)]),
    '--seed',
    String(seed),
    '--workers',
    String(arm === 'B' ? (options.workersB ?? options.workers) : options.workers),
    ...(arm === 'B' && options.epochB !== undefined ? ['--epoch', String(options.epochB)] : []),
    '--out',
    out,
    ...params.flatMap((p) => ['--param', p]),
  ];
}

export interface AbRow {
  readonly instance: string;
  /** Seeds run with both arms. */
  readonly pairs: number;
  readonly meanAssignedA: number;
  readonly meanAssignedB: number;
  readonly meanDurationA: number;
  readonly meanDurationB: number;
  /** Mean of B / A - 1 in % over the pairs at equal jobs and priority (NaN without any). */
  readonly diffPercent: number;
  readonly equalPairs: number;
}

export interface AbSummary {
  readonly rows: readonly AbRow[];
  /** Mean over the instances of their diffPercent (those with at least one pair at equal jobs). */
  readonly meanDiffPercent: number;
  /** Pairs at equal jobs and priority where B's travel is lower, higher. */
  readonly bShorter: number;
  readonly bLonger: number;
  /** Pairs where B serves more (priority, then jobs), fewer. */
  readonly bServesMore: number;
  readonly bServesLess: number;
  /** Runs whose plan the checker rejected. */
  readonly infeasible: number;
  /** The per-pair differences at equal jobs and priority, every instance together (abStats.ts). */
  readonly pairs: PairedStats;
}

/**
 * Pairs the runs by instance and seed and compares arm B with arm A: served first (priority, then jobs), then
 * travel duration at equal service, as the benchmark's standings do.
 */
export function summariseAb(runs: readonly AbRun[]): AbSummary {
  const byKey = new Map<string, { a?: AbRun; b?: AbRun }>();
  for (const r of runs) {
    const key = `${r.instance}\u0000${r.seed}`;
    const pair = byKey.get(key) ?? {};
    if (r.arm === 'A') pair.a = r;
    else pair.b = r;
    byKey.set(key, pair);
  }
  const perInstance = new Map<string, { a: AbRun; b: AbRun }[]>();
  for (const pair of byKey.values()) {
    if (pair.a === undefined || pair.b === undefined) continue;
    const list = perInstance.get(pair.a.instance) ?? [];
    list.push({ a: pair.a, b: pair.b });
    perInstance.set(pair.a.instance, list);
  }
  let bShorter = 0;
  let bLonger = 0;
  let bServesMore = 0;
  let bServesLess = 0;
  const diffs: number[] = [];
  const rows: AbRow[] = [];
  for (const [instance, pairs] of [...perInstance].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    let diffSum = 0;
    let equal = 0;
    for (const { a, b } of pairs) {
      const served = b.priority - a.priority || b.assigned - a.assigned;
      if (served > 0) bServesMore++;
      else if (served < 0) bServesLess++;
      else {
        equal++;
        const diff = (100 * (b.duration - a.duration)) / a.duration;
        diffSum += diff;
        diffs.push(diff);
        if (b.duration < a.duration) bShorter++;
        else if (b.duration > a.duration) bLonger++;
      }
    }
    const mean = (f: (p: { a: AbRun; b: AbRun }) => number): number =>
      pairs.reduce((s, p) => s + f(p), 0) / pairs.length;
    rows.push({
      instance,
      pairs: pairs.length,
      meanAssignedA: mean((p) => p.a.assigned),
      meanAssignedB: mean((p) => p.b.assigned),
      meanDurationA: mean((p) => p.a.duration),
      meanDurationB: mean((p) => p.b.duration),
      diffPercent: equal > 0 ? diffSum / equal : Number.NaN,
      equalPairs: equal,
    });
  }
  const withDiff = rows.filter((r) => r.equalPairs > 0);
  return {
    rows,
    meanDiffPercent:
      withDiff.length > 0 ? withDiff.reduce((s, r) => s + r.diffPercent, 0) / withDiff.length : Number.NaN,
    bShorter,
    bLonger,
    bServesMore,
    bServesLess,
    infeasible: runs.filter((r) => !r.feasible).length,
    pairs: pairedStats(diffs),
  };
}

export function abTable(summary: AbSummary): string {
  const fmt = (x: number, digits = 0): string => (Number.isNaN(x) ? '-' : x.toFixed(digits));
  const table = renderTable(
    ['instance', 'pairs', 'jobs A / B', 'duration s A / B', 'B vs A at equal jobs'],
    summary.rows.map((r) => [
      r.instance,
      String(r.pairs),
      `${fmt(r.meanAssignedA, 1)} / ${fmt(r.meanAssignedB, 1)}`,
      `${fmt(r.meanDurationA)} / ${fmt(r.meanDurationB)}`,
      r.equalPairs > 0 ? `${r.diffPercent >= 0 ? '+' : ''}${fmt(r.diffPercent, 2)} % (${r.equalPairs})` : '-',
    ]),
  );
  const s = summary;
  const mean = Number.isNaN(s.meanDiffPercent)
    ? '-'
    : `${s.meanDiffPercent >= 0 ? '+' : ''}${s.meanDiffPercent.toFixed(2)} %`;
  const p = s.pairs;
  const perPair =
    p.n >= 2
      ? `per pair at equal jobs: ${p.mean >= 0 ? '+' : ''}${p.mean.toFixed(2)} % +- ${p.halfWidth.toFixed(2)} % (95 % interval, ${p.n} pairs); sign test p = ${p.signP.toFixed(3)}`
      : `per pair at equal jobs: ${p.n} pair(s), no interval`;
  return [
    table,
    `B vs A, mean over instances at equal jobs: ${mean}`,
    perPair,
    `pairs at equal jobs: B shorter ${s.bShorter}, longer ${s.bLonger}; B serves more ${s.bServesMore}, less ${s.bServesLess}; infeasible runs ${s.infeasible}`,
  ].join('\n');
}
