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

/**
 * shortSwapStar: the same island with `smallClients` 5, so that its ten clients are above it. With a shift of
 * [0, 450] the best plan leaves out at least 7 of the 10 optional clients (70 % >= shortLeftOut, 5 %); with
 * [0, 100 000] none. Ten clients are at most `swapStarUpTo` (700), where SWAP* otherwise always runs.
 */
describe('Island: no SWAP* while the fleet is short, with shortSwapStar off', () => {
  const short = { smallClients: 5, shortLeftOut: 0.05 };

  it('turns SWAP* off while the best plan leaves out at least shortLeftOut of the clients', () => {
    const isl = island(450, { ...short, shortSwapStar: false });
    isl.step();
    expect(10 - isl.best!.numRouted).toBeGreaterThanOrEqual(7);
    expect(isl.ls.swapStarOn).toBe(false);
  });

  it('keeps it on with shortSwapStar on', () => {
    const isl = island(450, { ...short, shortSwapStar: true });
    isl.step();
    expect(10 - isl.best!.numRouted).toBeGreaterThanOrEqual(7);
    expect(isl.ls.swapStarOn).toBe(true);
  });

  it('keeps it on once the best plan serves every client', () => {
    const isl = island(100_000, { ...short, shortSwapStar: false });
    isl.step();
    expect(isl.best!.numRouted).toBe(10);
    expect(isl.ls.swapStarOn).toBe(true);
  });

  it('keeps it on up to smallClients clients', () => {
    const isl = island(450, { ...short, smallClients: 10, shortSwapStar: false });
    isl.step();
    expect(10 - isl.best!.numRouted).toBeGreaterThanOrEqual(7);
    expect(isl.ls.swapStarOn).toBe(true);
  });
});
