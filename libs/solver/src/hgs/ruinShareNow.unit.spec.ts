import { shortOfTimeIsland as island } from '../testing/shortOfTimeIsland.js';

/**
 * The island of testing/shortOfTimeIsland.ts: with a shift of [0, 450] the best plan serves at most 3 of the 10
 * clients, with [0, 100 000] all 10. `largeClients` 5 makes these 10 clients a "large" problem. Ten clients are
 * at most `smallClients` (200) and their depot legs are not the bulk of a route, so the problem's own share is
 * `smallRuinShare`.
 */
describe('Island: largeRuinShare above largeClients clients once every client is served', () => {
  const shares = { largeRuinShare: 0.99, smallRuinShare: 0.2 };

  it('takes largeRuinShare once the best plan serves every client', () => {
    const isl = island(100_000, { ...shares, largeClients: 5 });
    expect(isl.ruinShareNow()).toBe(0.2);
    isl.step();
    expect(isl.best!.numRouted).toBe(10);
    expect(isl.ruinShareNow()).toBe(0.99);
  });

  it("keeps the problem's share while the best plan leaves clients out", () => {
    const isl = island(450, { ...shares, largeClients: 5 });
    isl.step();
    expect(isl.best!.numRouted).toBeLessThanOrEqual(3);
    expect(isl.ruinShareNow()).toBe(0.2);
  });

  it("keeps the problem's share up to largeClients clients whatever the plan serves", () => {
    const isl = island(100_000, { ...shares, largeClients: 10 });
    isl.step();
    expect(isl.best!.numRouted).toBe(10);
    expect(isl.ruinShareNow()).toBe(0.2);
  });
});
