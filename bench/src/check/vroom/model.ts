import { ValidationError } from '@fleet/core';
import type { VroomInput, VroomJob, VroomVehicle } from './schema.js';

export type Matrix = readonly (readonly number[])[];
export type TimeWindow = readonly [number, number];

/** A job as a given vehicle type sees it (VROOM: `service_per_type[type]` when present, else `service`). */
export interface JobModel {
  readonly id: number;
  readonly index: number;
  readonly delivery: readonly number[];
  readonly pickup: readonly number[];
  readonly skills: readonly number[];
  readonly priority: number;
  readonly windows: readonly TimeWindow[];
  setup(type: string | undefined): number;
  service(type: string | undefined): number;
}

export interface BreakModel {
  readonly id: number;
  readonly windows: readonly TimeWindow[];
  readonly service: number;
  readonly maxLoad?: readonly number[];
}

export interface VehicleModel {
  readonly id: number;
  readonly type?: string;
  readonly start?: number;
  readonly end?: number;
  readonly capacity: readonly number[];
  readonly skills: ReadonlySet<number>;
  readonly window: TimeWindow;
  readonly breaks: readonly BreakModel[];
  readonly speedFactor: number;
  /**
   * VROOM keeps time in hundredths of a second and scales a vehicle's travel times by
   * round(100 / speed_factor) (CostWrapper::discrete_duration_factor): an arc of d seconds takes d x factor / 100 s.
   */
  readonly durationFactor: number;
  readonly durations: Matrix;
  readonly distances?: Matrix;
  readonly costs?: Matrix;
  readonly maxTasks: number;
  readonly maxTravelTime: number;
  readonly maxDistance: number;
  readonly fixedCost: number;
  readonly perHour: number;
  readonly perKm: number;
  readonly perTaskHour: number;
}

export interface ProblemModel {
  readonly amountSize: number;
  readonly jobs: ReadonlyMap<number, JobModel>;
  readonly vehicles: ReadonlyMap<number, VehicleModel>;
}

const OPEN: TimeWindow = [0, Infinity];

/** Resolves defaults and matrices the way VROOM's input parser does. Throws ValidationError on what it cannot check. */
export function buildProblem(input: VroomInput): ProblemModel {
  if ((input.shipments?.length ?? 0) > 0)
    throw new ValidationError('shipments are not supported by this checker');
  const amountSize = input.vehicles[0]?.capacity?.length ?? 0;
  const jobs = new Map<number, JobModel>();
  for (const job of input.jobs ?? []) {
    if (jobs.has(job.id)) throw new ValidationError(`duplicate job id ${job.id}`);
    jobs.set(job.id, jobModel(job, amountSize));
  }
  const vehicles = new Map<number, VehicleModel>();
  for (const vehicle of input.vehicles) {
    if (vehicles.has(vehicle.id)) throw new ValidationError(`duplicate vehicle id ${vehicle.id}`);
    vehicles.set(vehicle.id, vehicleModel(vehicle, input, amountSize));
  }
  return { amountSize, jobs, vehicles };
}

function sized(values: readonly number[] | undefined, size: number, what: string): readonly number[] {
  const result = values ?? new Array<number>(size).fill(0);
  if (result.length !== size)
    throw new ValidationError(`${what} has ${result.length} amounts, vehicles have ${size}`);
  return result;
}

function jobModel(job: VroomJob, amountSize: number): JobModel {
  if (job.location_index === undefined) throw new ValidationError(`job ${job.id} has no location_index`);
  const legacyDelivery = job.delivery === undefined && job.pickup === undefined ? job.amount : undefined;
  const perType = (map: Record<string, number> | undefined, fallback: number) => (type: string | undefined) =>
    (type === undefined ? undefined : map?.[type]) ?? fallback;
  return {
    id: job.id,
    index: job.location_index,
    delivery: sized(job.delivery ?? legacyDelivery, amountSize, `job ${job.id} delivery`),
    pickup: sized(job.pickup, amountSize, `job ${job.id} pickup`),
    skills: job.skills ?? [],
    priority: job.priority ?? 0,
    windows: job.time_windows?.length ? job.time_windows : [OPEN],
    setup: perType(job.setup_per_type, job.setup ?? 0),
    service: perType(job.service_per_type, job.service ?? 0),
  };
}

function vehicleModel(vehicle: VroomVehicle, input: VroomInput, amountSize: number): VehicleModel {
  const profile = vehicle.profile ?? 'car';
  const matrices = input.matrices?.[profile];
  const durations = matrices?.durations ?? (profile === 'car' ? input.matrix : undefined);
  if (durations === undefined) throw new ValidationError(`no durations matrix for profile ${profile}`);
  const speedFactor = vehicle.speed_factor ?? 1;
  const costs = vehicle.costs ?? {};
  return {
    id: vehicle.id,
    ...(vehicle.type === undefined ? {} : { type: vehicle.type }),
    ...(vehicle.start_index === undefined ? {} : { start: vehicle.start_index }),
    ...(vehicle.end_index === undefined ? {} : { end: vehicle.end_index }),
    capacity: sized(vehicle.capacity, amountSize, `vehicle ${vehicle.id} capacity`),
    skills: new Set(vehicle.skills ?? []),
    window: vehicle.time_window ?? OPEN,
    breaks: (vehicle.breaks ?? []).map((b) => ({
      id: b.id,
      windows: b.time_windows?.length ? b.time_windows : [OPEN],
      service: b.service ?? 0,
      ...(b.max_load === undefined ? {} : { maxLoad: b.max_load }),
    })),
    speedFactor,
    durationFactor: Math.round((1 / speedFactor) * 100),
    durations,
    ...(matrices?.distances === undefined ? {} : { distances: matrices.distances }),
    ...(matrices?.costs === undefined ? {} : { costs: matrices.costs }),
    maxTasks: vehicle.max_tasks ?? Infinity,
    maxTravelTime: vehicle.max_travel_time ?? Infinity,
    maxDistance: vehicle.max_distance ?? Infinity,
    fixedCost: costs.fixed ?? 0,
    perHour: costs.per_hour ?? 3600,
    perKm: costs.per_km ?? 0,
    perTaskHour: costs.per_task_hour ?? 0,
  };
}
