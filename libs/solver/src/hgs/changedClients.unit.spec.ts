import { CostEvaluator } from '../cost/costEvaluator.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { LocalSearch } from '../search/localSearch.js';
import { lineSpec, optionalLineClients } from '../testing/lineProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { BREAK, Solution, type SolutionRoute } from '../solution/solution.js';
import { changedClients } from './changedClients.js';

/**
 * Six optional clients on the line (client i at node i), two vehicles 0 and 1. The parent plan is v0: c1 c2 c3
 * and v1: c4 c5 c6; each case loads a child plan and lists the clients whose vehicle, predecessor or successor
 * (the depot counting as one, breaks not) differs from the parent's, plus the parent's clients left out.
 */
function setup(): { ls: LocalSearch; problem: Problem; parent: ReturnType<LocalSearch['export']> } {
  const spec = lineSpec(optionalLineClients(6, 0, 1e6), [10], 1000);
  const problem = new Problem({
    ...spec,
    vehicleTypes: [travelTimeVehicle('a', [10], 1000), travelTimeVehicle('b', [10], 1000)],
  });
  const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1));
  const ce = new CostEvaluator(new Float64Array([10]), 10);
  ls.loadAndRepair(plan([1, 2, 3], [4, 5, 6]), ce);
  return { ls, problem, parent: ls.export() };
}

const plan = (v0: number[], v1: number[]): SolutionRoute[] => [
  { vehicle: 0, visits: Int32Array.from(v0) },
  { vehicle: 1, visits: Int32Array.from(v1) },
];

function changedAfter(v0: number[], v1: number[]): number[] {
  const { ls, problem, parent } = setup();
  ls.state.load(plan(v0, v1));
  return changedClients(problem, ls.state, parent);
}

describe('changedClients', () => {
  it('is empty for the parent itself', () => {
    expect(changedAfter([1, 2, 3], [4, 5, 6])).toEqual([]);
  });

  it('reversing the tail of v1 changes c4 (new successor), c5 and c6 (new neighbours), not v0', () => {
    // v1: c4 c6 c5. c4 keeps the depot before it but is followed by c6; c6 follows c4 (was c5); c5 follows c6
    // and now ends the route (was followed by c6).
    expect(changedAfter([1, 2, 3], [4, 6, 5])).toEqual([4, 5, 6]);
  });

  it('the same sequences on swapped vehicles change every client', () => {
    expect(changedAfter([4, 5, 6], [1, 2, 3])).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a client left out changes itself and the client before it, which now ends its route', () => {
    // v0: c1 c2. c3 is routed by the parent and not by the child; c2 was followed by c3, now by the depot.
    expect(changedAfter([1, 2], [4, 5, 6])).toEqual([2, 3]);
  });

  it('a client let in at the head of v1 changes itself and c4, whose predecessor it now is', () => {
    // Parent without c6 (left out): v1 = c4 c5. The child routes c6 first on v1: c6 is new, and c4 follows it.
    const { ls, problem } = setup();
    ls.state.load(plan([1, 2, 3], [4, 5]));
    const parent = ls.export();
    ls.state.load(plan([1, 2, 3], [6, 4, 5]));
    expect(changedClients(problem, ls.state, parent)).toEqual([4, 6]);
  });

  it('skips breaks: a break between two clients does not make them neighbours of something else', () => {
    const { problem, parent } = setup();
    const routes = [{ vehicle: 0, visits: Int32Array.from([1, BREAK, 2, 3]) }, parent.routes[1]!];
    const withBreak = new Solution(routes, parent, problem.numNodes);
    const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1));
    ls.state.load(plan([1, 2, 3], [4, 5, 6]));
    expect(changedClients(problem, ls.state, withBreak)).toEqual([]);
  });
});
