import { ValidationError } from '@fleet/core';
import type { ProblemSpec, TimeWindow, VehicleTypeSpec } from './spec.js';
import { compactMatrix, durationScale, scaledEntry, U16_MAX, wholeUint16Max, type Matrix } from './matrix.js';
import { completeCoordinates } from './coordinates.js';

/**
 * The immutable problem: the spec flattened into typed arrays for the inner loops, plus a few derived
 * facts (route classes, fleet layout). Built once per solve and per worker; never changed afterwards.
 */
export class Problem {
  readonly spec: ProblemSpec;
  readonly name: string;
  /** Nodes: depots then clients. */
  readonly numNodes: number;
  readonly numDepots: number;
  readonly numClients: number;
  readonly numDims: number;
  readonly numServiceTypes: number;
  /** delivery[u * K + d], pickup[u * K + d]. */
  readonly delivery: Float64Array;
  readonly pickup: Float64Array;
  readonly hasPickups: boolean;
  /** service[st * N + u]. */
  readonly service: Float64Array;
  /** Windows of node u: indexes winOffset[u] .. winOffset[u+1]-1 of winEarly / winLate. */
  readonly winOffset: Int32Array;
  readonly winEarly: Float64Array;
  readonly winLate: Float64Array;
  readonly required: Uint8Array;
  /** What the search earns for routing an optional client (0 for required ones); see searchPrizes(). */
  readonly prize: Float64Array;
  /** What the objective counts for an optional client left out: the spec's prize. */
  readonly value: Float64Array;
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Whether x and y hold plane coordinates: the spec's, or, for a spec without them, `embedded` ones. */
  readonly hasCoordinates: boolean;
  /** Whether x and y were computed from the first duration matrix (model/embedding.ts). */
  readonly embedded: boolean;
  readonly hasTimeConstraints: boolean;
  readonly allRequired: boolean;
  /** How many clients are optional (allRequired: none). */
  readonly numOptional: number;
  /** ProblemSpec.breaksOnTheWay. */
  readonly breaksOnTheWay: boolean;
  readonly timeTolerance: number;
  readonly unreachable: number;
  /**
   * Node-indexed matrices per profile. A profile's travel time from a to b is
   * scaledEntry(durations[p][a * N + b], travelScale[p]) (`dur`): profiles that differ only by a speed factor
   * share one array.
   */
  readonly durations: readonly Matrix[];
  /** Per profile: the scale its durations are read with (ProfileSpec.durationFactor / 100, or 1). */
  readonly travelScale: Float64Array;
  readonly distances: readonly Matrix[];
  /** Whether every matrix is symmetric (computed on demand: O(N^2) per profile). */
  readonly symmetricMatrices: () => boolean;

  // Fleet: vehicle types, then one vehicle per available unit (vehicle v has type vehicleType[v]).
  readonly vehicleTypes: readonly VehicleTypeSpec[];
  readonly numVehicles: number;
  readonly vehicleType: Int32Array;
  /** Per vehicle type: first vehicle index. */
  readonly typeOffset: Int32Array;
  /** Route class of a type: types sharing (profile, service type) share route segment data. */
  readonly typeClass: Int32Array;
  readonly numClasses: number;
  readonly classProfile: Int32Array;
  readonly classServiceType: Int32Array;
  /** capacity[t * K + d]. */
  readonly capacity: Float64Array;
  /** Break windows per type: breakOffset[t] .. breakOffset[t+1]-1 (empty = no break). */
  readonly breakOffset: Int32Array;
  readonly breakEarly: Float64Array;
  readonly breakLate: Float64Array;
  readonly breakDuration: Float64Array;
  readonly hasBreaks: boolean;
  /**
   * Edge cost matrix per vehicle type (unitDistanceCost * distance + unitTravelCost * duration), shared, read
   * through edgeScale[t] (scaledEntry): a vehicle paying travel time only reads its profile's durations.
   */
  readonly edgeCost: readonly Matrix[];
  readonly edgeScale: Float64Array;
  /** Per vehicle type: the same number for types whose edge costs are equal (same matrix and scale). */
  readonly edgeCostKey: Int32Array;
  /**
   * Element-wise minimum of the edge cost matrices, read through minEdgeScale: a lower bound on any vehicle's
   * edge cost.
   */
  readonly minEdgeCost: Matrix;
  readonly minEdgeScale: number;
  /**
   * Some matrix is read through a scale other than 1 (travelScale, edgeScale, minEdgeScale): the search then
   * uses the classes that apply it (ScaledEvaluator, ScaledSearchRoute).
   */
  readonly readsScaled: boolean;
  /**
   * Some profile reads a speed factor, and every such profile reads a scaled copy of its matrix (readDurations)
   * rather than the shared one through its factor: what ProblemOptions.scaledCopies passes on.
   */
  readonly scaledCopies: boolean;
  /** Some vehicle pays for distance (unitDistanceCost != 0); else the search need not sum distances. */
  readonly distanceCosts: boolean;
  /** Some vehicle pays for travel time (unitTravelCost != 0). */
  readonly travelCosts: boolean;

  constructor(spec: ProblemSpec, options: ProblemOptions = {}) {
    validateSpec(spec);
    this.spec = spec;
    this.name = spec.name;
    const D = spec.depots.length;
    const C = spec.clients.length;
    const N = D + C;
    const K = spec.numDims;
    const S = Math.max(1, spec.numServiceTypes);
    this.numNodes = N;
    this.numDepots = D;
    this.numClients = C;
    this.numDims = K;
    this.numServiceTypes = S;
    this.timeTolerance = spec.timeTolerance ?? 0;
    // A non-finite entry (a pair no vehicle can travel) becomes a finite leg far longer than any real one: with
    // Infinity, merging time segments gives Infinity - Infinity = NaN, and one such pair emptied whole plans.
    const matrices = new Set(spec.profiles.flatMap((p) => [p.durations, p.distances]));
    const leg = unreachableLeg(matrices);
    this.travelScale = Float64Array.from(spec.profiles, (p) => durationScale(p.durationFactor));
    // A profile read faster than its entries (scale below 1) reads the stand-in leg shorter too.
    const fastest = Math.min(1, ...this.travelScale);
    this.unreachable = scaledEntry(Math.min(spec.unreachable ?? Infinity, leg), fastest);
    // Profiles often share a matrix (VROOM's distances): each distinct one is scanned, and copied, once. The
    // search reads the compact form (model/matrix.ts); a spec that is already compact (the pool's shared
    // spec) keeps its arrays.
    const finite = new Map<Matrix, Matrix>();
    for (const m of matrices) finite.set(m, compactMatrix(finiteLegs(m, leg)));

    this.delivery = new Float64Array(N * K);
    this.pickup = new Float64Array(N * K);
    this.service = new Float64Array(S * N);
    this.required = new Uint8Array(N);
    this.prize = new Float64Array(N);
    this.value = new Float64Array(N);
    this.x = new Float64Array(N).fill(NaN);
    this.y = new Float64Array(N).fill(NaN);
    this.winOffset = new Int32Array(N + 1);
    let hasPickups = false;
    let numOptional = 0;
    let hasTime = false;
    const early: number[] = [];
    const late: number[] = [];
    for (let d = 0; d < D; d++) {
      const dep = spec.depots[d]!;
      this.x[d] = dep.x ?? NaN;
      this.y[d] = dep.y ?? NaN;
      this.winOffset[d + 1] = 0;
    }
    for (let c = 0; c < C; c++) {
      const u = D + c;
      const cl = spec.clients[c]!;
      this.x[u] = cl.x ?? NaN;
      this.y[u] = cl.y ?? NaN;
      for (let k = 0; k < K; k++) {
        this.delivery[u * K + k] = cl.delivery[k] ?? 0;
        const p = cl.pickup?.[k] ?? 0;
        this.pickup[u * K + k] = p;
        if (p !== 0) hasPickups = true;
      }
      for (let st = 0; st < S; st++) this.service[st * N + u] = cl.serviceByType?.[st] ?? cl.service;
      this.required[u] = cl.required ? 1 : 0;
      if (!cl.required) numOptional++;
      this.value[u] = cl.required ? 0 : (cl.prize ?? 0);
      const ws: readonly TimeWindow[] = cl.windows && cl.windows.length > 0 ? cl.windows : [FREE];
      for (const w of ws) {
        early.push(w.early);
        late.push(w.late);
        if (w.early > 0 || w.late < Infinity) hasTime = true;
      }
      this.winOffset[u + 1] = early.length;
    }
    // Depots have no windows of their own (the vehicle type's shift plays that role): offsets stay 0
    // for them, so fix the prefix for clients after depots.
    for (let u = 0; u <= D; u++) this.winOffset[u] = 0;
    this.winEarly = Float64Array.from(early);
    this.winLate = Float64Array.from(late);
    this.hasPickups = hasPickups;
    this.numOptional = numOptional;
    this.allRequired = numOptional === 0;
    this.breaksOnTheWay = spec.breaksOnTheWay === true;

    const scaled = this.travelScale.some((k) => k !== 1);
    this.durations = readDurations(
      spec.profiles.map((p) => finite.get(p.durations)!),
      this.travelScale,
      options.scaledCopies === undefined
        ? (options.scaledCopiesBytes ?? SCALED_COPIES_BYTES)
        : options.scaledCopies
          ? Infinity
          : 0,
    );
    this.scaledCopies = scaled && this.travelScale.every((k) => k === 1);
    this.distances = spec.profiles.map((p) => finite.get(p.distances)!);
    this.symmetricMatrices = (): boolean => [...matrices].every((m) => isSymmetric(m, N));
    const coordinates = completeCoordinates(this.durations[0]!, N, D, this.unreachable, this.x, this.y);
    this.embedded = coordinates === 'embedded';
    this.hasCoordinates = coordinates !== 'none';

    // Fleet.
    const T = spec.vehicleTypes.length;
    this.vehicleTypes = spec.vehicleTypes;
    this.typeOffset = new Int32Array(T + 1);
    for (let t = 0; t < T; t++)
      this.typeOffset[t + 1] = this.typeOffset[t]! + spec.vehicleTypes[t]!.numAvailable;
    this.numVehicles = this.typeOffset[T]!;
    this.vehicleType = new Int32Array(this.numVehicles);
    for (let t = 0; t < T; t++)
      for (let v = this.typeOffset[t]!; v < this.typeOffset[t + 1]!; v++) this.vehicleType[v] = t;
    this.capacity = new Float64Array(T * K);
    this.typeClass = new Int32Array(T);
    const classKeys: string[] = [];
    const classProfile: number[] = [];
    const classService: number[] = [];
    this.breakOffset = new Int32Array(T + 1);
    const bE: number[] = [];
    const bL: number[] = [];
    this.breakDuration = new Float64Array(T);
    for (let t = 0; t < T; t++) {
      const vt = spec.vehicleTypes[t]!;
      for (let k = 0; k < K; k++) this.capacity[t * K + k] = vt.capacity[k] ?? 0;
      const key = `${vt.profile}:${vt.serviceType}`;
      let cls = classKeys.indexOf(key);
      if (cls < 0) {
        cls = classKeys.length;
        classKeys.push(key);
        classProfile.push(vt.profile);
        classService.push(vt.serviceType);
      }
      this.typeClass[t] = cls;
      if (vt.break) {
        const ws = vt.break.windows.length > 0 ? vt.break.windows : [FREE];
        for (const w of ws) {
          bE.push(w.early);
          bL.push(w.late);
        }
        this.breakDuration[t] = vt.break.duration;
        hasTime = true;
      }
      this.breakOffset[t + 1] = bE.length;
      if (vt.twEarly > 0 || vt.twLate < Infinity || vt.maxDuration < Infinity) hasTime = true;
    }
    this.breakEarly = Float64Array.from(bE);
    this.breakLate = Float64Array.from(bL);
    this.hasBreaks = bE.length > 0;
    this.numClasses = classKeys.length;
    this.classProfile = Int32Array.from(classProfile);
    this.classServiceType = Int32Array.from(classService);
    this.hasTimeConstraints = hasTime;

    this.distanceCosts = spec.vehicleTypes.some((vt) => vt.unitDistanceCost !== 0);
    this.travelCosts = spec.vehicleTypes.some((vt) => vt.unitTravelCost !== 0);
    // Distinct edge costs: one (matrix, scale) pair per (profile, unit costs) and no two alike.
    const costKeys = new Map<string, number>();
    const distinct: { m: Matrix; k: number }[] = [];
    const keyOf = (m: Matrix, k: number): number => {
      let at = distinct.findIndex((d) => d.m === m && d.k === k);
      if (at < 0) at = distinct.push({ m, k }) - 1;
      return at;
    };
    this.edgeCostKey = Int32Array.from(spec.vehicleTypes, (vt) => {
      const key = `${vt.profile}:${vt.unitDistanceCost}:${vt.unitTravelCost}`;
      let at = costKeys.get(key);
      if (at === undefined) {
        const dist = this.distances[vt.profile]!;
        const dur = this.durations[vt.profile]!;
        const k = this.travelScale[vt.profile]!;
        if (vt.unitDistanceCost === 1 && vt.unitTravelCost === 0) at = keyOf(dist, 1);
        else if (vt.unitDistanceCost === 0 && vt.unitTravelCost === 1) at = keyOf(dur, k);
        else {
          const c = new Float64Array(N * N);
          for (let i = 0; i < N * N; i++)
            c[i] = vt.unitDistanceCost * dist[i]! + vt.unitTravelCost * scaledEntry(dur[i]!, k);
          at = keyOf(compactMatrix(c), 1);
        }
        costKeys.set(key, at);
      }
      return at;
    });
    this.edgeCost = Array.from(this.edgeCostKey, (at) => distinct[at]!.m);
    this.edgeScale = Float64Array.from(this.edgeCostKey, (at) => distinct[at]!.k);
    const [first] = distinct;
    if (!first) {
      this.minEdgeCost = new Float64Array(N * N);
      this.minEdgeScale = 1;
    } else if (distinct.every((d) => d.m === first.m)) {
      // One matrix read at several speeds: the fastest reads every entry lowest (scaledEntry is monotone in k).
      this.minEdgeCost = first.m;
      this.minEdgeScale = Math.min(...distinct.map((d) => d.k));
    } else {
      const lb = new Float64Array(N * N).fill(Infinity);
      for (const { m, k } of distinct)
        for (let i = 0; i < N * N; i++) {
          const x = scaledEntry(m[i]!, k);
          if (x < lb[i]!) lb[i] = x;
        }
      this.minEdgeCost = compactMatrix(lb);
      this.minEdgeScale = 1;
    }
    this.readsScaled =
      this.minEdgeScale !== 1 || this.travelScale.some((k) => k !== 1) || this.edgeScale.some((k) => k !== 1);
    if (spec.lexicographicPrizes) this.prize.set(searchPrizes(this, spec));
    else this.prize.set(this.value);
  }

  isClient(u: number): boolean {
    return u >= this.numDepots && u < this.numNodes;
  }

  typeHasBreak(t: number): boolean {
    return this.breakOffset[t + 1]! > this.breakOffset[t]!;
  }

  /** Distance in profile p. */
  dist(p: number, a: number, b: number): number {
    return this.distances[p]![a * this.numNodes + b]!;
  }

  /** Travel duration in profile p. */
  dur(p: number, a: number, b: number): number {
    return scaledEntry(this.durations[p]![a * this.numNodes + b]!, this.travelScale[p]!);
  }

  /** Edge cost a -> b for a vehicle of type t. */
  edge(t: number, a: number, b: number): number {
    return scaledEntry(this.edgeCost[t]![a * this.numNodes + b]!, this.edgeScale[t]!);
  }

  /**
   * How much earlier the window of a break opens when the leg from `from` to `to` (nodes) follows it, in
   * profile p: that leg's travel with breaks on the way (the driver may drive it while the window is shut),
   * else 0.
   */
  breakLead(p: number, from: number, to: number): number {
    return this.breaksOnTheWay ? this.dur(p, from, to) : 0;
  }
}

const FREE: TimeWindow = { early: 0, late: Infinity };

/**
 * How many plain jobs' prizes one point of priority is worth in the search (searchPrizes). The objective puts
 * the priority sum before the number of jobs, so no count of plain jobs makes up for a priority job; the search
 * prizes are bounded, and with 1 x priority a short fleet (316 jobs, 5 vehicles) ended one priority-25 job short
 * of VROOM on both CLI seeds. Session 15, CLI at 10 s with 2 workers over 53 instances and seeds 1 and 2:
 * 4 served all the priority on that fleet and left 3 runs short of VROOM against 5; 10 cost travel and jobs
 * (docs/solver.md, search prizes).
 */
export const PRIORITY_PRIZE_WEIGHT = 4;

/**
 * Search prizes for lexicographic values. A value larger than any plan's cost makes every violation that
 * brings a client in worth it long before the penalty weights could catch up, so the search would either
 * drown in infeasible plans or (refusing violations) never cross infeasible space to fit one more client.
 * Instead every client earns the same base prize: twice (plus one) the largest cost of serving one client
 * alone, the most expensive vehicle's start -> client -> end over all clients (an upper bound on what
 * inserting any client can add when travel obeys the triangle inequality; a client that no vehicle can
 * reach and leave earns 1). The objective counts every job
 * the same, so a far job earns no more than a near one (with a prize of twice its own round trip, the search
 * gave up near jobs to fit far ones). It is multiplied by a weight: 1 + PRIORITY_PRIZE_WEIGHT x priority for a
 * client with a priority (VROOM jobs), so that a priority-100 job earns about ten times a priority-10 one, as in
 * the objective, and a priority-10 job 41 plain ones; else 1 + log2(value / least value) (a product stop of
 * several deliveries earns more). Which plan is best is still decided by the exact values (Solution.objective).
 */
function searchPrizes(P: Problem, spec: ProblemSpec): Float64Array {
  const N = P.numNodes;
  const out = new Float64Array(N);
  const reachable = new Uint8Array(N);
  let least = Infinity;
  let alone = 0;
  for (let u = P.numDepots; u < N; u++) {
    if (P.value[u]! <= 0) continue;
    least = Math.min(least, P.value[u]!);
    P.vehicleTypes.forEach((vt, t) => {
      const c = P.edge(t, vt.startDepot, u) + P.edge(t, u, vt.endDepot) + vt.fixedCost;
      if (Number.isFinite(c) && c < P.unreachable) {
        alone = Math.max(alone, c);
        reachable[u] = 1;
      }
    });
  }
  for (let u = P.numDepots; u < N; u++) {
    const value = P.value[u]!;
    if (value <= 0) continue;
    const priority = spec.clients[u - P.numDepots]!.priority ?? 0;
    const weight = priority > 0 ? 1 + PRIORITY_PRIZE_WEIGHT * priority : 1 + Math.log2(value / least);
    // A client no vehicle can serve alone (no finite way out and back) earns the weight only.
    out[u] = (reachable[u] ? 2 * alone + 1 : 1) * weight;
  }
  return out;
}

/**
 * Up to this many bytes of scaled copies, profiles that read a shared matrix through a speed factor get a copy
 * of their own instead (`readDurations`). Session 38, iteration-limited islands of a build with one copy per
 * factor against one reading every problem through the factor, same plans, both builds in one process: 134 to
 * 317 jobs (3 to 8 factors, 0.1 to 1.6 MB of copies) took 1.00 to 1.24 times as long through the factor (their
 * matrices sit in the caches, so only the arithmetic is left); 495 and 927 jobs (17 and 16 factors, 8.3 and 27 MB)
 * 0.92 and 0.78 times, bound by memory (docs/solver.md, "One matrix per VROOM profile").
 */
export const SCALED_COPIES_BYTES = 4 << 20;

export interface ProblemOptions {
  /** Budget for scaled copies of shared duration matrices (default SCALED_COPIES_BYTES; 0: none). */
  readonly scaledCopiesBytes?: number;
  /**
   * Scaled copies whatever their size (true) or none (false), instead of the budget. The decomposition's parts
   * take the whole problem's choice (Problem.scaledCopies): a part small enough for copies would otherwise run
   * the search classes that read without a scale (search/state.ts, readsScaled) in a worker whose islands ran
   * the scaled ones, on code V8 has not optimised yet. Session 63, 10 s runs of `alt-s18062-001` (503 jobs, 21
   * profiles): the parts made 403 and 542 generations against 833 and 840 with the choice passed on
   * (docs/solver.md, "Decomposition across workers").
   */
  readonly scaledCopies?: boolean;
}

/**
 * The duration matrix each profile reads: `base[p]` through `scale[p]`, or, when the distinct scaled copies
 * fit in `budget` bytes, a compact copy holding the scaled values (its scale set to 1 in `scale`).
 */
function readDurations(base: readonly Matrix[], scale: Float64Array, budget: number): Matrix[] {
  const copies = new Map<string, { m: Matrix; k: number }>();
  const ids = new Map<Matrix, number>();
  let bytes = 0;
  base.forEach((m, p) => {
    const k = scale[p]!;
    if (k === 1) return;
    if (!ids.has(m)) ids.set(m, ids.size);
    const key = `${ids.get(m)!}|${k}`;
    if (copies.has(key)) return;
    copies.set(key, { m, k });
    bytes += m.byteLength;
  });
  if (bytes === 0 || bytes > budget) return [...base];
  const made = new Map<string, Matrix>();
  const maxOf = new Map<Matrix, number | undefined>();
  for (const [key, { m, k }] of copies) {
    if (!maxOf.has(m)) maxOf.set(m, m instanceof Uint16Array ? wholeUint16Max(m) : undefined);
    const max = maxOf.get(m);
    made.set(key, max !== undefined && scaledEntry(max, k) <= U16_MAX ? scaledU16(m, k) : scaledCopy(m, k));
  }
  return base.map((m, p) => {
    const k = scale[p]!;
    if (k === 1) return m;
    scale[p] = 1;
    return made.get(`${ids.get(m)!}|${k}`)!;
  });
}

/**
 * `m` read through scale k, as a Uint16Array: for a Uint16 matrix whose largest entry scales to at most 65535
 * (scaledEntry is monotone in x, so every entry does). One pass into the target type: at 255 nodes and 20
 * profiles about five times as fast as scaling into doubles and compacting them (session 63).
 */
function scaledU16(m: Matrix, k: number): Uint16Array {
  const c = new Uint16Array(m.length);
  for (let e = 0; e < m.length; e++) c[e] = Math.floor(m[e]! * k + 0.505);
  return c;
}

/** `m` read through scale k, in the smallest exact type (compactMatrix). */
function scaledCopy(m: Matrix, k: number): Matrix {
  const c = new Float64Array(m.length);
  for (let e = 0; e < m.length; e++) c[e] = scaledEntry(m[e]!, k);
  return compactMatrix(c);
}

/** The stand-in for a non-finite matrix entry: 1e9, or a thousand times the longest finite entry if that is more. */
function unreachableLeg(matrices: Iterable<Matrix>): number {
  let max = 0;
  for (const m of matrices) {
    // Whole numbers up to 65535: finite, and 1000 x the largest is below 1e9 (no scan needed).
    if (m instanceof Uint16Array) continue;
    for (let e = 0; e < m.length; e++) {
      const x = m[e]!;
      if (x > max && x !== Infinity) max = x;
    }
  }
  return Math.max(1e9, 1000 * max);
}

/** m itself when every entry is finite, else a copy with `leg` in place of the others. */
function finiteLegs(m: Matrix, leg: number): Matrix {
  if (m instanceof Uint16Array) return m;
  let copy: Float64Array | undefined;
  for (let e = 0; e < m.length; e++)
    if (!Number.isFinite(m[e]!)) {
      copy ??= Float64Array.from(m);
      copy[e] = leg;
    }
  return copy ?? m;
}

function isSymmetric(m: Matrix, n: number): boolean {
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (m[i * n + j] !== m[j * n + i]) return false;
  return true;
}

/**
 * Throws a ValidationError naming every field of `spec` a Problem cannot be built from (the constructor's own
 * check, for callers that build the Problem later).
 */
export function validateSpec(spec: ProblemSpec): void {
  const errors: Record<string, string> = {};
  const D = spec.depots.length;
  const N = D + spec.clients.length;
  if (D === 0) errors['depots'] = 'at least one depot is needed';
  if (spec.profiles.length === 0) errors['profiles'] = 'at least one profile is needed';
  spec.profiles.forEach((p, i) => {
    if (p.durations.length !== N * N) errors[`profiles[${i}].durations`] = `expected ${N}x${N} values`;
    if (p.distances.length !== N * N) errors[`profiles[${i}].distances`] = `expected ${N}x${N} values`;
    const f = p.durationFactor;
    if (f !== undefined && !(f > 0 && Number.isFinite(f)))
      errors[`profiles[${i}].durationFactor`] = 'must be a positive number';
  });
  spec.vehicleTypes.forEach((vt, t) => {
    const at = `vehicleTypes[${t}]`;
    if (vt.startDepot < 0 || vt.startDepot >= D) errors[`${at}.startDepot`] = 'not a depot';
    if (vt.endDepot < 0 || vt.endDepot >= D) errors[`${at}.endDepot`] = 'not a depot';
    if (vt.profile < 0 || vt.profile >= spec.profiles.length) errors[`${at}.profile`] = 'unknown profile';
    if (!(vt.numAvailable >= 0)) errors[`${at}.numAvailable`] = 'must be >= 0';
    if (vt.twEarly > vt.twLate) errors[`${at}.twEarly`] = 'shift starts after it ends';
  });
  spec.clients.forEach((c, i) => {
    const ws = c.windows ?? [];
    for (let w = 0; w < ws.length; w++) {
      const win = ws[w]!;
      if (win.early > win.late) errors[`clients[${i}].windows[${w}]`] = 'early after late';
      if (w > 0 && ws[w - 1]!.late > win.early)
        errors[`clients[${i}].windows`] = 'windows must be sorted and disjoint';
    }
  });
  if (Object.keys(errors).length > 0) throw new ValidationError('invalid problem', errors);
}
