import type { CostEvaluator } from '../cost/costEvaluator.js';
import type { PenaltyManager } from '../cost/penaltyManager.js';
import type { Problem } from '../model/problem.js';
import type { Rng } from '../rng.js';
import type { LocalSearch } from '../search/localSearch.js';
import type { Solution } from '../solution/solution.js';
import type { GeneticParams } from './params.js';
import type { Servable } from './servable.js';

/**
 * What an island lends the passes that work on its best plan besides the generations (leftOutPool.ts,
 * valuePolish.ts): its search state, and the three ways a plan they find joins the island.
 */
export interface IslandHost {
  readonly problem: Problem;
  readonly params: GeneticParams;
  readonly ls: LocalSearch;
  readonly pm: PenaltyManager;
  readonly rng: Rng;
  /** The search's neighbour lists. */
  readonly nb: Int32Array;
  readonly servable: Servable;
  /** The island's best feasible plan so far (it changes as plans are accepted). */
  best(): Solution | undefined;
  /** Generations so far. */
  iterations(): number;
  /** The local search's result added, repaired or dropped to feasibility, reassigned (Island.finish). */
  finish(ce: CostEvaluator, stop?: () => boolean): Solution;
  /** Adds a plan to the population; `register` feeds the penalty manager. */
  accept(sol: Solution, ce: CostEvaluator, register: boolean): void;
  /** Makes a plan the ruin-and-recreate trajectory's current one. */
  follow(sol: Solution): void;
}
