import { CostEvaluator } from '../cost/costEvaluator.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import type { ProblemSpec } from '../model/spec.js';
import { Rng } from '../rng.js';
import { lineSpec } from '../testing/lineProblem.js';
import { randomProblem } from '../testing/randomProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { LocalSearch } from './localSearch.js';
import { Seed, sequentialConstruct } from './sequential.js';

function searchOn(spec: ProblemSpec): { ls: LocalSearch; problem: Problem } {
  const problem = new Problem(spec);
  return { ls: new LocalSearch(problem, computeNeighbours(problem), new Rng(1)), problem };
}

const ce = new CostEvaluator(new Float64Array([1000]), 1000);
/** Vehicle, then its clients in increasing order: on a line a route and its reverse cost the same. */
const routes = (ls: LocalSearch): number[][] =>
  ls.export().routes.map((r) => [r.vehicle, ...[...r.visits].sort((a, b) => a - b)]);

/**
 * Line (node i at 10 i from the depot): c1 at node 1, c2 at node 2, c3 at node 3, delivery 1 and prize 1000
 * each. Vehicle 0 is a van of capacity 1, vehicle 1 a truck of capacity 2, both with shift [0, 1000].
 */
function vanAndTruck(deliveries: readonly number[] = [1, 1, 1]): { ls: LocalSearch; problem: Problem } {
  return searchOn(
    lineSpec(
      deliveries.map((d, i) => ({
        id: `c${i + 1}`,
        delivery: [d],
        service: 0,
        required: false,
        prize: 1000,
      })),
      [2],
      1000,
      { vehicleTypes: [travelTimeVehicle('van', [1], 1000), travelTimeVehicle('truck', [2], 1000)] },
    ),
  );
}

describe('sequentialConstruct', () => {
  it('fills the largest vehicle first, from the client farthest from its depot', () => {
    // The truck (capacity 2) comes before the van (1). Seed: the farthest round trip, c3 (30 + 30 = 60):
    // truck 0-c3-0. Then c1 and c2 both cost 0 more (0-c1-c3: 10 + 20 - 30 = 0; likewise c2), keys equal,
    // the first candidate wins: c1, and the truck is full. c2 (round trip 40) fits the van alone.
    // Travel: truck 10 + 20 + 30 = 60, van 40: 100 in all.
    const { ls } = vanAndTruck();
    sequentialConstruct(ls, ce, new Rng(1), { lambdas: [0], noise: 0, seeds: [Seed.Farthest] });
    expect(routes(ls)).toEqual([
      [0, 2],
      [1, 1, 3],
    ]);
    expect(ls.export().cost).toBe(100);
    expect(ls.export().feasible).toBe(true);
  });

  it('seeds with the largest delivery when told to', () => {
    // Deliveries c1 2, c2 1, c3 1: the truck (capacity 2) is seeded with c1, its largest (2 / 2 of its
    // capacity), and is then full. The van takes the cheapest left, c2 (round trip 40 against c3's 60); c3
    // fits nowhere and stays out. Travel: 20 + 40 = 60.
    const { ls } = vanAndTruck([2, 1, 1]);
    sequentialConstruct(ls, ce, new Rng(1), { lambdas: [0], noise: 0, seeds: [Seed.Largest] });
    expect(routes(ls)).toEqual([
      [0, 2],
      [1, 1],
    ]);
    expect(ls.export().cost).toBe(60);
  });

  it('without a seed, each vehicle takes the cheapest clients first', () => {
    // Truck: c1 (round trip 20) then c2 (0-c1-c2-0 = 40, 20 more; c3 would add 40). Van: c3 (60). Travel 100.
    const { ls } = vanAndTruck();
    sequentialConstruct(ls, ce, new Rng(1), { lambdas: [0], noise: 0, seeds: [Seed.None] });
    expect(routes(ls)).toEqual([
      [0, 3],
      [1, 1, 2],
    ]);
    expect(ls.export().cost).toBe(100);
  });

  it('builds feasible plans that serve every required client on random rich problems', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const { ls, problem } = searchOn(randomProblem({ clients: 30, rich: true, seed }));
      sequentialConstruct(ls, ce, new Rng(seed));
      const sol = ls.export();
      for (let u = problem.numDepots; u < problem.numNodes; u++)
        if (problem.required[u] === 1) expect(ls.state.isRouted(u)).toBe(true);
      expect(sol.numRouted).toBeGreaterThan(0);
    }
  });
});
