import { Problem } from '../model/problem.js';
import type { ProblemSpec } from '../model/spec.js';
import { Island } from '../hgs/island.js';
import { DEFAULT_GENETIC_PARAMS } from '../hgs/params.js';
import { evaluateRoutes } from '../solution/evaluate.js';
import { BREAK, type SolutionRoute } from '../solution/solution.js';
import { lineSpec } from '../testing/lineProblem.js';
import { planeSpec } from '../testing/planeProblem.js';
import { randomProblem } from '../testing/randomProblem.js';
import { splitByAngle } from './split.js';
import { subProblem } from './subproblem.js';

const route = (vehicle: number, visits: number[]): SolutionRoute => ({
  vehicle,
  visits: Int32Array.from(visits),
});
const plain = (routes: readonly SolutionRoute[]): [number, number[]][] =>
  routes.map((r) => [r.vehicle, [...r.visits]]);

/**
 * Depot 0 and clients c1 .. c6 at nodes 1 .. 6 of a line (a leg a -> b costs 10 |a - b|), one vehicle type of
 * four vehicles named a, b, c, d that cost their travel time.
 */
function lineWithFour(): { spec: ProblemSpec; problem: Problem } {
  const clients = [1, 2, 3, 4, 5, 6].map((i) => ({
    id: `c${i}`,
    delivery: [1],
    service: 0,
    required: true,
  }));
  const base = lineSpec(clients, [100], 1000);
  const spec: ProblemSpec = {
    ...base,
    vehicleTypes: base.vehicleTypes.map((t) => ({ ...t, numAvailable: 4, vehicleIds: ['a', 'b', 'c', 'd'] })),
  };
  return { spec, problem: new Problem(spec) };
}

describe('subProblem', () => {
  it('keeps the rows and columns of its nodes, and the runs of its vehicles by type', () => {
    const { spec, problem } = lineWithFour();
    // Vehicles 1, 2 (b, c: one run) and 0 (a), clients at nodes 5, 2, 3 in that order.
    const sub = subProblem(spec, problem, [2, 0, 1], [5, 2, 3]);
    expect([...sub.nodes]).toEqual([0, 5, 2, 3]);
    expect([...sub.vehicles]).toEqual([0, 1, 2]);
    expect(sub.spec.clients.map((c) => c.id)).toEqual(['c5', 'c2', 'c3']);
    // Vehicles 0, 1, 2 are consecutive and of one type: a single type of three, ids a, b, c.
    expect(sub.spec.vehicleTypes.map((t) => [t.numAvailable, t.vehicleIds])).toEqual([[3, ['a', 'b', 'c']]]);
    // Sub node 1 is full node 5, sub node 2 is full node 2: leg 1 -> 2 is 10 |5 - 2| = 30; 0 -> 3 is 10 x 3.
    const m = sub.spec.profiles[0]!.durations;
    expect(m.length).toBe(16);
    expect([m[1 * 4 + 2], m[2 * 4 + 1], m[0 * 4 + 3], m[3 * 4 + 3]]).toEqual([30, 30, 30, 0]);
    // The one matrix serves as durations and distances in the line problem, and still does.
    expect(sub.spec.profiles[0]!.distances).toBe(m);
  });

  it("places its nodes at the whole problem's coordinates, embedded from the matrix here (session 63)", () => {
    const { spec, problem } = lineWithFour();
    // The line problem gives no coordinates: the whole embeds its matrix in the plane.
    expect(spec.clients.every((c) => c.x === undefined)).toBe(true);
    expect(problem.hasCoordinates).toBe(true);
    const sub = subProblem(spec, problem, [0], [5, 2]);
    expect(sub.spec.depots[0]!.x).toBe(problem.x[0]);
    expect(sub.spec.clients.map((c) => [c.x, c.y])).toEqual([
      [problem.x[5], problem.y[5]],
      [problem.x[2], problem.y[2]],
    ]);
    // The part's Problem takes them as given: the same points, not an embedding of its own 3 x 3 matrix.
    const part = new Problem(sub.spec);
    expect([...part.x]).toEqual([problem.x[0], problem.x[5], problem.x[2]]);
    expect([...part.y]).toEqual([problem.y[0], problem.y[5], problem.y[2]]);
  });

  it('splits vehicles of one type that are not consecutive into runs', () => {
    const { spec, problem } = lineWithFour();
    const sub = subProblem(spec, problem, [3, 1], [4]);
    expect(sub.spec.vehicleTypes.map((t) => [t.numAvailable, t.vehicleIds])).toEqual([
      [1, ['b']],
      [1, ['d']],
    ]);
  });

  it('maps routes both ways, and a route costs in the part what it costs in the whole', () => {
    const { spec, problem } = lineWithFour();
    const sub = subProblem(spec, problem, [1, 3], [2, 3, 5, 6]);
    const routes = [route(3, [2, BREAK, 3]), route(1, [6, 5])];
    const part = sub.toSub(routes);
    // Vehicle 1 -> 0, 3 -> 1; nodes 2, 3, 5, 6 -> 1, 2, 3, 4; the break marker stays.
    expect(plain(part)).toEqual([
      [1, [1, BREAK, 2]],
      [0, [4, 3]],
    ]);
    expect(plain(sub.toFull(part))).toEqual(plain(routes));
    // Whole: v3 0 -> 2 -> 3 -> 0 = 20 + 10 + 30 = 60; v1 0 -> 6 -> 5 -> 0 = 60 + 10 + 50 = 120; 180 in all.
    const whole = evaluateRoutes(
      problem,
      routes.map((r) => ({ ...r, visits: r.visits.filter((u) => u !== BREAK) })),
    );
    const inPart = evaluateRoutes(new Problem(sub.spec), sub.toSub([route(3, [2, 3]), route(1, [6, 5])]));
    expect(whole.cost).toBe(180);
    expect(inPart.cost).toBe(180);
  });

  it('refuses a client or a vehicle outside the part', () => {
    const { spec, problem } = lineWithFour();
    const sub = subProblem(spec, problem, [0], [1, 2]);
    expect(() => sub.toSub([route(0, [3])])).toThrow(RangeError);
    expect(() => sub.toSub([route(1, [1])])).toThrow(RangeError);
    expect(() => subProblem(spec, problem, [0], [1, 1])).toThrow(RangeError);
  });
});

describe('splitByAngle', () => {
  /** Depot at (0, 0), clients east (10, 0), north (0, 10), west (-10, 0) and south (0, -10), 4 vehicles. */
  function compass(): Problem {
    const pts: [number, number][] = [
      [0, 0],
      [10, 0],
      [0, 10],
      [-10, 0],
      [0, -10],
    ];
    return new Problem(planeSpec('compass', pts, ['east', 'north', 'west', 'south'], 5, 1000));
  }

  it('cuts the routes ordered by angle into runs of about equal clients, and deals the unused vehicles', () => {
    const P = compass();
    // One client per route: east on v3, north on v0, west on v4, south on v1; v2 unused.
    const routes = [route(3, [1]), route(0, [2]), route(4, [3]), route(1, [4])];
    // From angle 0: east 0, north pi/2, west pi, south 3 pi/2. Middles at 0.5, 1.5, 2.5, 3.5 of 4 clients:
    // east and north in part 0, west and south in part 1. v2 goes to part 0.
    const a = splitByAngle(P, routes, 2, 0);
    expect(a.map((p) => p.vehicles)).toEqual([
      [3, 0, 2],
      [4, 1],
    ]);
    expect(a.map((p) => p.clients)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    // From pi/4: north pi/4, west 3 pi/4, south 5 pi/4, east 7 pi/4: {north, west}, {south, east}.
    const b = splitByAngle(P, routes, 2, Math.PI / 4);
    expect(b.map((p) => p.clients)).toEqual([
      [2, 3],
      [4, 1],
    ]);
  });

  it('leaves out empty routes and keeps every client and vehicle in exactly one part', () => {
    const P = compass();
    const routes = [route(0, [1, 2, 3]), route(1, []), route(2, [4])];
    // Clients 1, 2, 3 (centroid (0, 10/3): angle pi/2) and 4 (3 pi/2): the first route's middle is at 1.5 of 4
    // clients, part 0; the second's at 3.5, part 1.
    const parts = splitByAngle(P, routes, 2, 0);
    expect(parts.map((p) => p.routes.map((r) => r.vehicle))).toEqual([[0], [2]]);
    expect(parts.map((p) => p.vehicles)).toEqual([
      [0, 1, 4],
      [2, 3],
    ]);
  });
});

describe('decomposition of a searched plan (property)', () => {
  it.each([1, 2, 3])(
    'parts of a random rich plan cost in their sub-problems what they cost in the whole (seed %i)',
    (seed) => {
      const spec = randomProblem({ clients: 40, rich: true, seed });
      const P = new Problem(spec);
      const island = new Island(P, seed, DEFAULT_GENETIC_PARAMS);
      island.initialise(1);
      for (let i = 0; i < 20; i++) island.step();
      // The island's result: its best feasible plan, else its least penalised one.
      const best = island.result()!;
      const parts = splitByAngle(P, best.routes, 2, seed);
      const served = new Set<number>();
      const vehicles = new Set<number>();
      let cost = 0;
      let timeWarp = 0;
      let feasible = true;
      for (const part of parts) {
        const sub = subProblem(spec, P, part.vehicles, part.clients);
        const mapped = sub.toSub(part.routes);
        expect(plain(sub.toFull(mapped))).toEqual(plain(part.routes));
        const sol = evaluateRoutes(new Problem(sub.spec), mapped);
        cost += sol.cost;
        timeWarp += sol.timeWarp;
        feasible &&= sol.feasible;
        for (const u of part.clients) served.add(u);
        for (const v of part.vehicles) vehicles.add(v);
      }
      expect(cost).toBeCloseTo(best.cost, 6);
      expect(timeWarp).toBeCloseTo(best.timeWarp, 6);
      expect(feasible).toBe(best.feasible);
      expect(served.size).toBe(best.numRouted);
      expect(vehicles.size).toBe(P.numVehicles);
    },
  );
});
