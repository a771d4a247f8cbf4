import { writeFile } from 'node:fs/promises';
import {
  checkSolution,
  DEFAULT_GENETIC_PARAMS,
  feasiblePart,
  formatCost,
  toVroomOutput,
  unassignedReasons,
  writeVrplibSolution,
  type GeneticParams,
  type Rounding,
} from '@fleet/solver';
import { solverPool } from '../pool/solverPool.js';
import type { SolveTrace } from '../pool/trace.js';
import { loadInstance } from './instances.js';

export interface SolveArgs {
  readonly instance: string;
  readonly timeLimit?: number;
  readonly iterations?: number;
  readonly seed: number;
  readonly workers: number;
  readonly rounding?: Rounding;
  readonly out?: string;
  readonly epoch?: number;
  /** Overrides of the search parameters (A/B runs). */
  readonly params?: Partial<GeneticParams>;
  /** Each step of a decomposing solve (`--trace`). */
  readonly onTrace?: (event: SolveTrace) => void;
}

/** `vrp solve`: solves one instance in the pool, writes the solution file, prints a one-line JSON summary. */
export async function solveCommand(args: SolveArgs): Promise<Record<string, unknown>> {
  // Created first: its threads start (and load their modules) while the instance is read and converted.
  const pool = solverPool({ threads: args.workers, warm: true });
  const loadStart = performance.now();
  const inst = await loadInstance(args.instance, args.rounding);
  const loading = performance.now() - loadStart;
  // The time limit is the command's: start-up and loading count, and writing the answer needs a moment.
  const clients = inst.spec.clients.length;
  // After the pool: at 927 clients 0.07 s past its budget, 0.17 s for the answer, 0.05 s to close it (solver.md).
  const reserve = 250 + 0.3 * clients;
  const budget =
    args.timeLimit !== undefined
      ? Math.max(100, args.timeLimit * 1000 - performance.now() - reserve)
      : undefined;
  const result = await pool.solve(inst.spec, {
    seed: args.seed,
    workers: args.workers,
    stop: {
      ...(budget !== undefined ? { timeLimitMs: budget } : {}),
      ...(args.iterations !== undefined ? { maxIterations: args.iterations } : {}),
    },
    ...(args.epoch !== undefined ? { epochIterations: args.epoch } : {}),
    ...(args.onTrace !== undefined ? { onTrace: args.onTrace } : {}),
    ...(args.params !== undefined && Object.keys(args.params).length > 0
      ? { params: { ...DEFAULT_GENETIC_PARAMS, ...args.params } }
      : {}),
  });
  const sol = result.solution ? feasiblePart(result.problem, result.solution) : undefined;
  const summary: Record<string, unknown> = {
    instance: inst.name,
    format: inst.format,
    workers: result.islands,
    seed: args.seed,
    iterations: result.iterations.reduce((a, b) => a + b, 0),
    seconds: Math.round(result.elapsedMs) / 1000,
    // Per island: seconds from taking its task to its answer, and before that, thread start-up + setup.
    islandSeconds: result.islandTimes.map((t) => Math.round(t.run) / 1000),
    islandSetupSeconds: result.islandTimes.map((t) => Math.round(t.waited + t.setup) / 1000),
    // Decomposition rounds after the islands handed over (docs/solver.md, "Decomposition across workers").
    ...(result.rounds > 0 ? { rounds: result.rounds } : {}),
  };
  if (!sol) {
    summary['feasible'] = false;
    summary['error'] = 'no solution found';
    return summary;
  }
  const violations = checkSolution(result.problem, sol);
  summary['feasible'] = sol.feasible && violations.length === 0;
  if (violations.length > 0) summary['violations'] = violations.slice(0, 5);
  summary['routes'] = sol.routes.length;
  if (inst.format === 'vroom') {
    const out = toVroomOutput(result.problem, inst.meta, sol, { loading, solving: result.elapsedMs });
    const s = out.summary;
    summary['assigned'] = result.problem.numClients - out.unassigned.length;
    summary['unassigned'] = out.unassigned.length;
    summary['cost'] = s['cost'];
    summary['duration'] = s['duration'];
    if (s['distance'] !== undefined) summary['distance'] = s['distance'];
    if (args.out) await writeFile(args.out, JSON.stringify(out) + '\n');
  } else {
    summary['rounding'] = inst.rounding;
    summary['cost'] = Number(formatCost(sol.cost, inst.rounding));
    summary['unassigned'] = unassignedReasons(result.problem, sol).length;
    if (args.out) await writeFile(args.out, writeVrplibSolution(result.problem, sol, inst.rounding));
  }
  if (args.out) summary['out'] = args.out;
  return summary;
}
