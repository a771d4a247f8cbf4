import { ValidationError } from '@fleet/core';
import type { ClientSpec, ProblemSpec, ProfileSpec, TimeWindow, VehicleTypeSpec } from '../../model/spec.js';
import { compactMatrix, durationScale, scaledEntry, type Matrix } from '../../model/matrix.js';
import { defaultDimName } from '../../unassigned/reasons.js';
import { extraDims } from './extraDims.js';
import { LOCALITY_FROM, localityOrder } from './locality.js';
import { vroomInput, type VroomInput, type VroomJob, type VroomVehicle } from './schema.js';

/** What the VROOM writer needs besides the solution: ids, locations and the per-vehicle travel model. */
export interface VroomMeta {
  readonly input: VroomInput;
  /** Per client (node - numDepots): the job. */
  readonly jobs: readonly VroomJob[];
  /** Per client: the job's index in the input's `jobs` (clients are numbered by locality, see locality.ts). */
  readonly jobIndex: Int32Array;
  readonly vehicles: readonly VroomVehicle[];
  /** Matrix location of each node (-1 for the virtual node of a vehicle without start or end). */
  readonly nodeLocation: Int32Array;
  /** Per vehicle: speed scaling in hundredths (VROOM's round(100 / speed_factor)). */
  readonly durationFactor: Int32Array;
  /** Per vehicle: profile name. */
  readonly profileName: readonly string[];
  readonly durations: ReadonlyMap<string, readonly (readonly number[])[]>;
  readonly distances: ReadonlyMap<string, readonly (readonly number[])[]>;
  /** The input's load dimensions: the first numDims of the problem's (extraDims.ts adds skills and max_tasks). */
  readonly numDims: number;
}

export interface VroomProblem {
  readonly spec: ProblemSpec;
  readonly meta: VroomMeta;
}

export interface FromVroomOptions {
  /** Jobs from which clients are numbered by locality (localityOrder); default LOCALITY_FROM. */
  readonly localityFrom?: number;
}

/** Parses and converts a VROOM input document (already JSON-decoded). */
export function fromVroom(json: unknown, name = 'vroom', options: FromVroomOptions = {}): VroomProblem {
  const parsed = vroomInput.safeParse(json);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join('.') || '(root)'] = issue.message;
    throw new ValidationError('invalid VROOM input', errors);
  }
  return convert(parsed.data, name, options.localityFrom ?? LOCALITY_FROM);
}

function matrixOf(
  input: VroomInput,
  profile: string,
  key: 'durations' | 'distances',
): number[][] | undefined {
  const m = input.matrices?.[profile]?.[key];
  if (m) return m;
  if (key === 'durations' && profile === 'car' && input.matrix) return input.matrix;
  return undefined;
}

/** Why a matrix is not square (the first row whose length differs from the number of rows), else undefined. */
function squareError(m: readonly (readonly number[])[]): string | undefined {
  const n = m.length;
  const bad = m.findIndex((row) => row.length !== n);
  return bad < 0
    ? undefined
    : `row ${bad} has ${m[bad]!.length} entries; a matrix of ${n} rows needs ${n} in each`;
}

/**
 * Every load amount given (vehicle capacities, break max_load, job delivery, pickup and amount) has one length,
 * as VROOM requires; each one that differs from the first is named. A vehicle without capacity carries anything
 * and a job without delivery or pickup brings none (VROOM rejects the first and accepts the second).
 */
function sameAmountLengths(
  jobs: readonly VroomJob[],
  vehicles: readonly VroomVehicle[],
  errors: Record<string, string>,
): void {
  let first: { readonly length: number; readonly at: string } | undefined;
  const check = (a: readonly number[] | undefined, at: string): void => {
    if (a === undefined) return;
    if (first === undefined) first = { length: a.length, at };
    else if (a.length !== first.length)
      errors[at] = `${a.length} amounts, where ${first.at} has ${first.length}`;
  };
  vehicles.forEach((v, i) => {
    check(v.capacity, `vehicles[${i}].capacity`);
    check(v.breaks?.[0]?.max_load, `vehicles[${i}].breaks[0].max_load`);
  });
  jobs.forEach((j, i) => {
    check(j.delivery, `jobs[${i}].delivery`);
    check(j.pickup, `jobs[${i}].pickup`);
    check(j.amount, `jobs[${i}].amount`);
  });
}

function convert(input: VroomInput, name: string, localityFrom: number): VroomProblem {
  const errors: Record<string, string> = {};
  if (input.shipments && input.shipments.length > 0) errors['shipments'] = 'shipments are not supported';
  const inputJobs = input.jobs ?? [];
  const vehicles = input.vehicles;
  vehicles.forEach((v, i) => {
    if ((v.breaks?.length ?? 0) > 1)
      errors[`vehicles[${i}].breaks`] = 'at most one break per vehicle is supported';
    const maxLoad = v.breaks?.[0]?.max_load;
    if (maxLoad?.some((m, k) => !(m >= (v.capacity?.[k] ?? Infinity))))
      errors[`vehicles[${i}].breaks[0].max_load`] = 'a max_load below the capacity is not supported';
    if (v.max_travel_time !== undefined)
      errors[`vehicles[${i}].max_travel_time`] = 'max_travel_time is not supported';
    if (v.max_distance !== undefined) errors[`vehicles[${i}].max_distance`] = 'max_distance is not supported';
    if (v.start_index === undefined && v.end_index === undefined)
      errors[`vehicles[${i}]`] = 'start_index or end_index is required (custom matrices only)';
  });
  inputJobs.forEach((j, i) => {
    if (j.location_index === undefined)
      errors[`jobs[${i}].location_index`] = 'required (custom matrices only)';
    if ((j.setup ?? 0) > 0 || Object.values(j.setup_per_type ?? {}).some((x) => x > 0))
      errors[`jobs[${i}].setup`] = 'setup times are not supported';
  });
  const ids = new Set<number>();
  inputJobs.forEach((j, i) => {
    if (ids.has(j.id)) errors[`jobs[${i}].id`] = `duplicate job id ${j.id}`;
    ids.add(j.id);
  });
  const profiles = [...new Set(vehicles.map((v) => v.profile ?? 'car'))];
  const durations = new Map<string, number[][]>();
  const distances = new Map<string, number[][]>();
  for (const p of profiles) {
    const d = matrixOf(input, p, 'durations');
    if (!d) errors[`matrices.${p}.durations`] = `no durations matrix for profile ${p}`;
    else durations.set(p, d);
    const dist = matrixOf(input, p, 'distances');
    if (dist) distances.set(p, dist);
  }
  if (Object.keys(errors).length > 0) throw new ValidationError('unsupported VROOM input', errors);
  for (const p of profiles) {
    const path = (key: 'durations' | 'distances'): string =>
      input.matrices?.[p]?.[key] !== undefined ? `matrices.${p}.${key}` : 'matrix';
    const d = durations.get(p)!;
    const dist = distances.get(p);
    const durationsBad = squareError(d);
    const distancesBad = dist ? squareError(dist) : undefined;
    if (durationsBad !== undefined) errors[path('durations')] = durationsBad;
    else if (distancesBad !== undefined) errors[path('distances')] = distancesBad;
    else if (dist && dist.length < d.length)
      errors[path('distances')] = `${dist.length} rows, fewer than the durations' ${d.length}`;
  }
  sameAmountLengths(inputJobs, vehicles, errors);
  const size = Math.min(...[...durations.values()].map((m) => m.length));
  const checkIndex = (idx: number | undefined, at: string): void => {
    if (idx !== undefined && idx >= size)
      errors[at] = `location index ${idx} is outside the ${size}x${size} matrix`;
  };
  inputJobs.forEach((j, i) => checkIndex(j.location_index, `jobs[${i}].location_index`));
  vehicles.forEach((v, i) => {
    checkIndex(v.start_index, `vehicles[${i}].start_index`);
    checkIndex(v.end_index, `vehicles[${i}].end_index`);
  });
  if (Object.keys(errors).length > 0) throw new ValidationError('invalid VROOM input', errors);
  const jobIndex = localityOrder(inputJobs, durations.get(profiles[0]!)!, localityFrom);
  const jobs = Array.from(jobIndex, (i) => inputJobs[i]!);

  // Depot nodes: distinct start/end locations, plus one virtual node for open routes.
  const depotLocs: number[] = [];
  const depotOf = (loc: number | undefined): number => {
    const key = loc ?? -1;
    let d = depotLocs.indexOf(key);
    if (d < 0) {
      d = depotLocs.length;
      depotLocs.push(key);
    }
    return d;
  };
  const starts = vehicles.map((v) => depotOf(v.start_index));
  const ends = vehicles.map((v) => depotOf(v.end_index));
  const D = depotLocs.length;
  const C = jobs.length;
  const N = D + C;
  const nodeLocation = new Int32Array(N);
  depotLocs.forEach((l, d) => (nodeLocation[d] = l));
  jobs.forEach((j, c) => (nodeLocation[D + c] = j.location_index!));

  const K = Math.max(
    0,
    ...vehicles.map((v) => v.capacity?.length ?? 0),
    ...jobs.map((j) => Math.max(j.delivery?.length ?? 0, j.pickup?.length ?? 0, j.amount?.length ?? 0)),
  );
  const extra = extraDims(jobs, vehicles);
  const X = extra.names.length;
  // Vehicle types (as VROOM's `type`) index service and setup overrides.
  const typeNames = [...new Set(vehicles.map((v) => v.type ?? ''))];
  const typeIndex = vehicles.map((v) => typeNames.indexOf(v.type ?? ''));

  const durationFactor = Int32Array.from(vehicles, (v) => Math.round(100 / (v.speed_factor ?? 1)));
  const profileName = vehicles.map((v) => v.profile ?? 'car');

  // Node-indexed matrices: one solver profile per (profile, speed factor), all of a VROOM profile's sharing its
  // node-indexed durations and distances. A vehicle's travel time is VROOM's: the matrix entry x
  // round(100 / speed_factor) / 100, rounded, which the search computes when it reads an entry
  // (`durationFactor`, model/matrix.ts scaledEntry) instead of reading one scaled copy per speed factor.
  const profileSpecs: ProfileSpec[] = [];
  const profileKey = new Map<string, number>();
  const distNode = new Map<string, Float64Array>();
  const nodeDistances = (p: string): Float64Array => {
    let m = distNode.get(p);
    if (m) return m;
    m = new Float64Array(N * N);
    const src = distances.get(p);
    if (src)
      for (let a = 0; a < N; a++) {
        const la = nodeLocation[a]!;
        if (la < 0) continue;
        const row = src[la]!;
        for (let b = 0; b < N; b++) {
          const lb = nodeLocation[b]!;
          if (lb >= 0) m[a * N + b] = row[lb] ?? 0;
        }
      }
    distNode.set(p, m);
    return m;
  };
  // The profile's node-indexed durations, gathered once, in the smallest exact element type.
  const baseNode = new Map<string, Matrix>();
  const nodeDurations = (p: string): Matrix => {
    const known = baseNode.get(p);
    if (known) return known;
    const m = new Float64Array(N * N);
    const src = durations.get(p)!;
    for (let a = 0; a < N; a++) {
      const la = nodeLocation[a]!;
      if (la < 0) continue;
      const row = src[la]!;
      for (let b = 0; b < N; b++) {
        const lb = nodeLocation[b]!;
        if (a !== b && lb >= 0) m[a * N + b] = row[lb] ?? 0;
      }
    }
    const gathered = compactMatrix(m);
    baseNode.set(p, gathered);
    return gathered;
  };
  const vehicleProfile = vehicles.map((v, i) => {
    const p = profileName[i]!;
    const f = durationFactor[i]!;
    const key = `${p}|${f}`;
    let idx = profileKey.get(key);
    if (idx === undefined) {
      idx = profileSpecs.length;
      profileKey.set(key, idx);
      profileSpecs.push({
        name: key,
        durations: nodeDurations(p),
        ...(f === 100 ? {} : { durationFactor: f }),
        distances: nodeDistances(p),
      });
    }
    return idx;
  });

  // Prizes: every job is optional; BIG exceeds the cost of any whole plan, so serving one more job always
  // pays, and priorities weigh (n + 1) jobs each so that the priority sum comes first.
  let maxEdge = 0;
  for (const ps of profileSpecs)
    maxEdge = Math.max(maxEdge, scaledEntry(finiteMax(ps.durations), durationScale(ps.durationFactor)));
  let maxUnitCost = 0;
  let fixedSum = 0;
  for (const v of vehicles) {
    maxUnitCost = Math.max(maxUnitCost, (v.costs?.per_hour ?? 3600) / 3600 + (v.costs?.per_km ?? 0) / 1000);
    fixedSum += v.costs?.fixed ?? 0;
  }
  let maxDist = 0;
  for (const m of distNode.values()) maxDist = Math.max(maxDist, finiteMax(m));
  const big = (C + 2 * vehicles.length) * (maxEdge + maxDist) * Math.max(maxUnitCost, 1) + fixedSum + 1;
  const anyPriority = jobs.some((j) => (j.priority ?? 0) > 0);

  const clients: ClientSpec[] = jobs.map((j) => {
    const delivery = [...pad(j.delivery ?? (j.pickup ? [] : (j.amount ?? [])), K), ...extra.job(j)];
    const pickup = pad(j.pickup ?? [], K + X);
    const windows = normaliseWindows(j.time_windows);
    const serviceByType = typeNames.map((t) => j.service_per_type?.[t] ?? j.service ?? 0);
    const priority = j.priority ?? 0;
    return {
      id: String(j.id),
      ...(j.location ? { x: j.location[0], y: j.location[1] } : {}),
      delivery,
      pickup,
      service: j.service ?? 0,
      serviceByType,
      windows,
      required: false,
      prize: big * (1 + (anyPriority ? (C + 1) * priority : 0)),
      priority,
    };
  });
  const vehicleTypes: VehicleTypeSpec[] = vehicles.map((v, i) => {
    const tw = v.time_window ?? [0, Infinity];
    const b = v.breaks?.[0];
    return {
      name: String(v.id),
      numAvailable: 1,
      vehicleIds: [String(v.id)],
      startDepot: starts[i]!,
      endDepot: ends[i]!,
      capacity: [
        ...(v.capacity ? pad(v.capacity, K) : new Array<number>(K).fill(Infinity)),
        ...extra.vehicle(v),
      ],
      twEarly: tw[0],
      twLate: tw[1],
      maxDuration: Infinity,
      fixedCost: v.costs?.fixed ?? 0,
      unitDistanceCost: (v.costs?.per_km ?? 0) / 1000,
      unitTravelCost: (v.costs?.per_hour ?? 3600) / 3600,
      unitDurationCost: 0,
      profile: vehicleProfile[i]!,
      serviceType: typeIndex[i]!,
      ...(b
        ? {
            break: {
              id: String(b.id),
              duration: b.service ?? 0,
              windows: normaliseWindows(b.time_windows),
            },
          }
        : {}),
    };
  });
  const coordsOf = (loc: [number, number] | undefined): { x?: number; y?: number } =>
    loc ? { x: loc[0], y: loc[1] } : {};
  const depots = depotLocs.map((l, d) => {
    const v =
      vehicles.find((vv, i) => starts[i] === d && vv.start) ??
      vehicles.find((vv, i) => ends[i] === d && vv.end);
    const loc = v ? (starts[vehicles.indexOf(v)] === d ? v.start : v.end) : undefined;
    return { id: `location-${l}`, ...coordsOf(loc) };
  });
  const spec: ProblemSpec = {
    name,
    numDims: K + X,
    ...(X > 0
      ? { dimNames: [...Array.from({ length: K }, (_, k) => defaultDimName(K, k)), ...extra.names] }
      : {}),
    depots,
    clients,
    vehicleTypes,
    profiles: profileSpecs,
    numServiceTypes: typeNames.length,
    lexicographicPrizes: true,
    breaksOnTheWay: true,
  };
  return {
    spec,
    meta: {
      input,
      jobs,
      jobIndex,
      vehicles,
      nodeLocation,
      durationFactor,
      profileName,
      durations,
      distances,
      numDims: K,
    },
  };
}

/** Largest finite entry (0 for none). */
function finiteMax(m: Matrix): number {
  let max = 0;
  for (let e = 0; e < m.length; e++) {
    const x = m[e]!;
    if (x > max && x !== Infinity) max = x;
  }
  return max;
}

function pad(a: readonly number[], k: number): number[] {
  const out = a.slice(0, k);
  while (out.length < k) out.push(0);
  return out;
}

/** Sorted, merged windows; absent means unconstrained. */
function normaliseWindows(ws: readonly [number, number][] | undefined): TimeWindow[] {
  if (!ws || ws.length === 0) return [];
  const sorted = ws.map(([early, late]) => ({ early, late })).sort((a, b) => a.early - b.early);
  const out: TimeWindow[] = [];
  for (const w of sorted) {
    const last = out[out.length - 1];
    if (last && w.early <= last.late)
      out[out.length - 1] = { early: last.early, late: Math.max(last.late, w.late) };
    else out.push(w);
  }
  return out;
}
