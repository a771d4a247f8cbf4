import { CostEvaluator } from '../cost/costEvaluator.js';
import { Problem } from '../model/problem.js';
import type { ProblemSpec } from '../model/spec.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Rng } from '../rng.js';
import { lineSpec } from '../testing/lineProblem.js';
import { randomProblem } from '../testing/randomProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { LocalSearch } from './localSearch.js';
import { regretConstruct } from './regret.js';

/**
 * Depot 0, c1 at node 1 (10 from the depot), c2 at node 2 (20 from the depot), prize 1000 each, one delivery
 * each. Two vehicles of capacity 1: `long` (vehicle 0, shift [0, 100]) and `short` (vehicle 1, shift [0, 30]).
 * c1 costs 10 + 10 = 20 in either; c2 costs 20 + 20 = 40 in `long` and does not fit in `short` (40 > 30).
 */
/** A search state on `spec`, empty. */
function searchOn(spec: ProblemSpec, seed = 1): { ls: LocalSearch; problem: Problem } {
  const problem = new Problem(spec);
  return { ls: new LocalSearch(problem, computeNeighbours(problem), new Rng(seed)), problem };
}

function twoVehicles(): { ls: LocalSearch; problem: Problem } {
  const spec = lineSpec(
    [
      { id: 'c1', delivery: [1], service: 0, required: false, prize: 1000 },
      { id: 'c2', delivery: [1], service: 0, required: false, prize: 1000 },
    ],
    [1],
    100,
    { vehicleTypes: [travelTimeVehicle('long', [1], 100), travelTimeVehicle('short', [1], 30)] },
  );
  return searchOn(spec);
}

const ce = new CostEvaluator(new Float64Array([1000]), 1000);

const routes = (ls: LocalSearch): number[][] => ls.export().routes.map((r) => [r.vehicle, ...r.visits]);

describe('regretConstruct', () => {
  it('with no regret weight is parallel cheapest insertion, which loses the client only one vehicle takes', () => {
    // Keys (lambda 0, no noise): c1 1000 - 20 = 980, c2 1000 - 40 = 960. c1 goes first, into the first of its
    // two equal routes (`long`); `long` is then full and c2 fits nowhere.
    const { ls } = twoVehicles();
    regretConstruct(ls, ce, new Rng(1), { lambdas: [0], noise: 0 });
    expect(routes(ls)).toEqual([[0, 1]]);
  });

  it('with a regret weight serves first the client that fits in one route only', () => {
    // Regrets: c1 20 - 20 = 0; c2 fits in `long` only, so its regret is the cap, the smallest prize (1000).
    // Keys (lambda 1): c1 980 + 0 = 980, c2 960 + 1000 = 1960: c2 goes into `long` first, then c1 into `short`.
    const { ls, problem } = twoVehicles();
    regretConstruct(ls, ce, new Rng(1), { lambdas: [1], noise: 0 });
    expect(routes(ls)).toEqual([
      [0, 2],
      [1, 1],
    ]);
    expect(ls.export().feasible).toBe(true);
    expect(problem.numClients).toBe(2);
  });
});

describe('regretConstruct and values', () => {
  it('serves the more valuable client first, however large the regret of a plain one', () => {
    // Line: v (prize 5000, demand 1) at node 1, 10 from the depot; p2 (prize 1000, demand 2) at node 2, 20 away;
    // p1 (prize 1000, demand 1) at node 3, 30 away. Vehicle A: capacity 1, shift [0, 100]; B: capacity 2,
    // shift [0, 50]. v costs 20 in A or B (regret 0); p2 fits B only (A: 2 > 1), cost 40; p1 fits A only
    // (B: 60 > 50), cost 60. Cap = smallest prize = 1000, so with lambda 1000 and no noise the keys are
    // p1 1000 - 60 + 1000 x 1000 = 1 000 940, p2 1000 - 40 + 1 000 000 = 1 000 960, v 5000 - 20 + 0 = 4980:
    // by key alone p2 takes B and p1 takes A, and v, worth both together and more, is left out. The most
    // valuable goes first: v into A (equal costs, first route), then p1 fits nowhere and p2 goes into B.
    const spec = lineSpec(
      [
        { id: 'v', delivery: [1], service: 0, required: false, prize: 5000 },
        { id: 'p2', delivery: [2], service: 0, required: false, prize: 1000 },
        { id: 'p1', delivery: [1], service: 0, required: false, prize: 1000 },
      ],
      [1],
      100,
      { vehicleTypes: [travelTimeVehicle('A', [1], 100), travelTimeVehicle('B', [2], 50)] },
    );
    const { ls } = searchOn(spec);
    regretConstruct(ls, ce, new Rng(1), { lambdas: [1000], noise: 0 });
    expect(routes(ls)).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });
});

describe('regretConstruct lower bounds', () => {
  const ce2 = new CostEvaluator(new Float64Array([1000, 1000]), 1000);
  // Random rich problems (two depots, three vehicle types, breaks, two load dimensions, one or two windows)
  // without duration costs, where the bounds apply: pricing exactly only the bounds among a
  // client's two cheapest routes must build the very plan that pricing every value after every step builds.
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('build the same plan as pricing every value (seed %i)', (seed) => {
    const spec = randomProblem({ clients: 60, rich: true, seed });
    // Every client optional and without windows, twelve roomy vehicles (breaks kept): most clients fit several
    // routes, so a bound can be among a client's two cheapest without its route having been so before.
    const roomy: ProblemSpec = {
      ...spec,
      clients: spec.clients.map((c) => ({ ...c, windows: [], required: false, prize: 1000 })),
      vehicleTypes: spec.vehicleTypes.map((t) => ({
        ...t,
        numAvailable: 4,
        maxDuration: Infinity,
        capacity: t.capacity.map((q) => q * 2),
        unitDurationCost: 0,
      })),
    };
    const plan = (lowerBounds: boolean): number[][] => {
      const { ls } = searchOn(roomy, seed);
      regretConstruct(ls, ce2, new Rng(seed), { lambdas: [0, 1, 1000], noise: 0.5, lowerBounds });
      return routes(ls);
    };
    const exact = plan(false);
    expect(exact.flat().length).toBeGreaterThan(exact.length);
    expect(plan(true)).toEqual(exact);
  });
});
