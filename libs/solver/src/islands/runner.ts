import { Island } from '../hgs/island.js';
import { DEFAULT_GENETIC_PARAMS, type GeneticParams } from '../hgs/params.js';
import type { NeighbourLists } from '../model/neighbours.js';
import type { Problem } from '../model/problem.js';
import { deriveSeed } from '../rng.js';
import { decodeRoutes, type Solution } from '../solution/solution.js';
import type { StopCriteria, Timer } from '../stop.js';

/** Time kept for the final polish of a time-limited run: this much, plus per client, at most a tenth of it. */
const POLISH_MS = 30;
const POLISH_MS_PER_CLIENT = 0.2;

/**
 * Drives one island between exchange epochs. An island runs generations until its iteration count is a
 * multiple of `epochIterations` (or it stops), then offers its best solution and takes the others' bests.
 * Because epochs are counted in iterations, not time, an iteration-limited run exchanges the same
 * solutions at the same moments on every run: same seed + islands + iterations gives the same result.
 */
export class IslandRunner {
  readonly island: Island;
  private readonly started: number;
  private lastBestIterations = 0;
  private lastBest: Solution | undefined;
  private lastShared: Solution | undefined;
  done = false;

  constructor(
    problem: Problem,
    readonly index: number,
    seed: number,
    private readonly stop: StopCriteria,
    private readonly timer: Timer,
    private readonly aborted: () => boolean,
    params: GeneticParams = DEFAULT_GENETIC_PARAMS,
    neighbours?: NeighbourLists,
    startedAt?: number,
  ) {
    // The time limit counts from `startedAt` (the caller's start), else from now: building the island (0.1 to
    // 0.3 s at 900 clients) is part of it. Counted from after the build, 10 s runs of 927 clients overran their
    // budget by 0.3 to 0.4 s.
    this.started = startedAt ?? timer();
    // Islands of odd index take their own share of ruin steps on small problems (GeneticParams.smallRuinShareOdd)
    // and their own gate for the sequential constructions (GeneticParams.sequentialFromOdd).
    const own =
      index % 2 === 1
        ? { ...params, smallRuinShare: params.smallRuinShareOdd, sequentialFrom: params.sequentialFromOdd }
        : params;
    this.island = new Island(problem, deriveSeed(seed, index), own, neighbours);
    const limit = stop.timeLimitMs;
    this.polishReserve =
      limit !== undefined && params.finalNeighbours > 0
        ? Math.min(0.1 * limit, POLISH_MS + POLISH_MS_PER_CLIENT * problem.numClients)
        : 0;
    this.poolReserve =
      limit !== undefined && params.ejectionPool
        ? Math.min(0.1 * limit, params.lastPoolMs + params.lastPoolMsPerClient * problem.numClients)
        : 0;
  }

  /** Time left at the end of a time-limited run for the island's final polish (Island.finalPolish). */
  private readonly polishReserve: number;
  /** Time left besides while the island's last step has a pool to run (Island.lastPoolDue). */
  private readonly poolReserve: number;

  /** The time kept for the island's last step, as of its best plan now. */
  private reserve(): number {
    return this.polishReserve + (this.poolReserve > 0 && this.island.lastPoolDue() ? this.poolReserve : 0);
  }

  private shouldStop(): boolean {
    if (this.aborted()) return true;
    const s = this.stop;
    if (s.maxIterations !== undefined && this.island.iterations >= s.maxIterations) return true;
    if (s.timeLimitMs !== undefined && this.timer() - this.started >= s.timeLimitMs - this.reserve())
      return true;
    if (s.maxNoImprovement !== undefined) {
      if (this.island.best !== this.lastBest) {
        this.lastBest = this.island.best;
        this.lastBestIterations = this.island.iterations;
      }
      if (this.island.iterations - this.lastBestIterations >= s.maxNoImprovement) return true;
    }
    return false;
  }

  /** Runs until the next epoch boundary; returns true when the island is done. */
  runEpoch(epochIterations: number): boolean {
    if (this.done) return true;
    const isl = this.island;
    if (isl.pop.size === 0) {
      isl.initialise(undefined, this.timeStop);
      if (this.shouldStop()) return this.finish();
      return false;
    }
    for (;;) {
      if (this.shouldStop()) return this.finish();
      isl.step(this.timeStop);
      if (isl.iterations % epochIterations === 0) return false;
    }
  }

  /**
   * The island's final polish (Island.finalPolish) of `plan`, an encoded plan of its problem, until `stop`, after
   * or instead of its own search: a decomposition's joined plan, which no part's search has seen whole
   * (docs/solver.md, "Decomposition across workers", session 68). The plan is taken as any received one.
   */
  polishPlan(plan: Int32Array, stop: () => boolean): void {
    this.done = true;
    this.island.inject([decodeRoutes(plan)]);
    this.island.finalPolish(stop);
  }

  /** The island's last step, in the time kept for it; returns true (done). */
  private finish(): true {
    this.done = true;
    if (!this.aborted()) this.island.finalPolish(this.timeStop);
    return true;
  }

  /** Polled inside long local searches: only the wall clock and cancellation can cut one short. */
  private readonly timeStop = (): boolean => this.aborted() || this.timeUp();

  /** The search's own time is up (the last step's reserve excluded) or, once done, the whole limit. */
  private timeUp(): boolean {
    const limit = this.stop.timeLimitMs;
    if (limit === undefined) return false;
    return this.timer() - this.started >= (this.done ? limit : limit - this.reserve());
  }

  /** Encoded best solution to share, or null when nothing new since the last share. */
  share(): Int32Array | null {
    const s = this.island.result();
    if (!s || s === this.lastShared) return null;
    this.lastShared = s;
    return s.encode();
  }

  receive(encoded: readonly Int32Array[]): void {
    if (encoded.length === 0 || this.done) return;
    this.island.inject(encoded.map((e) => decodeRoutes(e)));
  }
}

/** Picks the overall answer: the feasible solution with the least objective, ties to the lowest island. */
export function pickBest(solutions: readonly (Solution | undefined)[]): Solution | undefined {
  let best: Solution | undefined;
  for (const s of solutions) {
    if (!s) continue;
    if (!best) best = s;
    else if (s.feasible && !best.feasible) best = s;
    else if (s.feasible === best.feasible && s.objective < best.objective - 1e-9) best = s;
  }
  return best;
}
