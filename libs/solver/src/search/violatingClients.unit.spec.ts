import { CostEvaluator } from '../cost/costEvaluator.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { lineSpec, optionalLineClients } from '../testing/lineProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { LocalSearch } from './localSearch.js';

/**
 * Six optional clients on the line (client i at 10 i from the depot), service 10 each, delivery 1, and two
 * vehicles of shift [0, 100], capacity 10. Route A = c1, c2: 20 out + 20 service + 20 back = 60 <= 100,
 * feasible. Route B = c3, c4, c5: 50 out + 30 service + 50 back = 130, 30 of time warp. The repair after a
 * local ruin step starts from B's clients, whose route violates, and not from A's.
 */
function twoRoutes(): LocalSearch {
  const clients = optionalLineClients(6, 10, 1000);
  const spec = lineSpec(clients, [10], 100, {
    vehicleTypes: [travelTimeVehicle('a', [10], 100), travelTimeVehicle('b', [10], 100)],
  });
  const problem = new Problem(spec);
  const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1));
  ls.loadAndRepair(
    [
      { vehicle: 0, visits: Int32Array.from([1, 2]) },
      { vehicle: 1, visits: Int32Array.from([3, 4, 5]) },
    ],
    new CostEvaluator(new Float64Array([10]), 10),
  );
  return ls;
}

describe('LocalSearch.violatingClients', () => {
  it("appends the clients of the routes that violate, and none of a feasible route's", () => {
    const ls = twoRoutes();
    expect(ls.export().timeWarp).toBe(30);
    // The list passed in (here c6, the ruin's touched client) is kept in front.
    expect(ls.violatingClients([6])).toEqual([6, 3, 4, 5]);
  });

  it('returns the list unchanged when every route is feasible', () => {
    const ls = twoRoutes();
    ls.dropToFeasible(new CostEvaluator(new Float64Array([10]), 10));
    expect(ls.export().feasible).toBe(true);
    expect(ls.violatingClients([6])).toEqual([6]);
  });
});
