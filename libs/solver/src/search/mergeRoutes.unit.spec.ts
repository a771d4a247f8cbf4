import { CostEvaluator } from '../cost/costEvaluator.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { lineSpec, optionalLineClients } from '../testing/lineProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { LocalSearch } from './localSearch.js';
import { MergeRoutes } from './operators/mergeRoutes.js';

/**
 * Four clients on the line (client i at 10 i from the depot, delivery 1 each) and three vehicles: two vans of
 * capacity 2, and a truck of capacity `truck` whose travel costs 1.25 per unit. Van A serves c1, c2
 * (0 -> 1 -> 2 -> 0: 10 + 10 + 20 = 40), van B serves c3, c4 (30 + 10 + 40 = 80): 120 in all.
 */
function vansAndTruck(truck: number): LocalSearch {
  const slow = { ...travelTimeVehicle('truck', [truck], 1000), unitTravelCost: 1.25 };
  const spec = lineSpec(optionalLineClients(4, 0, 1000), [2], 1000, {
    vehicleTypes: [travelTimeVehicle('a', [2], 1000), travelTimeVehicle('b', [2], 1000), slow],
  });
  const problem = new Problem(spec);
  const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1));
  ls.loadAndRepair(
    [
      { vehicle: 0, visits: Int32Array.from([1, 2]) },
      { vehicle: 1, visits: Int32Array.from([3, 4]) },
    ],
    new CostEvaluator(new Float64Array([100]), 100),
  );
  return ls;
}

describe('MergeRoutes', () => {
  it('moves two routes to an unused vehicle that carries both, in the cheaper order', () => {
    const ls = vansAndTruck(4);
    const op = new MergeRoutes(ls);
    // A then B in the truck: 0 -> 1 -> 2 -> 3 -> 4 -> 0 = 80, x 1.25 = 100. B then A: 0 -> 3 -> 4 -> 1 -> 2 -> 0
    // = 30 + 10 + 30 + 10 + 20 = 100, x 1.25 = 125. Best: 100 - 120 = -20.
    expect(op.evaluate(0, 1)).toBeCloseTo(-20, 9);
    op.apply(0, 1);
    const routes = ls.export().routes;
    expect(routes.map((r) => [r.vehicle, Array.from(r.visits)])).toEqual([[2, [1, 2, 3, 4]]]);
    expect(ls.export().cost).toBeCloseTo(100, 9);
    expect(op.alsoChanged).toBe(2);
  });

  it('tries no vehicle that cannot carry both loads', () => {
    // A truck of capacity 3 cannot take 2 + 2: no merge, whatever it would save.
    const op = new MergeRoutes(vansAndTruck(3));
    expect(op.evaluate(0, 1)).toBe(0);
    expect(op.found).toBe(false);
  });
});
