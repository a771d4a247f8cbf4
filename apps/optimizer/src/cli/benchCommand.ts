import { readdir } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { ValidationError } from '@fleet/core';
import { checkSolution, formatCost, type Rounding } from '@fleet/solver';
import { solverPool } from '../pool/solverPool.js';
import { readBks } from './bks.js';
import { loadInstance } from './instances.js';

/** Benchmark sets: folder under instances/, BKS file under bks/, and the rounding that BKS uses. */
export const BENCH_SETS: Record<string, { dir: string; bks: string; rounding: Rounding }> = {
  solomon: { dir: 'solomon', bks: 'solomon_dimacs.csv', rounding: 'dimacs' },
  homberger_200: { dir: 'homberger_200', bks: 'homberger_200_dimacs.csv', rounding: 'dimacs' },
  homberger_400: { dir: 'homberger_400', bks: 'homberger_400_dimacs.csv', rounding: 'dimacs' },
  homberger_600: { dir: 'homberger_600', bks: 'homberger_600_dimacs.csv', rounding: 'dimacs' },
  homberger_800: { dir: 'homberger_800', bks: 'homberger_800_dimacs.csv', rounding: 'dimacs' },
  homberger_1000: { dir: 'homberger_1000', bks: 'homberger_1000_dimacs.csv', rounding: 'dimacs' },
  x: { dir: 'x', bks: 'x.csv', rounding: 'round' },
};

export interface BenchArgs {
  readonly set: string;
  readonly timeLimit: number;
  readonly workers: number;
  readonly seed: number;
  readonly maxN?: number;
  readonly filter?: string;
  readonly benchDir: string;
}

/** Nodes including the depot: from the name for X (X-n101-k25 -> 101), else from the file. */
function sizeOf(name: string, clients: number): number {
  const m = /-n(\d+)-/i.exec(name);
  return m ? Number(m[1]) : clients + 1;
}

/**
 * `vrp bench`: solves every instance of a set in turn (one at a time, all workers on it), prints one JSON line
 * per instance with its gap to the BKS (100 x (cost - bks) / bks, costs under the set's rounding), then a
 * summary line with the mean gap.
 */
export async function benchCommand(
  args: BenchArgs,
  print: (line: string) => void,
): Promise<Record<string, unknown>> {
  const set = BENCH_SETS[args.set];
  if (!set) throw new ValidationError(`unknown set ${args.set}`, { set: Object.keys(BENCH_SETS).join(', ') });
  const dir = join(args.benchDir, 'instances', set.dir);
  const bks = await readBks(join(args.benchDir, 'bks', set.bks));
  const filter = args.filter ? new RegExp(args.filter, 'i') : undefined;
  const files = (await readdir(dir))
    .filter((f) => !f.startsWith('.'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const pool = solverPool({ threads: args.workers, warm: true });
  const gaps: number[] = [];
  let infeasible = 0;
  for (const file of files) {
    const name = basename(file, extname(file));
    if (filter && !filter.test(name)) continue;
    const inst = await loadInstance(join(dir, file), set.rounding);
    if (inst.format === 'vroom') continue;
    const n = sizeOf(name, inst.coord.customers.length);
    if (args.maxN !== undefined && n > args.maxN) continue;
    const ref = bks.get(name.toUpperCase());
    const res = await pool.solve(inst.spec, {
      seed: args.seed,
      workers: args.workers,
      stop: { timeLimitMs: Math.max(100, args.timeLimit * 1000 - 50 - 0.5 * inst.spec.clients.length) },
    });
    const sol = res.solution;
    const feasible = sol !== undefined && sol.feasible && checkSolution(res.problem, sol).length === 0;
    const cost = sol ? Number(formatCost(sol.cost, set.rounding)) : NaN;
    const gap = feasible && ref !== undefined ? (100 * (cost - ref)) / ref : NaN;
    if (!feasible) infeasible++;
    else if (Number.isFinite(gap)) gaps.push(gap);
    print(
      JSON.stringify({
        instance: name,
        n,
        cost,
        bks: ref ?? null,
        gap: Number.isFinite(gap) ? Math.round(gap * 1000) / 1000 : null,
        feasible,
        routes: sol?.routes.length ?? 0,
        iterations: res.iterations.reduce((a, b) => a + b, 0),
        seconds: Math.round(res.elapsedMs) / 1000,
      }),
    );
  }
  const mean = gaps.length > 0 ? gaps.reduce((a, b) => a + b, 0) / gaps.length : NaN;
  return {
    set: args.set,
    instances: gaps.length + infeasible,
    infeasible,
    meanGap: Number.isFinite(mean) ? Math.round(mean * 1000) / 1000 : null,
    timeLimit: args.timeLimit,
    workers: args.workers,
  };
}
