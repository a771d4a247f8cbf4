import { CostEvaluator } from '../cost/costEvaluator.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { lineSpec } from '../testing/lineProblem.js';
import { LocalSearch } from './localSearch.js';

/**
 * Depot 0, c1 at node 1 (10 from the depot) and c2 at node 2 (20 from the depot), one delivery each, both
 * optional and worth the same; one vehicle of capacity 1 (shift [0, 1000]). Serving c2 costs 20 + 20 = 40,
 * serving c1 costs 10 + 10 = 20. From the plan that serves c2: c1 cannot go in (capacity), and leaving c2 out
 * does not pay (its search prize, 2 x 40 + 1 = 81, is more than the 40 it saves). Putting c1 in c2's place
 * does: -20 of travel, and the prizes cancel out.
 */
function setup(replaceNeighbours: boolean): { ls: LocalSearch; ce: CostEvaluator } {
  const problem = new Problem(
    lineSpec(
      [
        { id: 'c1', delivery: [1], service: 0, required: false, prize: 1e6 },
        { id: 'c2', delivery: [1], service: 0, required: false, prize: 1e6 },
      ],
      [1],
      1000,
      { lexicographicPrizes: true },
    ),
  );
  const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1), {
    swapStar: true,
    replaceNeighbours,
  });
  const ce = new CostEvaluator(new Float64Array([1000]), 1000);
  ls.loadAndRepair([{ vehicle: 0, visits: Int32Array.from([2]) }], ce);
  return { ls, ce };
}

describe('LocalSearch: an unrouted client takes a routed neighbour place (replaceNeighbours)', () => {
  it('serves the nearer of two equally valuable clients', () => {
    const { ls, ce } = setup(true);
    ls.improve(ce);
    const sol = ls.export();
    expect(sol.routes.map((r) => [...r.visits])).toEqual([[1]]);
    expect([sol.travel, sol.feasible]).toEqual([20, true]);
  });

  it('keeps the farther one without it', () => {
    const { ls, ce } = setup(false);
    ls.improve(ce);
    const sol = ls.export();
    expect(sol.routes.map((r) => [...r.visits])).toEqual([[2]]);
    expect(sol.travel).toBe(40);
  });
});
