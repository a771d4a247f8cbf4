import { CostEvaluator } from '../cost/costEvaluator.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { lineSpec, optionalLineClients } from '../testing/lineProblem.js';
import { LocalSearch } from './localSearch.js';

/**
 * 40 optional clients on the line (client i at 10 i from the depot), service 10 each, prize 1000 each, one
 * vehicle whose shift is [0, 100]. The route serving c40 alone takes 400 out + 10 service + 400 back = 810:
 * 710 of time warp. Under a time-warp weight of 10, leaving c40 out saves 800 of travel and 7100 of penalty,
 * far more than its prize of 1000, so the local search leaves it out unless it is pinned.
 */
function farClientAlone(): { ls: LocalSearch; ce: CostEvaluator } {
  const problem = new Problem(lineSpec(optionalLineClients(40, 10, 1000), [100], 100));
  const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1));
  const ce = new CostEvaluator(new Float64Array([10]), 10);
  ls.loadAndRepair([{ vehicle: 0, visits: Int32Array.from([40]) }], ce);
  return { ls, ce };
}

describe('LocalSearch.pin', () => {
  it('leaves out the far client when it is not pinned', () => {
    const { ls, ce } = farClientAlone();
    expect(ls.export().timeWarp).toBe(710);
    ls.improve(ce);
    expect(ls.state.isRouted(40)).toBe(false);
    expect(ls.export().feasible).toBe(true);
  });

  it('keeps a pinned client through improve and dropToFeasible, and lets it go once unpinned', () => {
    const { ls, ce } = farClientAlone();
    ls.pin([40], true);
    ls.improve(ce);
    expect(ls.state.isRouted(40)).toBe(true);
    ls.dropToFeasible(ce);
    expect(ls.state.isRouted(40)).toBe(true);
    // Still 710 of time warp at least: c40 alone already takes 810 of a 100-long shift.
    expect(ls.export().timeWarp).toBeGreaterThanOrEqual(710);
    ls.pin([40], false);
    ls.dropToFeasible(ce);
    expect(ls.state.isRouted(40)).toBe(false);
    expect(ls.export().feasible).toBe(true);
  });
});
