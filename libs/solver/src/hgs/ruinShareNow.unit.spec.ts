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

  it("keeps the problem's share while the best plan leaves clients out, up to smallClients clients", () => {
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

/**
 * shortRuinShare: the same island with `smallClients` 5, so that its ten clients are above it. With a shift of
 * [0, 450] the best plan leaves out at least 7 of the 10 optional clients (70 %); with [0, 100 000] none.
 */
describe('Island: shortRuinShare while the best plan leaves out at least shortLeftOut of the clients', () => {
  const shares = { ruinShare: 0.95, shortRuinShare: 0.97, smallClients: 5, largeClients: 1000 };

  it('takes shortRuinShare once the best plan leaves out 7 of 10 and shortLeftOut is 5 %', () => {
    const isl = island(450, { ...shares, shortLeftOut: 0.05 });
    // No best plan yet: nothing is known to be left out, so the problem's share (ruinShare above smallClients).
    expect(isl.ruinShareNow()).toBe(0.95);
    isl.step();
    expect(10 - isl.best!.numRouted).toBeGreaterThanOrEqual(7);
    expect(isl.ruinShareNow()).toBe(0.97);
  });

  it("keeps the problem's share when fewer than shortLeftOut are left out (7 < 0.8 x 10 = 8)", () => {
    const isl = island(450, { ...shares, shortLeftOut: 0.8 });
    isl.step();
    expect(10 - isl.best!.numRouted).toBeLessThan(8);
    expect(isl.ruinShareNow()).toBe(0.95);
  });

  it("keeps the problem's share when the best plan serves every client", () => {
    const isl = island(100_000, { ...shares, shortLeftOut: 0.05 });
    isl.step();
    expect(isl.best!.numRouted).toBe(10);
    expect(isl.ruinShareNow()).toBe(0.95);
  });

  it('does not apply up to smallClients clients', () => {
    const isl = island(450, { ...shares, smallClients: 10, smallRuinShare: 0.2, shortLeftOut: 0.05 });
    isl.step();
    expect(10 - isl.best!.numRouted).toBeGreaterThanOrEqual(7);
    expect(isl.ruinShareNow()).toBe(0.2);
  });
});
