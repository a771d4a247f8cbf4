import { CostEvaluator } from '../cost/costEvaluator.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { lineSpec, optionalLineClients } from '../testing/lineProblem.js';
import { LocalSearch } from './localSearch.js';

/**
 * 40 optional clients on a line, 10 time units apart (client i at 10 i from the depot), service 10 each, one
 * vehicle whose shift is [0, 100]. All 40 in one route take 2 x 400 (out and back) + 40 x 10 = 1200 units:
 * 1100 of time warp. A single client fits: the nearest, 10 out + 10 service + 10 back = 30 <= 100; the three
 * nearest: 30 out + 30 service + 30 back = 90 <= 100, the fourth would make 40 + 40 + 40 = 120. So dropping
 * to feasibility must remove 37 of the 40, more than half the route.
 */
function lineProblem(): Problem {
  const clients = optionalLineClients(40, 10, 1000);
  return new Problem(lineSpec(clients, [100], 100));
}

/** The 40 clients in one route, in line order, under load and time-warp weights of 10. */
function allInOneRoute(): { ls: LocalSearch; ce: CostEvaluator } {
  const problem = lineProblem();
  const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1));
  const ce = new CostEvaluator(new Float64Array([10]), 10);
  ls.loadAndRepair([{ vehicle: 0, visits: Int32Array.from({ length: 40 }, (_, i) => i + 1) }], ce);
  return { ls, ce };
}

describe('dropToFeasible', () => {
  it('removes as many optional clients as it takes, even more than half a route', () => {
    const { ls, ce } = allInOneRoute();
    expect(ls.export().timeWarp).toBe(1100);
    ls.dropToFeasible(ce);
    const after = ls.export();
    expect(after.feasible).toBe(true);
    // At most 3 clients fit in the shift (see above); the search keeps as many as fit.
    expect(after.numRouted).toBe(3);
  });

  it('never removes the client it is told to keep', () => {
    // Keeping c4 (40 out, 10 service, 40 back = 90 alone): one more client on the way adds only its 10 of
    // service (100 <= 100), a second one 110. So 2 stay, c4 among them, where 3 stay without the constraint.
    const { ls, ce } = allInOneRoute();
    ls.dropToFeasible(ce, [4]);
    const after = ls.export();
    expect(after.feasible).toBe(true);
    expect(after.numRouted).toBe(2);
    expect([...after.routes[0]!.visits]).toContain(4);
  });
});

describe('dropToFeasible, least valuable first', () => {
  /**
   * c1, c2, c3 (BIG each) and c4 (4 BIG, a priority job: worth more than the three together) at nodes 1 to 4
   * of the line, service 10 each, one vehicle with shift [0, 100]. All four: 40 out + 40 service + 40 back =
   * 120, 20 of time warp. Leaving out c4 removes all 20 (30 + 30 + 30 = 90); leaving out c1, c2 or c3 only its
   * 10 of service. Plain clients first: c1 goes (10 left: 40 + 30 + 40 = 110), then c2 (40 + 20 + 40 = 100):
   * feasible with c3 and c4, 2 BIG left out, against 4 BIG had c4 gone.
   */
  function withPriorityJob(): { ls: LocalSearch; ce: CostEvaluator } {
    const BIG = 1e6;
    const clients = [1, 1, 1, 4].map((k, i) => ({
      id: `c${i + 1}`,
      delivery: [1],
      service: 10,
      required: false,
      prize: k * BIG,
    }));
    const problem = new Problem(lineSpec(clients, [10], 100, { lexicographicPrizes: true }));
    const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1));
    const ce = new CostEvaluator(new Float64Array([10]), 10);
    ls.loadAndRepair([{ vehicle: 0, visits: Int32Array.from([1, 2, 3, 4]) }], ce);
    return { ls, ce };
  }

  it('leaves out plain clients while that reduces the violation, never the priority job', () => {
    const { ls, ce } = withPriorityJob();
    expect(ls.export().timeWarp).toBe(20);
    ls.dropToFeasible(ce, [], true);
    const after = ls.export();
    expect(after.feasible).toBe(true);
    expect([...after.routes[0]!.visits]).toEqual([3, 4]);
    expect(after.valueLost).toBe(2e6);
  });
});
