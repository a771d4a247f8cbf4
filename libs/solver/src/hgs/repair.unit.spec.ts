import { CostEvaluator } from '../cost/costEvaluator.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import type { ProblemSpec } from '../model/spec.js';
import { Rng } from '../rng.js';
import { LocalSearch } from '../search/localSearch.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { repair } from './repair.js';

/**
 * Depot 0 and required clients a, b, c at nodes 1, 2, 3: a and b 5 apart and 10 from the depot each, c 10 from
 * the depot and 20 from a and b. Two vehicles of capacity 10; a and b deliver 6 each, c 1. The plan (a, b) + (c)
 * drives 10 + 5 + 10 + 20 = 45 with 12 - 10 = 2 units of excess load. Every feasible plan keeps a and b apart,
 * e.g. (a) + (c, b): 20 + 10 + 20 + 10 = 60, 15 more. So a local search leaves the excess in place while 2 units
 * are worth less than 15 (load weight <= 7.5), and removes it above.
 */
function overloaded(): LocalSearch {
  const near = [
    [0, 10, 10, 10],
    [10, 0, 5, 20],
    [10, 5, 0, 20],
    [10, 20, 20, 0],
  ];
  const m = Float64Array.from(near.flat());
  const spec: ProblemSpec = {
    name: 'overloaded',
    numDims: 1,
    depots: [{ id: 'depot' }],
    clients: [
      { id: 'a', delivery: [6], service: 0, required: true },
      { id: 'b', delivery: [6], service: 0, required: true },
      { id: 'c', delivery: [1], service: 0, required: true },
    ],
    vehicleTypes: [{ ...travelTimeVehicle('v', [10], 1000), numAvailable: 2 }],
    profiles: [{ name: 'near', durations: m, distances: m }],
    numServiceTypes: 1,
  };
  const problem = new Problem(spec);
  const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1));
  // Booster weights 0.5 x 12 = 6 per unit of excess: 2 units cost 12 < 15, the first repair keeps (a, b).
  const boosted = new CostEvaluator(new Float64Array([0.5]), 1).scaled(12);
  ls.loadAndRepair(
    [
      { vehicle: 0, visits: Int32Array.from([1, 2]) },
      { vehicle: 1, visits: Int32Array.from([3]) },
    ],
    boosted,
  );
  const plan = ls.export();
  expect(plan.cost).toBe(45);
  expect(plan.feasible).toBe(false);
  return ls;
}

const BOOSTED = new CostEvaluator(new Float64Array([0.5]), 1).scaled(12);

describe('repair', () => {
  it('leaves the plan infeasible when the booster is too weak and no second repair is asked', () => {
    const plan = repair(overloaded(), BOOSTED, undefined, 0);
    expect(plan.feasible).toBe(false);
    expect(plan.cost).toBe(45);
  });

  it('repairs it the second time, under the booster x 12 (72 per unit: 2 units cost 144 > 15)', () => {
    const plan = repair(overloaded(), BOOSTED, undefined, 12);
    expect(plan.feasible).toBe(true);
    expect(plan.cost).toBe(60);
    expect(plan.numRouted).toBe(3);
  });

  it('starts from the clients a ruin touched plus those of the violating routes', () => {
    // Only c was touched; the violating route (a, b) adds a and b, so the second repair still finds the move.
    const plan = repair(overloaded(), BOOSTED, [3], 12);
    expect(plan.feasible).toBe(true);
    expect(plan.cost).toBe(60);
  });
});
