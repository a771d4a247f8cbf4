import type { GeneticParams, ProblemOptions, ProblemSpec, StopCriteria } from '@fleet/solver';
import type { MessagePort } from 'node:worker_threads';

/** One island's task: the shared problem, its index and the channel to the coordinator. */
export interface IslandTask {
  readonly spec: ProblemSpec;
  readonly index: number;
  readonly islands: number;
  readonly seed: number;
  readonly stop: StopCriteria;
  /** Absolute deadline (performance.timeOrigin + performance.now() scale), if time-limited. */
  readonly deadline?: number;
  readonly epochIterations: number;
  /**
   * 'rounds': after each epoch the island waits for the others' bests of the same round (reproducible with an
   * iteration limit). 'async' (time-limited runs): it posts its best and goes on, taking whatever bests have
   * arrived since, so no island idles while another finishes a slow generation.
   */
  readonly exchange: 'rounds' | 'async';
  readonly params?: GeneticParams;
  /** How the worker builds its Problem (a decomposition part: the whole problem's reading of speed factors). */
  readonly problemOptions?: ProblemOptions;
  /** A plan to start from (Solution.encode of routes of this spec): the island loads it instead of building its own. */
  readonly initial?: Int32Array;
  /**
   * Only polish `initial` (IslandRunner.polishPlan: the final local search with the wider neighbour lists) until
   * the deadline, without generations: a decomposition's last step.
   */
  readonly polish?: boolean;
  /**
   * Set on every task of a decomposing solve (its islands, parts and polish), one number per solve: the worker
   * keeps the whole problem's island for the polish (islandWorker.ts) instead of building it again.
   */
  readonly solveKey?: number;
  /** Set to 1 by the coordinator to stop every island at its next iteration (cancellation). */
  readonly stopFlag: Int32Array;
  /** Set to 1 by the coordinator when the islands are to hand over to decomposition rounds (decomposition.ts). */
  readonly handoverFlag?: Int32Array;
  /**
   * An iteration-limited decomposing solve's handover (iterationBudget): at the first exchange round at or after
   * this many generations where the island's best plan serves every client, the island stops there, without its
   * final polish. Every island takes the same bests at a round, so all of them stop at the same one, or none.
   */
  readonly handoverIterations?: number;
  /** Transferred end of a MessageChannel; absent for a single island. */
  readonly port?: MessagePort;
}

/** Island -> coordinator, after each epoch. */
export interface RoundMessage {
  readonly index: number;
  readonly done: boolean;
  /** Encoded best solution when it changed since the last round. */
  readonly best: Int32Array | null;
}

/** Coordinator -> island: the other islands' new bests of the round. */
export interface BestsMessage {
  readonly others: Int32Array[];
}

/** What an island returns, decoded from the packed array its worker moves back. */
export interface IslandOutcome {
  readonly index: number;
  readonly iterations: number;
  readonly solution: Int32Array | null;
  readonly feasible: boolean;
  readonly objective: number;
  /** When the worker took the task (absoluteNow scale): thread start-up shows as the wait since the solve began. */
  readonly startedAt: number;
  /** Building the Problem and the island (neighbourhoods) in the worker, ms. */
  readonly setupMs: number;
  /** From taking the task to the answer, ms. */
  readonly elapsedMs: number;
}

/** Numbers before the encoded solution in a packed outcome. */
const HEADER = 8;

/**
 * Packs an outcome into one Float64Array, [index, iterations, feasible, objective, hasSolution, startedAt,
 * setupMs, elapsedMs, ...encoded]: one small typed array to copy back (islandWorker.ts: never transferred).
 */
export function packOutcome(o: IslandOutcome): Float64Array {
  const enc = o.solution;
  const out = new Float64Array(HEADER + (enc ? enc.length : 0));
  out[0] = o.index;
  out[1] = o.iterations;
  out[2] = o.feasible ? 1 : 0;
  out[3] = o.objective;
  out[4] = enc ? 1 : 0;
  out[5] = o.startedAt;
  out[6] = o.setupMs;
  out[7] = o.elapsedMs;
  if (enc) out.set(enc, HEADER);
  return out;
}

export function unpackOutcome(a: Float64Array): IslandOutcome {
  return {
    index: a[0]!,
    iterations: a[1]!,
    feasible: a[2] === 1,
    objective: a[3]!,
    solution: a[4] === 1 ? Int32Array.from(a.subarray(HEADER)) : null,
    startedAt: a[5]!,
    setupMs: a[6]!,
    elapsedMs: a[7]!,
  };
}

/** Absolute milliseconds, comparable across worker threads. */
export function absoluteNow(): number {
  return performance.timeOrigin + performance.now();
}
