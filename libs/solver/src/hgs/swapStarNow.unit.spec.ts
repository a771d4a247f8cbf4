import { Problem } from '../model/problem.js';
import { lineSpec, optionalLineClients } from '../testing/lineProblem.js';
import { Island } from './island.js';
import { DEFAULT_GENETIC_PARAMS, type GeneticParams } from './params.js';

/**
 * The problem of replaceNow.unit.spec.ts: ten optional clients c1..c10 on the line (node i at 10 i from the
 * depot), service 100 each, one vehicle. With a shift of [0, 450] it serves at most 3 of them (any 4 take 400 of
 * service and at least 80 of travel, 480 > 450), so the best plan leaves at least 7 out; with [0, 100 000] it
 * serves all 10. `swapStarUpTo` 5 makes these 10 clients a "large" problem.
 */
function island(twLate: number, params: Partial<GeneticParams> = {}): Island {
  const spec = lineSpec(optionalLineClients(10, 100, 1000), [100], twLate);
  return new Island(new Problem(spec), 1, { ...DEFAULT_GENETIC_PARAMS, ...params });
}

describe('Island: SWAP* above swapStarUpTo clients only while clients are left out', () => {
  it('turns SWAP* off once the best plan serves every client', () => {
    const isl = island(100_000, { swapStarUpTo: 5 });
    isl.step();
    expect(isl.best!.numRouted).toBe(10);
    expect(isl.ls.swapStarOn).toBe(false);
  });

  it('keeps it on while the best plan leaves clients out', () => {
    const isl = island(450, { swapStarUpTo: 5 });
    isl.step();
    expect(isl.best!.numRouted).toBeLessThanOrEqual(3);
    expect(isl.ls.swapStarOn).toBe(true);
  });

  it('keeps it on up to swapStarUpTo clients whatever the plan serves', () => {
    const isl = island(100_000, { swapStarUpTo: 10 });
    isl.step();
    expect(isl.best!.numRouted).toBe(10);
    expect(isl.ls.swapStarOn).toBe(true);
  });
});
