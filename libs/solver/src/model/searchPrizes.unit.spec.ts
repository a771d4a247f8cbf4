import { lineSpec } from '../testing/lineProblem.js';
import { Problem } from './problem.js';
import type { ClientSpec } from './spec.js';

/**
 * Depot 0 and the given clients on a line, node i at 10 i time units from the depot (travel = 10 |a - b|), one
 * vehicle that costs its travel time. Serving client i alone costs 10 i out and 10 i back = 20 i; every
 * client's base prize is twice the largest of these, plus one: 2 x 20 x (number of clients) + 1.
 */
function lineProblem(clients: readonly Partial<ClientSpec>[]): Problem {
  const full = clients.map((c, i) => ({ id: `c${i + 1}`, delivery: [1], service: 0, required: false, ...c }));
  return new Problem(lineSpec(full, [10], 1000, { lexicographicPrizes: true }));
}

describe('search prizes (lexicographic values)', () => {
  it('give every job the same base prize, times 1 + 4 x its priority (a priority-100 job earns about ten priority-10 ones)', () => {
    // VROOM's values for 4 jobs: BIG x (1 + 5 x priority); the search prizes ignore BIG.
    const BIG = 1e9;
    const problem = lineProblem([
      { prize: BIG, priority: 0 },
      { prize: BIG * 51, priority: 10 },
      { prize: BIG * 501, priority: 100 },
      { prize: BIG, priority: 0 },
    ]);
    // Base prize: c4 alone costs 40 + 40 = 80, so 2 x 80 + 1 = 161 for every client, near or far.
    // c1 and c4: weight 1: 161.
    expect(problem.prize[1]).toBe(161);
    expect(problem.prize[4]).toBe(161);
    // c2: weight 1 + 4 x 10 = 41: 161 x 41 = 6601.
    expect(problem.prize[2]).toBe(6601);
    // c3: weight 1 + 4 x 100 = 401: 161 x 401 = 64 561.
    expect(problem.prize[3]).toBe(64561);
    // The exact values stay what the objective counts.
    expect(problem.value[3]).toBe(BIG * 501);
  });

  it('weigh a client without priority by 1 + log2(value / least value) (a stop of several deliveries)', () => {
    // Product stops: BIG x deliveries. c1 one delivery, c2 two, c3 four.
    const BIG = 1e9;
    const problem = lineProblem([{ prize: BIG }, { prize: 2 * BIG }, { prize: 4 * BIG }]);
    // Base prize: c3 alone costs 30 + 30 = 60, so 121. c1: 121 x 1; c2: 121 x (1 + log2 2) = 242;
    // c3: 121 x (1 + log2 4) = 363.
    expect(problem.prize[1]).toBe(121);
    expect(problem.prize[2]).toBe(242);
    expect(problem.prize[3]).toBe(363);
  });

  it('give a client that no vehicle can reach and leave a prize of 1 (times its weight)', () => {
    const BIG = 1e9;
    const problem = lineProblem([{ prize: BIG }, { prize: BIG, priority: 5 }]);
    // Cut node 2 off the depot both ways: no vehicle can serve it alone.
    const m = Float64Array.from(problem.spec.profiles[0]!.durations);
    m[0 * 3 + 2] = Infinity;
    m[2 * 3 + 0] = Infinity;
    const cut = new Problem({ ...problem.spec, profiles: [{ name: 'line', durations: m, distances: m }] });
    // c1: base 2 x 20 + 1 = 41 (the only reachable client); c2: 1 x (1 + 4 x 5) = 21.
    expect(cut.prize[1]).toBe(41);
    expect(cut.prize[2]).toBe(21);
  });
});
