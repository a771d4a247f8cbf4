import { CostEvaluator } from '../cost/costEvaluator.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { lineSpec, optionalLineClients } from '../testing/lineProblem.js';
import { LocalSearch } from './localSearch.js';

/**
 * Six clients on the line (client i at 10 i from the depot, no service, prizes far above any travel so none
 * is left out), one vehicle, no windows. The route visits c2 c1 c3 c5 c4 c6: 20 + 10 + 20 + 20 + 10 + 20 + 60
 * = 160 of travel. Two pairs are out of order, each driving back 10 and forward again (20 more); with one of
 * them fixed the route drives 140, with both (c1 ... c6 in order) 10 x 6 + 60 = 120.
 */
function twoInversions(): { ls: LocalSearch; ce: CostEvaluator } {
  const problem = new Problem(lineSpec(optionalLineClients(6, 0, 1e6), [10], 1000));
  const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1));
  const ce = new CostEvaluator(new Float64Array([10]), 10);
  ls.loadAndRepair([{ vehicle: 0, visits: Int32Array.from([2, 1, 3, 5, 4, 6]) }], ce);
  return { ls, ce };
}

const visits = (ls: LocalSearch): number[] => Array.from(ls.export().routes[0]!.visits);

describe('LocalSearch.improve from promising clients (expand)', () => {
  it('moves nothing when no client is promising', () => {
    const { ls, ce } = twoInversions();
    expect(ls.export().cost).toBe(160);
    ls.improve(ce, undefined, [], true);
    expect(visits(ls)).toEqual([2, 1, 3, 5, 4, 6]);
  });

  it('reaches both pairs from c1 alone: the clients next to an applied move become promising', () => {
    const { ls, ce } = twoInversions();
    ls.improve(ce, undefined, [1], true);
    // 120: both pairs fixed (the search ends at c1 c2 c6 c5 c4 c3, out to 60 and back: as short as in order).
    expect(ls.export().cost).toBe(120);
    expect(visits(ls).slice(0, 2)).toEqual([1, 2]);
  });

  it('without expansion, starting from c1 alone leaves the far pair as it was', () => {
    const { ls, ce } = twoInversions();
    ls.improve(ce, undefined, [1], false);
    expect(visits(ls)).toEqual([1, 2, 3, 5, 4, 6]);
    expect(ls.export().cost).toBe(140);
  });
});
