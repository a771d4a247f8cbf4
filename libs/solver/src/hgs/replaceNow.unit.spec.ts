import { fleetCapacity } from '../model/fleetCapacity.js';
import { shortOfTimeIsland as island } from '../testing/shortOfTimeIsland.js';

/** The island of testing/shortOfTimeIsland.ts: at most 3 of 10 clients fit a shift of [0, 450], all fit [0, 100 000]. */
describe('Island: replaceNeighbours on fleets short of time (replaceLeftOut)', () => {
  it('turns replaceNeighbour on while the best plan leaves out at least 5 % of the optional clients', () => {
    const isl = island(450);
    expect(fleetCapacity(isl.problem).short).toBe(false);
    expect(isl.ls.replaceNeighbours).toBe(false);
    isl.step();
    const best = isl.best!;
    expect(best.feasible).toBe(true);
    expect(best.numRouted).toBeLessThanOrEqual(3);
    expect(isl.ls.replaceNeighbours).toBe(true);
  });

  it('leaves it off when every client is served', () => {
    const isl = island(100_000);
    isl.step();
    expect(isl.best!.numRouted).toBe(10);
    expect(isl.ls.replaceNeighbours).toBe(false);
  });

  it('leaves it off with a share above 1', () => {
    const isl = island(450, { replaceLeftOut: 2 });
    isl.step();
    expect(isl.best!.numRouted).toBeLessThanOrEqual(3);
    expect(isl.ls.replaceNeighbours).toBe(false);
  });
});
