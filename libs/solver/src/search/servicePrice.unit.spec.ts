import { CostEvaluator } from '../cost/costEvaluator.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { lineSpec } from '../testing/lineProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { LocalSearch } from './localSearch.js';

/**
 * Service priced under the route's vehicle type (Evaluator.serviceWeight), worked out by hand. The line: depot
 * 0, c1 at node 1 (round trip 20), c2 at node 2 (round trip 40). A van (service type 0, 2 per unit of travel)
 * and a truck (service type 1, 1 per unit), capacity 1 each, so each serves one client. c1 takes 50 s on
 * either; c2 takes 100 s on the van and 300 s on the truck.
 *
 * - The plan: van c1 (20 x 2 = 40), truck c2 (40 x 1 = 40): travel cost 80; service 50 + 300 = 350.
 * - The other plan: van c2 (40 x 2 = 80), truck c1 (20 x 1 = 20): travel cost 100 (+20); service 100 + 50 = 150
 *   (-200).
 * - Weight 0.25: +20 - 0.25 x 200 = -30 < 0, the search takes the other plan. Weight 0.05: +20 - 10 = +10, it
 *   keeps the plan; so does weight 0 (the default), on travel alone.
 */
function solve(serviceWeight: number): { visits: number[][]; travelCost: number; searchCost: number } {
  const problem = new Problem(
    lineSpec(
      [
        { id: 'c1', delivery: [1], service: 50, required: true },
        { id: 'c2', delivery: [1], service: 100, serviceByType: [100, 300], required: true },
      ],
      [1],
      1000,
      {
        vehicleTypes: [
          { ...travelTimeVehicle('van', [1], 1000), unitTravelCost: 2 },
          { ...travelTimeVehicle('truck', [1], 1000), serviceType: 1 },
        ],
        numServiceTypes: 2,
      },
    ),
  );
  const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1));
  ls.ev.serviceWeight = serviceWeight;
  const ce = new CostEvaluator(new Float64Array([1000]), 1000);
  ls.loadAndRepair(
    [
      { vehicle: 0, visits: Int32Array.from([1]) },
      { vehicle: 1, visits: Int32Array.from([2]) },
    ],
    ce,
  );
  ls.improve(ce);
  const sol = ls.export();
  const visits = [0, 1].map((v) => [...(sol.routes.find((r) => r.vehicle === v)?.visits ?? [])]);
  return { visits, travelCost: sol.cost, searchCost: ls.currentCost() };
}

describe('LocalSearch: service priced under the vehicle type (Evaluator.serviceWeight)', () => {
  it('hands c2 to the van, which serves it faster, when the service saved outweighs the travel added', () => {
    const { visits, travelCost, searchCost } = solve(0.25);
    expect(visits).toEqual([[2], [1]]);
    expect(travelCost).toBe(100);
    // 100 + 0.25 x 150 of service.
    expect(searchCost).toBeCloseTo(137.5, 9);
  });

  it('keeps the plan when the weight is too low for the 20 of travel', () => {
    const { visits, travelCost, searchCost } = solve(0.05);
    expect(visits).toEqual([[1], [2]]);
    expect(travelCost).toBe(80);
    // 80 + 0.05 x 350.
    expect(searchCost).toBeCloseTo(97.5, 9);
  });

  it('prices travel alone by default', () => {
    const { visits, searchCost } = solve(0);
    expect(visits).toEqual([[1], [2]]);
    expect(searchCost).toBe(80);
  });
});
