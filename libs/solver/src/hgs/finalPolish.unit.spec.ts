import { Problem } from '../model/problem.js';
import { lineSpec } from '../testing/lineProblem.js';
import { Island } from './island.js';
import { DEFAULT_GENETIC_PARAMS } from './params.js';

/**
 * Depot 0 and required clients c1, c2, c3 at nodes 1, 2, 3 of the line (node i at 10 i from the depot), one
 * vehicle of capacity 10 and shift [0, 1000]. The plan c3, c1, c2 drives 0 -> 30 -> 10 -> 20 -> 0: 30 + 20 +
 * 10 + 20 = 80. In line order it drives 10 + 10 + 10 + 30 = 60.
 */
function zigzag(params = DEFAULT_GENETIC_PARAMS): Island {
  const clients = [1, 2, 3].map((i) => ({ id: `c${i}`, delivery: [1], service: 0, required: true }));
  const island = new Island(new Problem(lineSpec(clients, [10], 1000)), 1, params);
  island.ls.loadAndRepair([{ vehicle: 0, visits: Int32Array.from([3, 1, 2]) }], island.pm.costEvaluator());
  const plan = island.ls.export();
  expect(plan.feasible).toBe(true);
  expect(plan.cost).toBe(80);
  island.best = plan;
  return island;
}

describe('Island.finalPolish', () => {
  it('improves the best plan with a wider local search and keeps it when it is feasible and cheaper', () => {
    const island = zigzag();
    island.finalPolish();
    const best = island.best!;
    expect(best.feasible).toBe(true);
    expect(best.cost).toBe(60);
    expect(best.numRouted).toBe(3);
  });

  it('does nothing when turned off (finalNeighbours 0)', () => {
    const island = zigzag({ ...DEFAULT_GENETIC_PARAMS, finalNeighbours: 0 });
    const before = island.best;
    island.finalPolish();
    expect(island.best).toBe(before);
  });
});
