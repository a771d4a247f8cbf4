import { Problem } from '../model/problem.js';
import type { ClientSpec } from '../model/spec.js';
import type { Rng } from '../rng.js';
import { BREAK } from '../solution/solution.js';
import { lineSpec } from '../testing/lineProblem.js';
import { servedFootprint, timeAdmission, timeFootprints } from './timeAdmission.js';

/** Draws 0 every time: every footprint keeps its factor 1 + 0.25 x 0 = 1, and a share of 1 always applies. */
const zero = { rand: (): number => 0 } as unknown as Rng;

const job = (id: string, service: number, prize = 1e6): ClientSpec => ({
  id,
  delivery: [1],
  service,
  required: false,
  prize,
});

/**
 * The line problem (node i at 10 i from the depot, 10 between neighbours): a (node 1, service 100, worth more:
 * a priority job), b (2, 20), c (3, 50), d (4, 30), e (5, 5). A footprint is the service plus the mean of the
 * two nearest travel times: 10 and 10 for nodes 1 to 4 (node 1's are the depot and node 2), 10 and 20 for the
 * last node. a 110, b 30, c 60, d 40, e 5 + 15 = 20: 260 in all.
 */
function problem(twLate = 10_000): Problem {
  const clients = [job('a', 100, 2e6), job('b', 20), job('c', 50), job('d', 30), job('e', 5)];
  return new Problem(lineSpec(clients, [10], twLate, { lexicographicPrizes: true }));
}

describe('timeAdmission: which clients a construction defers when the fleet has too little time for them all', () => {
  it('reads each footprint as the service plus the mean of the two nearest travel times', () => {
    expect([...timeFootprints(problem())]).toEqual([110, 30, 60, 40, 20]);
  });

  it('admits the more valuable first, then the smallest footprints while they fit in the budget', () => {
    // Budget 200: a first (110), then e 130, b 160, d 200 (not above 200: admitted), c 260 > 200: deferred.
    expect([...timeAdmission(problem(), zero, 1, 200)!]).toEqual([0, 0, 1, 0, 0]);
    // Budget 175: a 110, e 130, b 160, d 200 > 175: deferred, and c after it.
    expect([...timeAdmission(problem(), zero, 1, 175)!]).toEqual([0, 0, 1, 1, 0]);
  });

  it('defers nothing without a budget, when every footprint fits (260), or when the share says not this time', () => {
    const P = problem();
    expect(timeAdmission(P, zero, 1, undefined)).toBeNull();
    expect(timeAdmission(P, zero, 1, 260)).toBeNull();
    expect(timeAdmission(P, zero, 0, 200)).toBeNull();
  });

  it('defers nothing on a problem without time constraints (an endless shift, no window, no break)', () => {
    expect(timeAdmission(problem(Infinity), zero, 1, 200)).toBeNull();
  });

  it('sums the footprints of the clients a plan serves, breaks and depots left out', () => {
    // Route 1 serves b (30), its break, then e (20); route 2 is empty: 50.
    const routes = [{ visits: Int32Array.from([2, BREAK, 5]) }, { visits: new Int32Array(0) }];
    expect(servedFootprint(problem(), routes)).toBe(50);
  });
});
