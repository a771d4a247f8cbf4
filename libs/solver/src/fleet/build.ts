import { ValidationError } from '@fleet/core';
import type { ClientSpec, ProblemSpec, TimeWindow, VehicleTypeSpec } from '../model/spec.js';
import type { FleetDelivery, FleetProblemInput } from './types.js';

export const DEFAULT_START = 8 * 3600;
export const DEFAULT_HOURS = 8;
export const DEFAULT_LUNCH_MINUTES = 30;
export const DEFAULT_MAX_SPEED = 120;
export const DEFAULT_BREAK_WINDOW = { from: 0.4, to: 0.6 };

/** A stop: the deliveries of one delivery point (with compatible windows) served together. */
export interface FleetStopGroup {
  readonly deliveryPointId: string;
  readonly location: number;
  readonly deliveries: readonly FleetDelivery[];
  readonly window: TimeWindow | undefined;
}

export interface FleetModel {
  readonly spec: ProblemSpec;
  /** Client c of the spec is stop group c. */
  readonly groups: readonly FleetStopGroup[];
  /** Node -> location index in the input's travel matrices. */
  readonly nodeLocation: Int32Array;
}

/**
 * Builds the solver problem of a depot's day:
 * - one vehicle type per driver: capacity = [payload, cargo volume] x vehicle_fill%; shift from start_time for
 *   working_hours, covering driving, service, waiting and the break (window [start, end] on the depot and a
 *   maximum duration of working_hours); a lunch break of the driver's length starting within the configured
 *   part of the shift;
 * - travel time of a leg = max(reference time x (1 + slow_down%), distance / max_speed), whole seconds, one
 *   matrix per distinct (max_speed) since slow_down is the depot's;
 * - deliveries sharing a delivery_point_id form one stop (summed weight, volume and service; the intersection
 *   of their windows; deliveries whose windows do not intersect the others' form their own stop there);
 * - a delivery's service time (its own or the global default) x the driver's category factor;
 * - every stop is optional with a prize of BIG x its number of deliveries, BIG exceeding the cost of any whole
 *   plan: the plan serves as many deliveries as it can, then minimises travel time.
 */
export function buildFleetProblem(input: FleetProblemInput): FleetModel {
  const errors: Record<string, string> = {};
  const L = input.travel.size;
  if (input.travel.durations.length !== L * L) errors['travel.durations'] = `expected ${L}x${L} values`;
  if (input.travel.distances.length !== L * L) errors['travel.distances'] = `expected ${L}x${L} values`;
  input.deliveries.forEach((d, i) => {
    if (!(d.location >= 0 && d.location < L))
      errors[`deliveries[${i}].location`] = 'outside the travel matrix';
    if (!(d.weight >= 0) || !(d.volume >= 0)) errors[`deliveries[${i}]`] = 'weight and volume must be >= 0';
  });
  input.drivers.forEach((d, i) => {
    if (d.category !== undefined && input.global.driverCategories[d.category] === undefined)
      errors[`drivers[${i}].category`] = `unknown category ${d.category}`;
  });
  if (Object.keys(errors).length > 0) throw new ValidationError('invalid planning input', errors);

  const fill = (input.depot.vehicleFill ?? 100) / 100;
  const slow = 1 + (input.depot.slowDown ?? 0) / 100;
  const bw = input.options?.breakWindow ?? DEFAULT_BREAK_WINDOW;
  const groups = groupStops(input.deliveries);
  const D = 1;
  const C = groups.length;
  const N = D + C;
  const nodeLocation = Int32Array.from([0, ...groups.map((g) => g.location)]);

  // Service types: one per distinct category factor.
  const factors: number[] = [];
  const driverFactor = input.drivers.map((d) =>
    d.category !== undefined ? input.global.driverCategories[d.category]! : 1,
  );
  for (const f of driverFactor) if (!factors.includes(f)) factors.push(f);
  if (factors.length === 0) factors.push(1);

  // Profiles: one per distinct max speed.
  const speeds: number[] = [];
  const profiles: { name: string; durations: Float64Array; distances: Float64Array }[] = [];
  const distances = new Float64Array(N * N);
  for (let a = 0; a < N; a++)
    for (let b = 0; b < N; b++)
      distances[a * N + b] = input.travel.distances[nodeLocation[a]! * L + nodeLocation[b]!]!;
  const profileOf = (maxSpeed: number): number => {
    let p = speeds.indexOf(maxSpeed);
    if (p >= 0) return p;
    p = speeds.length;
    speeds.push(maxSpeed);
    const mps = maxSpeed / 3.6;
    const m = new Float64Array(N * N);
    for (let a = 0; a < N; a++)
      for (let b = 0; b < N; b++) {
        if (a === b) continue;
        const base = input.travel.durations[nodeLocation[a]! * L + nodeLocation[b]!]!;
        const d = distances[a * N + b]!;
        m[a * N + b] = Math.max(Math.round(base * slow), Math.ceil(d / mps));
      }
    profiles.push({ name: `max_speed=${maxSpeed}`, durations: m, distances });
    return p;
  };

  const vehicleTypes: VehicleTypeSpec[] = input.drivers.map((d, i) => {
    const start = d.startTime ?? DEFAULT_START;
    const length = (d.workingHours ?? DEFAULT_HOURS) * 3600;
    const lunch = (d.lunchBreak ?? DEFAULT_LUNCH_MINUTES) * 60;
    return {
      name: d.id,
      numAvailable: 1,
      vehicleIds: [d.vehicle.id],
      startDepot: 0,
      endDepot: 0,
      capacity: [d.vehicle.payload * fill, d.vehicle.cargoVolume * fill],
      twEarly: start,
      twLate: start + length,
      maxDuration: length,
      fixedCost: 0,
      unitDistanceCost: 0,
      unitTravelCost: 1,
      unitDurationCost: 0,
      profile: profileOf(d.vehicle.maxSpeed ?? DEFAULT_MAX_SPEED),
      serviceType: factors.indexOf(driverFactor[i]!),
      ...(lunch > 0
        ? {
            break: {
              id: `${d.id}:lunch`,
              duration: lunch,
              windows: [
                { early: Math.round(start + bw.from * length), late: Math.round(start + bw.to * length) },
              ],
            },
          }
        : {}),
    };
  });

  let maxEdge = 0;
  for (const p of profiles)
    for (let i = 0; i < N * N; i++)
      if (Number.isFinite(p.durations[i]!)) maxEdge = Math.max(maxEdge, p.durations[i]!);
  const big = (C + 2 * input.drivers.length) * Math.max(maxEdge, 1) + 1;
  const clients: ClientSpec[] = groups.map((g) => {
    const base = g.deliveries.reduce((s, d) => s + (d.serviceTime ?? input.global.serviceTime), 0);
    return {
      id: g.deliveryPointId,
      delivery: [sum(g.deliveries, (d) => d.weight), sum(g.deliveries, (d) => d.volume)],
      service: base,
      serviceByType: factors.map((f) => base * f),
      windows: g.window ? [g.window] : [],
      required: false,
      prize: big * g.deliveries.length,
    };
  });
  return {
    spec: {
      name: 'fleet',
      numDims: 2,
      dimNames: ['weight', 'volume'],
      depots: [{ id: 'depot' }],
      clients,
      vehicleTypes,
      profiles:
        profiles.length > 0 ? profiles : [{ name: 'none', durations: new Float64Array(N * N), distances }],
      numServiceTypes: factors.length,
      timeTolerance: 1e-6,
      lexicographicPrizes: true,
    },
    groups,
    nodeLocation,
  };
}

function sum<T>(xs: readonly T[], f: (x: T) => number): number {
  return xs.reduce((s, x) => s + f(x), 0);
}

function windowOf(d: FleetDelivery): TimeWindow | undefined {
  const e = d.afterTime ?? undefined;
  const l = d.beforeTime ?? undefined;
  if (e === undefined && l === undefined) return undefined;
  return { early: e ?? 0, late: l ?? Infinity };
}

/** Groups deliveries by delivery point; deliveries whose window misses the group's get their own stop. */
export function groupStops(deliveries: readonly FleetDelivery[]): FleetStopGroup[] {
  const byPoint = new Map<string, FleetDelivery[]>();
  for (const d of deliveries) {
    const list = byPoint.get(d.deliveryPointId);
    if (list) list.push(d);
    else byPoint.set(d.deliveryPointId, [d]);
  }
  const out: FleetStopGroup[] = [];
  for (const [point, list] of byPoint) {
    const pending = list.slice();
    while (pending.length > 0) {
      const first = pending.shift()!;
      const members = [first];
      let win = windowOf(first);
      for (let i = 0; i < pending.length;) {
        const w = windowOf(pending[i]!);
        const merged = intersect(win, w);
        if (merged === null || pending[i]!.location !== first.location) {
          i++;
          continue;
        }
        win = merged;
        members.push(pending.splice(i, 1)[0]!);
      }
      out.push({ deliveryPointId: point, location: first.location, deliveries: members, window: win });
    }
  }
  return out;
}

function intersect(a: TimeWindow | undefined, b: TimeWindow | undefined): TimeWindow | undefined | null {
  if (!a) return b;
  if (!b) return a;
  const early = Math.max(a.early, b.early);
  const late = Math.min(a.late, b.late);
  return early <= late ? { early, late } : null;
}
