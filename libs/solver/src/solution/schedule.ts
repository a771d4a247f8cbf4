import type { Problem } from '../model/problem.js';
import { scaledEntry } from '../model/matrix.js';
import { DurationSegment } from '../segments/duration.js';
import { BREAK, type SolutionRoute } from './solution.js';

/** One visit of a scheduled route (a client or the break). */
export interface ScheduledVisit {
  /** Client node, or BREAK. */
  readonly node: number;
  /**
   * Travel time from the previous location. For the break: the part of the leg driven before it (0 unless
   * breaks are taken on the way); the visit after the break then has the rest of the leg.
   */
  readonly travel: number;
  readonly distance: number;
  readonly arrival: number;
  readonly waiting: number;
  /** Start of service (of the break). */
  readonly start: number;
  readonly service: number;
  readonly departure: number;
  /** Window that holds `start` (index into the node's windows), -1 if none (time warp). */
  readonly window: number;
  /** Load per dimension after the visit. */
  readonly load: readonly number[];
}

export interface RouteSchedule {
  readonly vehicle: number;
  readonly vehicleType: number;
  readonly start: number;
  readonly end: number;
  readonly startLoad: readonly number[];
  readonly visits: readonly ScheduledVisit[];
  /** Travel into the end depot. */
  readonly endTravel: number;
  readonly endDistance: number;
  readonly travel: number;
  readonly distance: number;
  readonly service: number;
  readonly waiting: number;
  readonly duration: number;
  /** Total lateness (0 for a feasible route). */
  readonly lateness: number;
}

/**
 * The timetable of a route: it leaves the depot at the earliest start that minimises the route duration
 * (no idle wait at the first stops when it can be avoided), then every visit starts as early as possible,
 * in the first window that has not closed on arrival. The break is taken where the driver is, after the
 * previous visit. Used by the writers and by feasibility checks.
 */
export function scheduleRoute(P: Problem, route: SolutionRoute): RouteSchedule {
  const v = route.vehicle;
  const t = P.vehicleType[v]!;
  const vt = P.vehicleTypes[t]!;
  const N = P.numNodes;
  const K = P.numDims;
  const dur = P.durations[vt.profile]!;
  const k = P.travelScale[vt.profile]!;
  const dist = P.distances[vt.profile]!;
  const st = vt.serviceType;
  const bFrom = P.breakOffset[t]!;
  const bTo = P.breakOffset[t + 1]!;
  const pickWindow = (
    arrival: number,
    from: number,
    to: number,
    early: Float64Array,
    late: Float64Array,
  ): number => {
    for (let w = from; w < to; w++) if (late[w]! >= arrival) return w;
    return to - 1;
  };
  // The stop after visit index i (a break's is the next client, or the end depot).
  const nextStop = (i: number): number => (i + 1 < route.visits.length ? route.visits[i + 1]! : vt.endDepot);
  // Pass 1: choose windows greedily from the earliest departure, then find the best start.
  const simulate = (start: number): { windows: number[]; seg: DurationSegment } => {
    const windows: number[] = [];
    const seg = new DurationSegment().set(0, 0, vt.twEarly, vt.twLate);
    let time = start;
    let loc = vt.startDepot;
    for (let i = 0; i < route.visits.length; i++) {
      const u = route.visits[i]!;
      if (u === BREAK) {
        const w = bTo > bFrom ? pickWindow(time, bFrom, bTo, P.breakEarly, P.breakLate) : -1;
        windows.push(w);
        // On the way, a leg of T after the break is the same as its window opening T earlier.
        const e = (w >= 0 ? P.breakEarly[w]! : 0) - P.breakLead(vt.profile, loc, nextStop(i));
        const l = w >= 0 ? P.breakLate[w]! : Infinity;
        seg.append(0, P.breakDuration[t]!, 0, e, l);
        time = Math.max(time, e) + P.breakDuration[t]!;
        continue;
      }
      const tr = scaledEntry(dur[loc * N + u]!, k);
      time += tr;
      const w = pickWindow(time, P.winOffset[u]!, P.winOffset[u + 1]!, P.winEarly, P.winLate);
      windows.push(w);
      const s = P.service[st * N + u]!;
      seg.append(tr, s, 0, P.winEarly[w]!, P.winLate[w]!);
      time = Math.max(time, P.winEarly[w]!) + s;
      loc = u;
    }
    seg.append(scaledEntry(dur[loc * N + vt.endDepot]!, k), 0, 0, vt.twEarly, vt.twLate);
    return { windows, seg };
  };
  const first = simulate(vt.twEarly);
  const start = Math.max(vt.twEarly, Math.min(first.seg.early, vt.twLate));

  const load = new Array<number>(K).fill(0);
  for (const u of route.visits)
    if (u !== BREAK) for (let k = 0; k < K; k++) load[k] = load[k]! + P.delivery[u * K + k]!;
  const startLoad = load.slice();
  const visits: ScheduledVisit[] = [];
  let time = start;
  let loc = vt.startDepot;
  let travel = 0;
  let distance = 0;
  let service = 0;
  let waiting = 0;
  let lateness = 0;
  // Travel and distance of the current leg already driven before the break (breaks on the way).
  let moved = 0;
  let movedDistance = 0;
  for (let i = 0; i < route.visits.length; i++) {
    const u = route.visits[i]!;
    if (u === BREAK) {
      const w = bTo > bFrom ? pickWindow(time, bFrom, bTo, P.breakEarly, P.breakLate) : -1;
      const e = w >= 0 ? P.breakEarly[w]! : time;
      const l = w >= 0 ? P.breakLate[w]! : Infinity;
      // On the way: drive while the break's window is not open yet, at most the whole leg.
      const next = nextStop(i);
      const leg = P.breakLead(vt.profile, loc, next);
      moved = Math.min(leg, Math.max(0, e - time));
      movedDistance = leg > 0 ? Math.round((moved * dist[loc * N + next]!) / leg) : 0;
      const arrival = time + moved;
      const begin = Math.max(arrival, e);
      if (begin > l) lateness += begin - l;
      const bd = P.breakDuration[t]!;
      visits.push({
        node: BREAK,
        travel: moved,
        distance: movedDistance,
        arrival,
        waiting: begin - arrival,
        start: begin,
        service: bd,
        departure: begin + bd,
        window: begin <= l ? w : -1,
        load: load.slice(),
      });
      travel += moved;
      distance += movedDistance;
      waiting += begin - arrival;
      service += bd;
      time = begin + bd;
      continue;
    }
    const tr = scaledEntry(dur[loc * N + u]!, k) - moved;
    const dd = dist[loc * N + u]! - movedDistance;
    moved = 0;
    movedDistance = 0;
    const arrival = time + tr;
    const w = pickWindow(arrival, P.winOffset[u]!, P.winOffset[u + 1]!, P.winEarly, P.winLate);
    const begin = Math.max(arrival, P.winEarly[w]!);
    if (begin > P.winLate[w]!) lateness += begin - P.winLate[w]!;
    const s = P.service[st * N + u]!;
    for (let k = 0; k < K; k++) load[k] = load[k]! - P.delivery[u * K + k]! + P.pickup[u * K + k]!;
    visits.push({
      node: u,
      travel: tr,
      distance: dd,
      arrival,
      waiting: begin - arrival,
      start: begin,
      service: s,
      departure: begin + s,
      window: begin <= P.winLate[w]! ? w - P.winOffset[u]! : -1,
      load: load.slice(),
    });
    travel += tr;
    distance += dd;
    service += s;
    waiting += begin - arrival;
    time = begin + s;
    loc = u;
  }
  const endTravel = scaledEntry(dur[loc * N + vt.endDepot]!, k) - moved;
  const endDistance = dist[loc * N + vt.endDepot]! - movedDistance;
  const end = time + endTravel;
  travel += endTravel;
  distance += endDistance;
  if (end > vt.twLate) lateness += end - vt.twLate;
  if (end - start > vt.maxDuration) lateness += end - start - vt.maxDuration;
  return {
    vehicle: v,
    vehicleType: t,
    start,
    end,
    startLoad,
    visits,
    endTravel,
    endDistance,
    travel,
    distance,
    service,
    waiting,
    duration: end - start,
    lateness,
  };
}

/**
 * The route with its break moved to where the route is shortest (least lateness first, then least
 * duration, then the earliest position). The search only prices travel, so where the break falls among
 * equally cheap places is settled here, for the timetable.
 */
export function polishBreak(P: Problem, route: SolutionRoute): SolutionRoute {
  const at = route.visits.indexOf(BREAK);
  if (at < 0) return route;
  const others = Array.from(route.visits).filter((u) => u !== BREAK);
  let best = route;
  let bestSched = scheduleRoute(P, route);
  for (let pos = 0; pos <= others.length; pos++) {
    const visits = Int32Array.from([...others.slice(0, pos), BREAK, ...others.slice(pos)]);
    const cand = { vehicle: route.vehicle, visits };
    const s = scheduleRoute(P, cand);
    if (
      s.lateness < bestSched.lateness - 1e-9 ||
      (s.lateness <= bestSched.lateness + 1e-9 && s.duration < bestSched.duration - 1e-9)
    ) {
      best = cand;
      bestSched = s;
    }
  }
  return best;
}
