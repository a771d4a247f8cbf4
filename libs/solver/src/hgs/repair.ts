import type { CostEvaluator } from '../cost/costEvaluator.js';
import type { LocalSearch } from '../search/localSearch.js';
import type { Solution } from '../solution/solution.js';

/**
 * Repairs the infeasible plan loaded in `ls`: a local search under the booster's weights (`boosted`) from the
 * clients of the violating routes (every client when `only` is undefined: `only` are the clients a ruin touched,
 * to which those of the violating routes are added); when that leaves the plan infeasible and `again` > 0, one
 * more from the clients of the routes still violating, under the booster's weights multiplied by `again`.
 * Returns the plan it ends with, feasible or not.
 *
 * Why the second one: on large instances about a third of the ruin steps once every job was served ended in a
 * failed repair and a drop to feasibility, a plan the trajectory never takes (20 to 40 % of a 10 s island's time
 * on 749 to 927 jobs, docs/solver.md "Repairing twice"). Under 12 times the booster's weights, 49 to 88 % of
 * those repairs succeeded, in about 13 ms each, and some of the plans were new bests.
 */
export function repair(
  ls: LocalSearch,
  boosted: CostEvaluator,
  only: readonly number[] | undefined,
  again: number,
  stop?: () => boolean,
): Solution {
  const from = (): number[] | undefined =>
    only === undefined ? undefined : ls.violatingClients(only.slice());
  ls.improve(boosted, stop, from());
  const repaired = ls.export();
  if (repaired.feasible || again <= 0) return repaired;
  ls.improve(boosted.scaled(again), stop, from());
  return ls.export();
}
