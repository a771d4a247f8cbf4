import { buildFleetProblem } from './build.js';
import { planFleetInThread } from './solveFleet.js';
import type { FleetDelivery, FleetDriver, FleetProblemInput } from './types.js';

/**
 * Rich-constraint cases worked out by hand. Locations lie on a line: the travel matrix gives each leg's
 * reference time (seconds) and length (metres); the depot is location 0. Times are seconds since 00:00
 * (08:00 = 28800).
 */
const H = 3600;

function line(
  points: number[],
  secondsPerMetre: number,
): { size: number; durations: Float64Array; distances: Float64Array } {
  // points[i] = position in metres of location i.
  const n = points.length;
  const durations = new Float64Array(n * n);
  const distances = new Float64Array(n * n);
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++) {
      const d = Math.abs(points[a]! - points[b]!);
      distances[a * n + b] = d;
      durations[a * n + b] = d * secondsPerMetre;
    }
  return { size: n, durations, distances };
}

function driver(id: string, over: Partial<FleetDriver> = {}): FleetDriver {
  return {
    id,
    startTime: 8 * H,
    workingHours: 8,
    lunchBreak: 0,
    vehicle: { id: `v-${id}`, payload: 1000, cargoVolume: 10, maxSpeed: 120 },
    ...over,
  };
}

function delivery(id: string, location: number, over: Partial<FleetDelivery> = {}): FleetDelivery {
  return { id, deliveryPointId: `p${id}`, location, weight: 1, volume: 0.01, ...over };
}

function input(over: Partial<FleetProblemInput>): FleetProblemInput {
  return {
    depot: { vehicleFill: 100, slowDown: 0 },
    global: { serviceTime: 300, driverCategories: { normal: 1, slow: 1.5 } },
    drivers: [driver('d1')],
    deliveries: [],
    travel: line([0, 10000], 0.06),
    ...over,
  };
}

const solve = (i: FleetProblemInput) =>
  planFleetInThread(i, { seed: 1, stop: { maxIterations: 20 }, timer: () => 0 });

describe('fleet planning: rich constraints worked by hand', () => {
  it('slows travel by slow_down% and caps it by max_speed', () => {
    // Depot -> A is 10 000 m with a reference time of 0.06 s/m x 10 000 = 600 s (60 km/h).
    // slow_down 50%: 600 x 1.5 = 900 s. Max speed 120 km/h = 33.33 m/s: 10 000 / 33.33 = 300 s, so 900 s holds.
    // Max speed 30 km/h = 8.333 m/s: 10 000 / 8.333 = 1200 s > 900 s, so the leg takes 1200 s.
    const base = input({ depot: { slowDown: 50 }, deliveries: [delivery('1', 1)] });
    const fast = solve(base);
    expect(fast.routes[0]!.stops[0]!.travelTime).toBe(900);
    const slowDriver = solve({
      ...base,
      drivers: [driver('d1', { vehicle: { id: 'v', payload: 1000, cargoVolume: 10, maxSpeed: 30 } })],
    });
    const route = slowDriver.routes[0]!;
    expect(route.stops[0]!.travelTime).toBe(1200);
    // Out 1200 s + service 300 s + back 1200 s = 2700 s of route time, all of it driving or serving.
    expect(route.totalTime).toBe(2700);
    expect(route.travelTime).toBe(2400);
  });

  it('multiplies service time by the driver category factor (delivery value or global default)', () => {
    // Global default 300 s; category "slow" has factor 1.5: 300 x 1.5 = 450 s.
    // A delivery with its own service time 200 s: 200 x 1.5 = 300 s.
    const plan = solve(
      input({
        drivers: [driver('d1', { category: 'slow' })],
        deliveries: [delivery('1', 1), delivery('2', 1, { serviceTime: 200, deliveryPointId: 'q' })],
      }),
    );
    const services = plan.routes[0]!.stops.map((s) => s.serviceTime).sort((a, b) => a - b);
    expect(services).toEqual([300, 450]);
    // Both points are at location 1: 600 s out, 450 + 300 s of service, 0 s between them, 600 s back.
    expect(plan.routes[0]!.totalTime).toBe(600 + 450 + 300 + 600);
  });

  it('serves deliveries that share a delivery point as one stop', () => {
    // d1 and d2 share point P (no windows): one stop, service 300 + 300 = 600 s, weight 3 + 4 = 7 kg.
    // d3 is also at P but only from 09:00 to 09:10 while d4 (at P) needs 15:00 to 16:00: no common window, so
    // d3 joins d1/d2 (window 09:00-09:10 for the stop) and d4 gets a stop of its own.
    const deliveries = [
      delivery('1', 1, { deliveryPointId: 'P', weight: 3 }),
      delivery('2', 1, { deliveryPointId: 'P', weight: 4 }),
      delivery('3', 1, { deliveryPointId: 'P', afterTime: 9 * H, beforeTime: 9 * H + 600 }),
      delivery('4', 1, { deliveryPointId: 'P', afterTime: 15 * H, beforeTime: 16 * H }),
    ];
    const model = buildFleetProblem(input({ deliveries }));
    expect(model.groups.map((g) => g.deliveries.map((d) => d.id))).toEqual([['1', '2', '3'], ['4']]);
    expect(model.groups[0]!.window).toEqual({ early: 9 * H, late: 9 * H + 600 });
    const plan = solve(input({ deliveries }));
    expect(plan.unassigned).toEqual([]);
    const stops = plan.routes.flatMap((r) => r.stops);
    expect(stops).toHaveLength(2);
    const first = stops.find((s) => s.deliveries.length === 3)!;
    // 3 deliveries x 300 s, started inside 09:00-09:10. (The driver leaves so as to start it at 09:10 = 33000:
    // the route's least duration, as the other stop cannot start before 15:00 anyway.)
    expect(first.serviceTime).toBe(900);
    expect(first.serviceStart).toBe(9 * H + 600);
  });

  it('checks weight and volume, both scaled by vehicle_fill%', () => {
    // Vehicle 100 kg / 1 m3 at 80% fill: 80 kg and 0.8 m3.
    // A: 50 kg, 0.1 m3 and B: 40 kg, 0.1 m3 each fit alone, together 90 kg > 80 kg: one is left out for lack
    //    of room (each alone fits, so the reason is no_room_in_plan);
    // C: 10 kg but 0.9 m3 > 0.8 m3 -> volume;  D: 90 kg > 80 kg -> weight.
    const plan = solve(
      input({
        depot: { vehicleFill: 80 },
        drivers: [driver('d1', { vehicle: { id: 'v', payload: 100, cargoVolume: 1 } })],
        deliveries: [
          delivery('A', 1, { weight: 50, volume: 0.1 }),
          delivery('B', 1, { weight: 40, volume: 0.1 }),
          delivery('C', 1, { weight: 10, volume: 0.9 }),
          delivery('D', 1, { weight: 90, volume: 0.1 }),
        ],
      }),
    );
    const reasons = Object.fromEntries(plan.unassigned.map((u) => [u.deliveryId, u.reason]));
    expect(reasons['C']).toBe('volume');
    expect(reasons['D']).toBe('weight');
    const leftOfAB = ['A', 'B'].filter((id) => reasons[id] !== undefined);
    expect(leftOfAB).toHaveLength(1);
    expect(reasons[leftOfAB[0]!]).toBe('no_room_in_plan');
    expect(plan.routes[0]!.weight).toBeLessThanOrEqual(80);
  });

  it('keeps the route within the shift, and says shift_length, time_window or unreachable when it cannot', () => {
    // 1-hour shift from 08:00 (ends 09:00 = 32400). Location 1 is 600 s away, location 2 is 2400 s away.
    // Delivery near: 600 + 300 + 600 = 1500 s <= 3600 s: served.
    // Delivery far: 2400 + 300 + 2400 = 5100 s > 3600 s -> shift_length.
    // Delivery early at location 1 with before_time 08:05 (29100): the earliest arrival is 08:10 (29400),
    //   past the window -> time_window.
    // Delivery at location 3, which has no finite travel time -> unreachable.
    const travel = line([0, 10000, 40000, 0], 0.06);
    travel.durations[0 * 4 + 3] = Infinity;
    travel.durations[3 * 4 + 0] = Infinity;
    const plan = solve(
      input({
        drivers: [driver('d1', { workingHours: 1 })],
        travel,
        deliveries: [
          delivery('near', 1),
          delivery('far', 2),
          delivery('early', 1, { deliveryPointId: 'e', beforeTime: 8 * H + 300 }),
          delivery('nowhere', 3),
        ],
      }),
    );
    const reasons = Object.fromEntries(plan.unassigned.map((u) => [u.deliveryId, u.reason]));
    expect(reasons).toEqual({ far: 'shift_length', early: 'time_window', nowhere: 'unreachable' });
    const route = plan.routes[0]!;
    expect(route.end).toBeLessThanOrEqual(9 * H);
    expect(route.totalTime).toBe(1500);
  });

  it('plans around a pair of locations no vehicle can travel between', () => {
    // Locations 1 (600 s from the depot), 2 (1200 s) and 3 (300 s); no travel between 3 and 1 or 2 (Infinity).
    // 1-hour shift: a + b = 600 + 300 + 600 + 300 + 1200 = 3000 s <= 3600 s; x cannot join them, and one
    // vehicle has one route: a and b are served (two deliveries beat x alone), x is left out.
    const travel = line([0, 10000, 20000, 5000], 0.06);
    for (const [p, q] of [
      [1, 3],
      [3, 1],
      [2, 3],
      [3, 2],
    ] as const) {
      travel.durations[p * 4 + q] = Infinity;
      travel.distances[p * 4 + q] = Infinity;
    }
    const plan = solve(
      input({
        drivers: [driver('d1', { workingHours: 1 })],
        travel,
        deliveries: [delivery('a', 1), delivery('b', 2), delivery('x', 3)],
      }),
    );
    expect(plan.routes).toHaveLength(1);
    expect(plan.routes[0]!.stops.flatMap((stop) => stop.deliveries)).toEqual(['a', 'b']);
    expect(plan.routes[0]!.totalTime).toBe(3000);
    expect(plan.unassigned.map((u) => [u.deliveryId, u.reason])).toEqual([['x', 'no_room_in_plan']]);
  });

  it('places the lunch break inside its mid-shift window, within the shift', () => {
    // Shift 08:00-16:00 (28800-57600), lunch 30 min; window = 40%..60% of 8 h after 08:00 = 11:12..12:48
    // (40320..46080).
    // A (location 1, 600 s away) must start 11:00-11:05 (39600-39900); B (location 2, 600 s further) must
    // start 12:00-12:15 (43200-44100); service 300 s each; B -> depot 1200 s.
    // B cannot start before 43200, so the least route time serves A as late as possible: leave at 39300,
    // A 39900-40200, break at A from 40320 (its window opening; 120 s of waiting) to 42120, B reached at 42720,
    // served 43200-43500 after waiting, depot at 44700. Route time 44700 - 39300 = 5400 s (leaving at 39000
    // would only add 300 s of waiting).
    const travel = line([0, 10000, 20000], 0.06);
    const plan = solve(
      input({
        drivers: [driver('d1', { lunchBreak: 30 })],
        travel,
        deliveries: [
          delivery('A', 1, { afterTime: 11 * H, beforeTime: 11 * H + 300 }),
          delivery('B', 2, { afterTime: 12 * H, beforeTime: 12 * H + 900 }),
        ],
      }),
    );
    expect(plan.unassigned).toEqual([]);
    const r = plan.routes[0]!;
    expect(r.breakTime).toBe(1800);
    expect(r.breakStart).not.toBeNull();
    expect(r.breakStart!).toBeGreaterThanOrEqual(40320);
    expect(r.breakStart!).toBeLessThanOrEqual(46080);
    for (const s of r.stops) {
      const overlap = Math.min(s.departure, r.breakStart! + 1800) - Math.max(s.serviceStart, r.breakStart!);
      expect(overlap).toBeLessThanOrEqual(0);
    }
    expect(r.start).toBe(39300);
    expect(r.end).toBe(44700);
    expect(r.totalTime).toBe(5400);
  });

  it('reports no_driver when there are no drivers', () => {
    const plan = solve(input({ drivers: [], deliveries: [delivery('1', 1)] }));
    expect(plan.routes).toEqual([]);
    expect(plan.unassigned.map((u) => u.reason)).toEqual(['no_driver']);
  });
});
