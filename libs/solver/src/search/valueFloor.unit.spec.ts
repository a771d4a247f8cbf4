import { Problem } from '../model/problem.js';
import { lineSpec } from '../testing/lineProblem.js';
import { dominatedFloor } from './valueFloor.js';

const BIG = 1e6;

function problemWithValues(values: readonly number[]): Problem {
  const clients = values.map((prize, i) => ({
    id: `c${i + 1}`,
    delivery: [1],
    service: 0,
    required: false,
    prize,
  }));
  return new Problem(lineSpec(clients, [10], 1000, { lexicographicPrizes: true }));
}

describe('dominatedFloor', () => {
  it('is the plain value when every more valuable client is worth more than all plain ones together', () => {
    // Three plain clients (BIG each, 3 BIG together) and one worth 4 BIG > 3 BIG.
    expect(dominatedFloor(problemWithValues([BIG, BIG, BIG, 4 * BIG]))).toBe(BIG);
  });

  it('is -1 when some more valuable client is worth no more than the plain ones together', () => {
    // Product deliveries: a stop of two deliveries (2 BIG) against two stops of one (2 BIG together).
    expect(dominatedFloor(problemWithValues([BIG, BIG, 2 * BIG]))).toBe(-1);
  });

  it('is -1 when all clients are worth the same', () => {
    expect(dominatedFloor(problemWithValues([BIG, BIG, BIG]))).toBe(-1);
  });
});
