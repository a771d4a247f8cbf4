import type { Problem } from '../model/problem.js';
import { DurationSegment } from '../segments/duration.js';
import type { Solution } from '../solution/solution.js';

/**
 * Why a job is not served, from an exact check of the job alone on an empty route of every vehicle type
 * (never guessed from the plan): the checks run in the order below and each vehicle type stops at its first
 * failure. The job's reason is the failure of the type that got furthest (the closest to taking it); when
 * some type could take it alone, the job was left out because the plan had no room left ('no_room_in_plan').
 *
 * - unreachable: no finite travel time between the vehicle's depots and the job;
 * - a load dimension's name ('weight', 'volume', 'capacity'...): the job alone exceeds the capacity;
 * - time_window: no window of the job can be met, even leaving at the start of the shift;
 * - shift_length: a window can be met, but not while also returning by the end of the shift (or within the
 *   maximum duration, or with the break taken).
 */
export type UnassignedReasonCode = string;

export interface VehicleCheck {
  readonly vehicleType: number;
  /** First failed check, or undefined when the job fits this vehicle alone. */
  readonly failure: UnassignedReasonCode | undefined;
}

export interface UnassignedJob {
  /** Client node index. */
  readonly node: number;
  readonly reason: UnassignedReasonCode;
  readonly checks: readonly VehicleCheck[];
}

export const NO_ROOM = 'no_room_in_plan';

export function unassignedReasons(problem: Problem, solution: Solution): UnassignedJob[] {
  const routed = new Uint8Array(problem.numNodes);
  for (const r of solution.routes) for (const u of r.visits) if (u >= 0) routed[u] = 1;
  const out: UnassignedJob[] = [];
  for (let u = problem.numDepots; u < problem.numNodes; u++) {
    if (routed[u]) continue;
    out.push(explainJob(problem, u));
  }
  return out;
}

export function explainJob(problem: Problem, u: number): UnassignedJob {
  const P = problem;
  const K = P.numDims;
  const order = [
    'unreachable',
    ...Array.from({ length: K }, (_, k) => dimName(P, k)),
    'time_window',
    'shift_length',
  ];
  const checks: VehicleCheck[] = [];
  let bestRank = -1;
  let reason: string | undefined;
  for (let t = 0; t < P.vehicleTypes.length; t++) {
    if (P.vehicleTypes[t]!.numAvailable === 0) continue;
    const failure = checkAlone(P, t, u);
    checks.push({ vehicleType: t, failure });
    if (failure === undefined) {
      bestRank = Infinity;
      reason = NO_ROOM;
    } else {
      const rank = order.indexOf(failure);
      if (rank > bestRank) {
        bestRank = rank;
        reason = failure;
      }
    }
  }
  return { node: u, reason: reason ?? 'no_vehicle', checks };
}

function dimName(P: Problem, k: number): string {
  return P.spec.dimNames?.[k] ?? defaultDimName(P.numDims, k);
}

/** A load dimension's name when the problem names none: `capacity`, or `capacity_k` among several. */
export function defaultDimName(numDims: number, k: number): string {
  return numDims === 1 ? 'capacity' : `capacity_${k}`;
}

/** First failed check of job u alone on vehicle type t, or undefined if it fits. */
export function checkAlone(P: Problem, t: number, u: number): string | undefined {
  const vt = P.vehicleTypes[t]!;
  const N = P.numNodes;
  const out = P.dur(vt.profile, vt.startDepot, u);
  const back = P.dur(vt.profile, u, vt.endDepot);
  if (!Number.isFinite(out) || !Number.isFinite(back) || out >= P.unreachable || back >= P.unreachable)
    return 'unreachable';
  const K = P.numDims;
  for (let k = 0; k < K; k++) {
    const cap = P.capacity[t * K + k]!;
    if (P.delivery[u * K + k]! > cap || P.pickup[u * K + k]! > cap) return dimName(P, k);
  }
  const tol = P.timeTolerance;
  const s = P.service[vt.serviceType * N + u]!;
  const wFrom = P.winOffset[u]!;
  const wTo = P.winOffset[u + 1]!;
  const seg = new DurationSegment();
  // Windows alone: leave at the start of the shift, no end constraint.
  let windowOk = false;
  for (let w = wFrom; w < wTo; w++) {
    seg.set(0, 0, vt.twEarly, vt.twLate).append(out, s, 0, P.winEarly[w]!, P.winLate[w]!);
    if (seg.timeWarp <= tol) windowOk = true;
  }
  if (!windowOk) return 'time_window';
  // With the return by the end of the shift and the maximum duration, and the break if any.
  const bFrom = P.breakOffset[t]!;
  const bTo = P.breakOffset[t + 1]!;
  const bd = P.breakDuration[t]!;
  for (let w = wFrom; w < wTo; w++) {
    const e = P.winEarly[w]!;
    const l = P.winLate[w]!;
    if (bTo === bFrom) {
      seg.set(0, 0, vt.twEarly, vt.twLate).append(out, s, 0, e, l).append(back, 0, 0, vt.twEarly, vt.twLate);
      if (seg.totalTimeWarp(vt.maxDuration) <= tol) return undefined;
      continue;
    }
    for (let b = bFrom; b < bTo; b++) {
      const be = P.breakEarly[b]!;
      const bl = P.breakLate[b]!;
      // Break at the depot before leaving, or at the job after serving it; on the way (breaksOnTheWay), the
      // leg after the break opens its window earlier by that leg's travel.
      const onOut = P.breaksOnTheWay ? out : 0;
      const onBack = P.breaksOnTheWay ? back : 0;
      seg
        .set(0, 0, vt.twEarly, vt.twLate)
        .append(0, bd, 0, be - onOut, bl)
        .append(out, s, 0, e, l)
        .append(back, 0, 0, vt.twEarly, vt.twLate);
      if (seg.totalTimeWarp(vt.maxDuration) <= tol) return undefined;
      seg
        .set(0, 0, vt.twEarly, vt.twLate)
        .append(out, s, 0, e, l)
        .append(0, bd, 0, be - onBack, bl)
        .append(back, 0, 0, vt.twEarly, vt.twLate);
      if (seg.totalTimeWarp(vt.maxDuration) <= tol) return undefined;
    }
  }
  return 'shift_length';
}
