import { CostEvaluator } from '../cost/costEvaluator.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import type { ProblemSpec } from '../model/spec.js';
import { Rng } from '../rng.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { LocalSearch } from './localSearch.js';

/**
 * The situation ruin and recreate meets on short fleets (Island's `ruinViolating`): a late-window client that
 * only one vehicle can reach, while that vehicle is busy with a client another vehicle could take.
 *
 * Depot 0 and clients 1, 2, every pair 10 apart, no service time, demand 1 each. Vehicle A: shift [0, 100],
 * capacity 1; vehicle B: shift [0, 200], capacity 1. Client 1 opens at 150 (window [150, 190]): A cannot serve
 * it (it must be back by 100), B can. Start: B serves client 2 (0 -> 2 -> 0, travel 20), A is empty, client 1
 * is left out (prize 1000). Penalties: 100 per unit of load excess, 100 per unit of time warp.
 *
 * - Feasible insertions only: client 1 in B exceeds B's capacity; in A it arrives at 10, waits until 150 and is
 *   back at 160, 60 after A's shift. Moving client 2 to A costs 20 for 20 saved: no gain. Client 1 stays out.
 * - Violating insertions: client 1 into B after client 2 costs +10 travel (0 -> 2 -> 1 -> 0 = 30) + 100 of
 *   excess - 1000 of prize = -890; then moving client 2 to A turns 30 + 100 into 20 + 20 = 40 (-90). The plan
 *   ends feasible with both clients served, travel 40.
 */
function lateWindowProblem(): Problem {
  const N = 3;
  const m = new Float64Array(N * N);
  for (let a = 0; a < N; a++) for (let b = 0; b < N; b++) m[a * N + b] = a === b ? 0 : 10;
  const spec: ProblemSpec = {
    name: 'late-window',
    numDims: 1,
    depots: [{ id: 'depot' }],
    clients: [
      {
        id: 'late',
        delivery: [1],
        service: 0,
        windows: [{ early: 150, late: 190 }],
        required: false,
        prize: 1000,
      },
      { id: 'any', delivery: [1], service: 0, required: false, prize: 1000 },
    ],
    vehicleTypes: [travelTimeVehicle('A', [1], 100), travelTimeVehicle('B', [1], 200)],
    profiles: [{ name: 'flat', durations: m, distances: m }],
    numServiceTypes: 1,
  };
  return new Problem(spec);
}

function solveFrom(violatingInsertions: boolean) {
  const problem = lateWindowProblem();
  const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1), {
    swapStar: true,
    violatingInsertions,
  });
  const ce = new CostEvaluator(new Float64Array([100]), 100);
  ls.loadAndRepair([{ vehicle: 1, visits: Int32Array.from([2]) }], ce);
  ls.improve(ce);
  return ls.export();
}

describe('violating insertions of left-out clients', () => {
  it('cannot bring in a client that needs another client moved first when only feasible insertions count', () => {
    const sol = solveFrom(false);
    expect(sol.feasible).toBe(true);
    expect(sol.numRouted).toBe(1);
    expect(sol.travel).toBe(20);
  });

  it('brings it in with a violation, then moves the other client away until the plan is feasible', () => {
    const sol = solveFrom(true);
    expect(sol.feasible).toBe(true);
    expect(sol.numRouted).toBe(2);
    expect(sol.travel).toBe(40);
    const byVehicle = new Map(sol.routes.map((r) => [r.vehicle, Array.from(r.visits)]));
    expect(byVehicle.get(0)).toEqual([2]); // A takes the client without a window
    expect(byVehicle.get(1)).toEqual([1]); // B serves the late one
  });
});
