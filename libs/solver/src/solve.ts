import { DEFAULT_GENETIC_PARAMS, type GeneticParams } from './hgs/params.js';
import { IslandRunner, pickBest } from './islands/runner.js';
import { neighbourLists } from './model/neighbours.js';
import { Problem } from './model/problem.js';
import type { ProblemSpec } from './model/spec.js';
import type { Solution } from './solution/solution.js';
import type { StopCriteria, Timer } from './stop.js';

export interface SolveOptions {
  readonly seed: number;
  /** Cooperating islands (in the pool: one per worker). */
  readonly islands?: number;
  readonly stop: StopCriteria;
  readonly timer: Timer;
  readonly signal?: AbortSignal;
  /** Generations between two exchanges of best solutions. */
  readonly epochIterations?: number;
  readonly params?: GeneticParams;
}

export interface SolveResult {
  readonly solution: Solution | undefined;
  /** Generations per island. */
  readonly iterations: readonly number[];
  readonly elapsedMs: number;
}

export const DEFAULT_EPOCH_ITERATIONS = 50;
/**
 * Generations between offers when islands exchange asynchronously (time-limited pool runs): every one. An
 * island posts only when its best changed and never waits, so a short epoch costs nothing but lets the islands
 * follow each other's best plans closely (measured in docs/solver.md, "Parallel islands").
 */
export const DEFAULT_ASYNC_EPOCH_ITERATIONS = 1;

/**
 * Solves in the calling thread: islands take turns epoch by epoch and exchange bests exactly as the pool's
 * workers do, so an iteration-limited run gives the same answer here and in the pool. For tests and small
 * problems; the optimizer app runs the islands in parallel.
 */
export function solveInThread(problemOrSpec: Problem | ProblemSpec, options: SolveOptions): SolveResult {
  const problem = problemOrSpec instanceof Problem ? problemOrSpec : new Problem(problemOrSpec);
  const start = options.timer();
  const n = Math.max(1, options.islands ?? 1);
  const epoch = Math.max(1, options.epochIterations ?? DEFAULT_EPOCH_ITERATIONS);
  const params = options.params ?? DEFAULT_GENETIC_PARAMS;
  const neighbours = neighbourLists(problem, params.neighbours, params.finalNeighbours);
  const aborted = (): boolean => options.signal?.aborted === true;
  const runners: IslandRunner[] = [];
  for (let i = 0; i < n; i++)
    runners.push(
      new IslandRunner(
        problem,
        i,
        options.seed,
        options.stop,
        options.timer,
        aborted,
        params,
        neighbours,
        start,
      ),
    );
  while (runners.some((r) => !r.done)) {
    for (const r of runners) r.runEpoch(epoch);
    exchange(runners);
  }
  if (aborted()) throw abortError(options.signal);
  return {
    solution: pickBest(runners.map((r) => r.island.result())),
    iterations: runners.map((r) => r.island.iterations),
    elapsedMs: options.timer() - start,
  };
}

/** Each island receives the new bests of the others (in island order). */
export function exchange(runners: readonly IslandRunner[]): void {
  const shared = runners.map((r) => r.share());
  runners.forEach((r, i) => {
    const others: Int32Array[] = [];
    shared.forEach((s, j) => {
      if (j !== i && s !== null) others.push(s);
    });
    r.receive(others);
  });
}

export function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  const e = new Error('The solve was aborted');
  e.name = 'AbortError';
  return e;
}
