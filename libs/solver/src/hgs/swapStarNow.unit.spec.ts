import { shortOfTimeIsland as island } from '../testing/shortOfTimeIsland.js';

/**
 * The island of testing/shortOfTimeIsland.ts: with a shift of [0, 450] the best plan serves at most 3 of the 10
 * clients, with [0, 100 000] all 10. `swapStarUpTo` 5 makes these 10 clients a "large" problem.
 */
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
