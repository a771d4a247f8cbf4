import type { VroomInput } from '../check/vroom/schema.js';
import { seededRandom, type Random } from './random.js';
import { offset, travelMatrices, URBAN_TRAVEL, type LonLat, type TravelModel } from './travel.js';

type Job = NonNullable<VroomInput['jobs']>[number];
type Vehicle = VroomInput['vehicles'][number];

export interface RichOptions {
  readonly minJobs: number;
  readonly maxJobs: number;
  readonly center: LonLat;
  /** Radius of the served area, meters. */
  readonly radius: number;
  readonly travel: TravelModel;
}

/** 100 to 1000 jobs in a 12 km radius around a city center (Lyon), urban travel model. */
export const DEFAULT_RICH: RichOptions = {
  minJobs: 100,
  maxJobs: 1000,
  center: [4.8357, 45.764],
  radius: 12_000,
  travel: URBAN_TRAVEL,
};

const HOUR = 3600;

export interface RichInstance {
  /** The instance, in VROOM's input format. */
  readonly input: VroomInput;
  /** How the fleet was sized: the estimate of vehicles needed, the count drawn, and whether it is below the estimate. */
  readonly fleet: FleetPlan;
}

export interface FleetPlan {
  readonly needed: number;
  readonly vehicles: number;
  readonly short: boolean;
}

/**
 * Vehicle types: capacity [kg, liters], speed factor and how much longer a stop takes (service_per_type is written
 * on about half the jobs with this multiplier; the rest use the plain `service` for every type).
 */
const TYPES = [
  { type: 'van', share: 0.6, capacity: [900, 6000], speed: [1, 1.05], serviceFactor: 1 },
  { type: 'truck', share: 0.25, capacity: [3000, 20000], speed: [0.8, 0.9], serviceFactor: 1.5 },
  { type: 'cargo_bike', share: 0.15, capacity: [250, 1500], speed: [1.1, 1.25], serviceFactor: 0.8 },
] as const;

/**
 * A rich VROOM-format instance, fully determined by `seed`: jobs with two-dimensional deliveries (kg, liters),
 * one or two time windows on about half of them, priorities on some, type-dependent service times; 5 to 60
 * vehicles of three types with shift windows, one mid-shift break of 30-60 min each and speed factors; a fleet that
 * is too small for all jobs in about a quarter of the instances; `matrices.car` from haversine x circuity at an urban
 * speed.
 */
export function generateRichInstance(seed: number, options: RichOptions = DEFAULT_RICH): RichInstance {
  const random = seededRandom(seed);
  const jobCount = random.int(options.minJobs, options.maxJobs);
  const depots = Array.from({ length: random.chance(0.2) ? 2 : 1 }, () =>
    offset(options.center, random.uniform(1000, 6000), random.uniform(0, 2 * Math.PI)),
  );
  const sites = jobSites(random, jobCount, options);
  const points = [...depots, ...sites].map(([lon, lat]): LonLat => [round6(lon), round6(lat)]);
  const { durations, distances } = travelMatrices(points, options.travel);

  const jobs = sites.map((_, i) => makeJob(random, i, depots.length + i, points));
  const fleet = fleetSize(random, jobs, durations, depots.length);
  const vehicles = Array.from({ length: fleet.vehicles }, (_, i) =>
    makeVehicle(random, i, depots.length, points),
  );
  return { input: { vehicles, jobs, matrices: { car: { durations, distances } } }, fleet };
}

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

function at(points: readonly LonLat[], index: number): [number, number] {
  const point = points[index];
  if (point === undefined) throw new RangeError(`no location ${index}`);
  return [point[0], point[1]];
}

/** About 60% of jobs in 3 to 8 neighborhoods (Gaussian, sigma 0.5-1.5 km), the rest spread over the whole area. */
function jobSites(random: Random, count: number, options: RichOptions): LonLat[] {
  const clusters = Array.from({ length: random.int(3, 8) }, () => ({
    center: offset(
      options.center,
      options.radius * Math.sqrt(random.next()) * 0.8,
      random.uniform(0, 2 * Math.PI),
    ),
    sigma: random.uniform(500, 1500),
  }));
  return Array.from({ length: count }, () => {
    if (random.chance(0.6)) {
      const cluster = random.pick(clusters);
      return offset(
        cluster.center,
        Math.abs(random.normal()) * cluster.sigma,
        random.uniform(0, 2 * Math.PI),
      );
    }
    return offset(options.center, options.radius * Math.sqrt(random.next()), random.uniform(0, 2 * Math.PI));
  });
}

function makeJob(random: Random, i: number, index: number, points: readonly LonLat[]): Job {
  const heavy = random.chance(0.05);
  const kg = heavy ? random.int(100, 300) : Math.max(1, Math.round(Math.exp(random.uniform(0.5, 3.8))));
  const liters = Math.max(1, Math.round(kg * random.uniform(1.5, 6)));
  const service = random.int(2, 10) * 60;
  const job: Job = {
    id: i + 1,
    location: at(points, index),
    location_index: index,
    service,
    delivery: [kg, liters],
  };
  if (random.chance(0.5)) {
    job.service_per_type = Object.fromEntries(
      TYPES.filter((t) => t.serviceFactor !== 1).map((t) => [t.type, Math.round(service * t.serviceFactor)]),
    );
  }
  if (random.chance(0.5)) job.time_windows = jobWindows(random);
  if (random.chance(0.2)) job.priority = random.pick([10, 25, 50, 100]);
  return job;
}

/** One window (1-4 h wide, opening 08:00-16:00) or two (a morning and an afternoon slot of 2 h). */
function jobWindows(random: Random): [number, number][] {
  if (random.chance(0.7)) {
    const start = random.int(16, 32) * 1800;
    return [[start, start + random.int(2, 8) * 1800]];
  }
  const morning = random.int(16, 20) * 1800;
  const afternoon = random.int(26, 30) * 1800;
  return [
    [morning, morning + 2 * HOUR],
    [afternoon, afternoon + 2 * HOUR],
  ];
}

/**
 * Enough vehicles for the load and the working time (service plus a rough travel estimate per stop and per route),
 * with a margin for time windows, or, in 30% of draws, only 55-80% of that so some jobs must stay
 * unassigned. Always 5 to 60.
 */
function fleetSize(
  random: Random,
  jobs: readonly Job[],
  durations: readonly (readonly number[])[],
  depots: number,
): FleetPlan {
  const kg = jobs.reduce((sum, job) => sum + (job.delivery?.[0] ?? 0), 0);
  const liters = jobs.reduce((sum, job) => sum + (job.delivery?.[1] ?? 0), 0);
  const meanCapacity = [0, 1].map((d) => TYPES.reduce((sum, t) => sum + t.share * (t.capacity[d] ?? 0), 0));
  const service = jobs.reduce((sum, job) => sum + (job.service ?? 0), 0);
  const travelPerStop = nearestNeighbourMean(durations, depots) * 1.6;
  const shift = 9 * HOUR - 45 * 60 - 2 * 1200;
  const needed =
    1.3 *
    Math.max(
      kg / (meanCapacity[0] ?? 1),
      liters / (meanCapacity[1] ?? 1),
      (service + jobs.length * travelPerStop) / shift,
    );
  const factor = random.chance(0.3) ? random.uniform(0.55, 0.8) : random.uniform(1.1, 1.5);
  const vehicles = Math.min(60, Math.max(5, Math.round(needed * factor)));
  return { needed, vehicles, short: vehicles < needed };
}

/** Mean travel time from a job to its nearest other job (a sample of at most 200 jobs). */
function nearestNeighbourMean(durations: readonly (readonly number[])[], depots: number): number {
  const jobs = durations.length - depots;
  const step = Math.max(1, Math.floor(jobs / 200));
  let sum = 0;
  let count = 0;
  for (let i = depots; i < durations.length; i += step) {
    const row = durations[i] ?? [];
    sum += Math.min(...row.filter((_, j) => j !== i && j >= depots));
    count += 1;
  }
  return count === 0 ? 0 : sum / count;
}

/** Shift of 8-10 h opening 06:00-09:00; a break of 30-60 min that must start in the middle fifth of the shift. */
function makeVehicle(random: Random, i: number, depots: number, points: readonly LonLat[]): Vehicle {
  const draw = random.next();
  let cumulated = 0;
  const kind = TYPES.find((t) => (cumulated += t.share) > draw) ?? TYPES[0];
  const depot = i % depots;
  const start = random.int(12, 18) * 1800;
  const length = random.int(16, 20) * 1800;
  const breakStart = start + Math.round(length * 0.4);
  const breakEnd = start + Math.round(length * 0.6);
  return {
    id: i + 1,
    type: kind.type,
    start: at(points, depot),
    start_index: depot,
    end: at(points, depot),
    end_index: depot,
    capacity: [...kind.capacity],
    time_window: [start, start + length],
    breaks: [{ id: i + 1, time_windows: [[breakStart, breakEnd]], service: random.int(6, 12) * 300 }],
    speed_factor: Math.round(random.uniform(kind.speed[0], kind.speed[1]) * 100) / 100,
  };
}
