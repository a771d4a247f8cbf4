import { computeNeighbours, narrowNeighbours, neighbourLists } from './neighbours.js';
import { Problem } from './problem.js';
import type { ClientSpec, ProblemSpec } from './spec.js';
import { lineSpec } from '../testing/lineProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { randomProblem } from '../testing/randomProblem.js';
import { referenceNeighbours } from '../testing/referenceNeighbours.js';

const rows = (flat: Int32Array, k: number): number[][] =>
  Array.from({ length: flat.length / k }, (_, c) => Array.from(flat.subarray(c * k, (c + 1) * k)));

describe('computeNeighbours', () => {
  it('keeps, per client, the nearest by the cheapest type and the window terms (worked by hand)', () => {
    // Clients 1, 2, 3 at 10, 20, 30 on a line (lineSpec: travel 10 per node), service 5 each, windows
    // 1: [0, 20], 2: none, 3: [200, 1000]. A second type drives profile 1 (twice as slow) but pays 0.25 per
    // second: its edge cost is 0.25 x 2 t = t / 2, the cheapest; the window terms use the fastest travel t.
    //   1 - 2: cost 5; 1 -> 2 wait max(0 - 10 - 5 - 20, 0) = 0, warp max(0 + 5 + 10 - inf, 0) = 0     -> 5
    //                  2 -> 1 wait 0, warp max(0 + 5 + 10 - 20, 0) = 0                                -> 5
    //   1 - 3: cost 10; 1 -> 3 wait max(200 - 20 - 5 - 20, 0) = 155: 10 + 0.2 x 155                   -> 41
    //                   3 -> 1 warp max(200 + 5 + 20 - 20, 0) = 205: 10 + 205 = 215; min              -> 41
    //   2 - 3: cost 5, no wait (2 closes late), no warp                                              -> 5
    // Two neighbours each, ties to the lower node: 1 -> [2, 3], 2 -> [1, 3], 3 -> [2, 1].
    const client = (id: string, windows: { early: number; late: number }[]): ClientSpec => ({
      id,
      delivery: [1],
      service: 5,
      windows,
      required: true,
    });
    const base = lineSpec(
      [client('1', [{ early: 0, late: 20 }]), client('2', []), client('3', [{ early: 200, late: 1000 }])],
      [10],
      1000,
    );
    const line = base.profiles[0]!;
    const spec: ProblemSpec = {
      ...base,
      vehicleTypes: [
        base.vehicleTypes[0]!,
        { ...travelTimeVehicle('slow', [10], 1000), profile: 1, unitTravelCost: 0.25 },
      ],
      profiles: [
        line,
        { name: 'slow', durations: line.durations.map((d) => 2 * d), distances: line.distances },
      ],
    };
    const problem = new Problem(spec);
    expect(rows(computeNeighbours(problem, { count: 2, weightWait: 0.2, weightTimeWarp: 1 }), 2)).toEqual([
      [2, 3],
      [1, 3],
      [2, 1],
    ]);
  });

  it.each([1, 2, 3, 4, 5])(
    'equals the pair-by-pair definition on a rich random problem (seed %i)',
    (seed) => {
      const problem = new Problem(randomProblem({ clients: 60, rich: true, seed }));
      const params = { count: 12, weightWait: 0.2, weightTimeWarp: 1 };
      expect(rows(computeNeighbours(problem, params), 12)).toEqual(referenceNeighbours(problem, params));
    },
  );

  it('keeps the first entries of each row when narrowed (worked by hand)', () => {
    // Two rows of three: [5, 6, 7] and [8, 9, 10]; two per row keep [5, 6] and [8, 9]; four per row (more than
    // the rows hold) and three return the rows as they are.
    const wide = Int32Array.from([5, 6, 7, 8, 9, 10]);
    expect(Array.from(narrowNeighbours(wide, 3, 2))).toEqual([5, 6, 8, 9]);
    expect(narrowNeighbours(wide, 3, 3)).toBe(wide);
    expect(narrowNeighbours(wide, 3, 4)).toBe(wide);
  });

  it.each([
    [1, 60, 12, 30],
    [2, 60, 30, 12],
    [3, 20, 12, 30],
    [4, 8, 30, 60],
  ])(
    'neighbourLists on a rich random problem (seed %i, %i clients) equals computeNeighbours for each count',
    (seed, clients, count, finalCount) => {
      // Fewer clients than a count (20 and 8 clients): both lists hold every other client, capped the same way.
      const problem = new Problem(randomProblem({ clients, rich: true, seed }));
      const params = { count, weightWait: 0.2, weightTimeWarp: 1 };
      const lists = neighbourLists(problem, params, finalCount);
      expect(lists.search).toEqual(computeNeighbours(problem, params));
      expect(lists.final).toEqual(computeNeighbours(problem, { ...params, count: finalCount }));
    },
  );

  it('neighbourLists has no final lists when the final polish is off', () => {
    const problem = new Problem(randomProblem({ clients: 10, rich: true, seed: 1 }));
    const params = { count: 4, weightWait: 0.2, weightTimeWarp: 1 };
    const lists = neighbourLists(problem, params, 0);
    expect(lists.final).toBeUndefined();
    expect(lists.search).toEqual(computeNeighbours(problem, params));
  });
});
