import { Problem } from '../model/problem.js';
import { lineSpec } from '../testing/lineProblem.js';
import { shortOfTimeIsland as island } from '../testing/shortOfTimeIsland.js';
import { Island } from './island.js';
import { DEFAULT_GENETIC_PARAMS } from './params.js';

/**
 * The island of testing/shortOfTimeIsland.ts: ten optional clients on the line, one vehicle. `repairAgainFrom`
 * 10 makes these 10 clients a large enough problem for the second repair (hgs/repair.ts).
 */
describe('Island: the second repair (repairAgain, repairAgainFrom)', () => {
  it('applies from repairAgainFrom clients, with the weights multiplied by repairAgain', () => {
    expect(island(100_000, { repairAgainFrom: 10, repairAgain: 12 }).repairAgain).toBe(12);
  });

  it('does not apply below repairAgainFrom clients, nor when repairAgain is 0', () => {
    expect(island(100_000, { repairAgainFrom: 11, repairAgain: 12 }).repairAgain).toBe(0);
    expect(island(100_000, { repairAgainFrom: 10, repairAgain: 0 }).repairAgain).toBe(0);
  });

  it('does not apply when every client is required (an infeasible child then stays in the population)', () => {
    const clients = Array.from({ length: 10 }, (_, i) => ({
      id: `c${i + 1}`,
      delivery: [1],
      service: 0,
      required: true,
    }));
    const isl = new Island(new Problem(lineSpec(clients, [100], 100_000)), 1, {
      ...DEFAULT_GENETIC_PARAMS,
      repairAgainFrom: 10,
      repairAgain: 12,
    });
    expect(isl.repairAgain).toBe(0);
  });
});
