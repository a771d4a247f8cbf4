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
    // Turned by pi/2, a quarter of the circle of 4 clients: the first cut one client on, after east. Middles from
    // there: north 0.5, west 1.5, south 2.5, east 3.5 - 4 clients on = -0.5 + 4: {north, west}, {south, east}.
    const b = splitByAngle(P, routes, 2, Math.PI / 2);
    expect(b.map((p) => p.clients)).toEqual([
      [2, 3],
      [4, 1],
    ]);
    // Turns beyond one wrap count what is left: 2 pi + pi/2 cuts as pi/2 does, and -3 pi/2 too.
    expect(splitByAngle(P, routes, 2, 2.5 * Math.PI).map((p) => p.clients)).toEqual([
      [2, 3],
      [4, 1],
    ]);
    expect(splitByAngle(P, routes, 2, -1.5 * Math.PI).map((p) => p.clients)).toEqual([
      [2, 3],
      [4, 1],
    ]);
  });

  it('moves the cut over routes that sit in a narrow cone from the depot (session 69)', () => {
    // Depot at (0, 0); four clients at 10 from it, at 10, 20, 30 and 40 degrees: one route each, on v0 to v3.
    const deg = Math.PI / 180;
    const pts: [number, number][] = [
      [0, 0],
      ...[10, 20, 30, 40].map((d): [number, number] => [10 * Math.cos(d * deg), 10 * Math.sin(d * deg)]),
    ];
    const P = new Problem(planeSpec('cone', pts, ['a', 'b', 'c', 'd'], 4, 1000));
    const routes = [route(0, [1]), route(1, [2]), route(2, [3]), route(3, [4])];
    const split = (rotation: number): number[][] =>
      splitByAngle(P, routes, 2, rotation).map((p) => p.clients);
    // Turned by 0: middles 0.5, 1.5, 2.5, 3.5 of 4 clients: {10, 20}, {30, 40}. By pi/2 (one client on): 20 at
    // 0.5, 30 at 1.5, 40 at 2.5, 10 at 3.5: {20, 30}, {40, 10}. Turned by angle, the cut fell before 10 degrees
    // for any rotation outside 10 to 40 degrees, which gave {10, 20}, {30, 40} every time.
    expect(split(0)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(split(Math.PI / 2)).toEqual([
      [2, 3],
      [4, 1],
    ]);
    // The rounds' turns (1 radian, then the golden angle each round) reach both cuts: 1 radian is 0.159 of a
    // turn (0.64 clients: {20, 30}, {40, 10}), the next 0.159 + 0.382 = 0.541 (2.16 clients: {30, 40}, {10, 20}).
    const golden = Math.PI * (3 - Math.sqrt(5));
    const cut = (rotation: number): string =>
      JSON.stringify(
        split(rotation)
          .map((c) => [...c].sort((a, b) => a - b))
          .sort((a, b) => a[0]! - b[0]!),
      );
    expect(cut(1)).toBe('[[1,4],[2,3]]');
    expect(cut(1 + golden)).toBe('[[1,2],[3,4]]');
    expect(new Set(Array.from({ length: 8 }, (_, r) => cut(1 + r * golden))).size).toBe(2);
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
