import { travelTimeVehicle } from '../testing/vehicleType.js';
import { Problem } from './problem.js';
import type { ClientSpec, ProblemSpec } from './spec.js';

/**
 * Depot 0 and four clients on a line, node i at 10 i time units from the depot (travel = 10 |a - b|), one
 * vehicle that costs its travel time. Serving client i alone costs 10 i out and 10 i back = 20 i, so its base
 * prize is 2 x 20 i + 1 = 40 i + 1.
 */
function lineProblem(clients: readonly Partial<ClientSpec>[]): Problem {
  const N = clients.length + 1;
  const m = new Float64Array(N * N);
  for (let a = 0; a < N; a++) for (let b = 0; b < N; b++) m[a * N + b] = 10 * Math.abs(a - b);
  const spec: ProblemSpec = {
    name: 'line',
    numDims: 1,
    depots: [{ id: 'depot' }],
    clients: clients.map((c, i) => ({ id: `c${i + 1}`, delivery: [1], service: 0, required: false, ...c })),
    vehicleTypes: [travelTimeVehicle('v', [10], 1000)],
    profiles: [{ name: 'line', durations: m, distances: m }],
    numServiceTypes: 1,
    lexicographicPrizes: true,
  };
  return new Problem(spec);
}

describe('search prizes (lexicographic values)', () => {
  it('weigh a priority job by 1 + its priority, so a priority-100 job earns about ten priority-10 ones', () => {
    // VROOM's values for 4 jobs: BIG x (1 + 5 x priority); the search prizes ignore BIG.
    const BIG = 1e9;
    const problem = lineProblem([
      { prize: BIG, priority: 0 },
      { prize: BIG * 51, priority: 10 },
      { prize: BIG * 501, priority: 100 },
      { prize: BIG, priority: 0 },
    ]);
    // c1 (node 1): 40 + 1 = 41, weight 1.
    expect(problem.prize[1]).toBe(41);
    // c2 (node 2): 80 + 1 = 81, weight 1 + 10 = 11: 891.
    expect(problem.prize[2]).toBe(891);
    // c3 (node 3): 120 + 1 = 121, weight 1 + 100 = 101: 12 221.
    expect(problem.prize[3]).toBe(12221);
    // c4 (node 4): 160 + 1 = 161, weight 1.
    expect(problem.prize[4]).toBe(161);
    // The exact values stay what the objective counts.
    expect(problem.value[3]).toBe(BIG * 501);
  });

  it('weigh a client without priority by 1 + log2(value / least value) (a stop of several deliveries)', () => {
    // Product stops: BIG x deliveries. c1 one delivery, c2 two, c3 four.
    const BIG = 1e9;
    const problem = lineProblem([{ prize: BIG }, { prize: 2 * BIG }, { prize: 4 * BIG }]);
    // c1: 41 x 1; c2: 81 x (1 + log2 2) = 162; c3: 121 x (1 + log2 4) = 363.
    expect(problem.prize[1]).toBe(41);
    expect(problem.prize[2]).toBe(162);
    expect(problem.prize[3]).toBe(363);
  });
});
