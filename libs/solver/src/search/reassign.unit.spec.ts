import { CostEvaluator } from '../cost/costEvaluator.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import type { ProblemSpec, VehicleTypeSpec } from '../model/spec.js';
import { Rng } from '../rng.js';
import type { SolutionRoute } from '../solution/solution.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { LocalSearch } from './localSearch.js';
import { ReassignCache, reassignVehicles } from './reassign.js';

/**
 * Depot 0 at 0 on a line; c1 (node 1) at 100, c2 (node 2) at 50, c3 (node 3) at 10; travel = distance =
 * |a - b|, so the round trips cost 200, 100 and 20 time units. Three capacity dimensions, one per client
 * (c1 delivers [1, 0, 0], c2 [0, 1, 0], c3 [0, 0, 1]). Vehicles (one of each type, shift [0, 1000]):
 *   A: capacity [1, 0, 1], 3 per unit of travel: can take c1 or c3;
 *   B: capacity [1, 1, 0], 1 per unit: c1 or c2;
 *   C: capacity [0, 1, 1], 2 per unit: c2 or c3;
 *   D: capacity [0, 0, 0], 0.1 per unit: nothing (every route would exceed its capacity).
 */
function spec(): ProblemSpec {
  const at = [0, 100, 50, 10];
  const N = at.length;
  const m = new Float64Array(N * N);
  for (let a = 0; a < N; a++) for (let b = 0; b < N; b++) m[a * N + b] = Math.abs(at[a]! - at[b]!);
  const type = (name: string, capacity: number[], unitTravelCost: number): VehicleTypeSpec => ({
    ...travelTimeVehicle(name, capacity, 1000),
    unitTravelCost,
  });
  const client = (id: string, delivery: number[]) => ({
    id,
    delivery,
    service: 0,
    required: false,
    prize: 1e4,
  });
  return {
    name: 'cycle',
    numDims: 3,
    depots: [{ id: 'd0' }],
    clients: [client('c1', [1, 0, 0]), client('c2', [0, 1, 0]), client('c3', [0, 0, 1])],
    vehicleTypes: [
      type('A', [1, 0, 1], 3),
      type('B', [1, 1, 0], 1),
      type('C', [0, 1, 1], 2),
      type('D', [0, 0, 0], 0.1),
    ],
    profiles: [{ name: 'line', durations: m, distances: m }],
    numServiceTypes: 1,
  };
}

function setup(routes: SolutionRoute[]) {
  const problem = new Problem(spec());
  const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1));
  const ce = new CostEvaluator(new Float64Array([100, 100, 100]), 100);
  ls.loadAndRepair(routes, ce);
  return { problem, ls, ce, plan: ls.export() };
}

const route = (vehicle: number, ...visits: number[]): SolutionRoute => ({
  vehicle,
  visits: Int32Array.from(visits),
});

describe('reassignVehicles', () => {
  it('hands the routes round a cycle of three vehicles when no exchange of two is feasible', () => {
    // Plan: A drives c1 (200 x 3 = 600), B c2 (100 x 1 = 100), C c3 (20 x 2 = 40): 740.
    // Exchanging two vehicles is infeasible (A-B puts c2 on A, B-C c3 on B, A-C c1 on C: no capacity there).
    // The cycle c1 -> B (200 x 1), c2 -> C (100 x 2), c3 -> A (20 x 3) costs 200 + 200 + 60 = 460.
    const { ls, ce, plan } = setup([route(0, 1), route(1, 2), route(2, 3)]);
    expect(plan.feasible).toBe(true);
    expect(plan.cost).toBeCloseTo(740, 9);
    const out = reassignVehicles(ls, plan, ce);
    expect(out?.map((r) => [r.vehicle, Array.from(r.visits)])).toEqual([
      [1, [1]],
      [2, [2]],
      [0, [3]],
    ]);
    ls.loadAndRepair(out!, ce);
    const after = ls.export();
    expect(after.feasible).toBe(true);
    expect(after.cost).toBeCloseTo(460, 9);
  });

  it('returns undefined when the plan already has the cheapest assignment', () => {
    // c1 on B (200), c2 on C (200), c3 on A (60): 460, the optimum found above.
    const { ls, ce, plan } = setup([route(1, 1), route(2, 2), route(0, 3)]);
    expect(plan.cost).toBeCloseTo(460, 9);
    expect(reassignVehicles(ls, plan, ce)).toBeUndefined();
  });

  it('moves a route to an unused vehicle, and never to one that cannot take it', () => {
    // A drives c3 then c1: 0 -> 10 -> 100 -> 0 = 200 units x 3 = 600; C drives c2: 100 x 2 = 200; 800.
    // The pair [c3, c1] delivers [1, 0, 1]: only A has room (B lacks the third dimension, C the first, D all).
    // c2 fits B (unused; 100 x 1 = 100) and C, not A or D: the best plan is A [c3, c1], B [c2], 700.
    const { ls, ce, plan } = setup([route(0, 3, 1), route(2, 2)]);
    expect(plan.cost).toBeCloseTo(800, 9);
    const out = reassignVehicles(ls, plan, ce);
    expect(out?.map((r) => [r.vehicle, Array.from(r.visits)])).toEqual([
      [0, [3, 1]],
      [1, [2]],
    ]);
    ls.loadAndRepair(out!, ce);
    expect(ls.export().cost).toBeCloseTo(700, 9);
  });

  it('prices each visit sequence once with a cache, whatever vehicle drives it and whatever the weights', () => {
    // First call: the plan of the cycle test (740); 3 sequences x 4 vehicles = 12 prices, the cycle (460).
    const { ls, ce, plan } = setup([route(0, 1), route(1, 2), route(2, 3)]);
    const cache = new ReassignCache();
    // Counts the evaluations (an own-property wrapper around the prototype's method).
    let calls = 0;
    const proposalCost = ls.ev.proposalCost.bind(ls.ev);
    ls.ev.proposalCost = (p) => {
      calls++;
      return proposalCost(p);
    };
    const first = reassignVehicles(ls, plan, ce, cache);
    expect(calls).toBe(12);
    expect(cache.size).toBe(3);
    expect(first?.map((r) => r.vehicle)).toEqual([1, 2, 0]);
    // Second call: the same three sequences on the vehicles of the optimum, under other penalty weights
    // (1 and 1000 instead of 100): every price comes from the cache (no new pricing), and the optimum
    // stays (undefined: nothing cheaper).
    ls.loadAndRepair(first!, ce);
    const optimum = ls.export();
    calls = 0;
    const other = new CostEvaluator(new Float64Array([1, 1000, 1]), 1000);
    expect(reassignVehicles(ls, optimum, other, cache)).toBeUndefined();
    expect(calls).toBe(0);
    // The search's evaluator is the caller's again afterwards.
    expect(ls.ev.ce).toBe(other);
    // A new sequence ([c3, c1], 800 as in the test below) is priced on the 4 vehicles and joins the cache.
    const { plan: pair } = setup([route(0, 3, 1), route(2, 2)]);
    const out = reassignVehicles(ls, pair, ce, cache);
    expect(calls).toBe(4);
    expect(cache.size).toBe(4);
    expect(out?.map((r) => [r.vehicle, Array.from(r.visits)])).toEqual([
      [0, [3, 1]],
      [1, [2]],
    ]);
  });
});
