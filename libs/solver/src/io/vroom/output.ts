import type { Problem } from '../../model/problem.js';
import { polishBreak, scheduleRoute } from '../../solution/schedule.js';
import { BREAK, type Solution } from '../../solution/solution.js';
import { unassignedReasons } from '../../unassigned/reasons.js';
import type { VroomMeta } from './input.js';

/** VROOM's output document (docs/API.md, "Output"), plus a `reason` on each unassigned job. */
export interface VroomOutput {
  code: number;
  summary: Record<string, unknown>;
  unassigned: Record<string, unknown>[];
  routes: Record<string, unknown>[];
}

export interface VroomTimes {
  readonly loading: number;
  readonly solving: number;
}

/**
 * Writes a solution in VROOM's output format. Times are those of the schedule (scheduleRoute): the vehicle
 * leaves when that avoids idle waiting, each task starts as early as its windows allow. `duration` values are
 * travel times (setup excluded, as in VROOM), `distance` is given when the input has distance matrices.
 */
export function toVroomOutput(
  problem: Problem,
  meta: VroomMeta,
  solution: Solution,
  times: VroomTimes,
): VroomOutput {
  const D = problem.numDepots;
  // The input's dimensions come first; the extra ones (skills, max_tasks: extraDims.ts) are not reported.
  const K = meta.numDims;
  const S = problem.numDims;
  const loadOf = (load: ArrayLike<number>): number[] => Array.from(load).slice(0, K);
  const withDistance = meta.distances.size > 0;
  const routes: Record<string, unknown>[] = [];
  const totals = { cost: 0, setup: 0, service: 0, duration: 0, waiting: 0, priority: 0, distance: 0 };
  const delivery = new Array<number>(K).fill(0);
  const pickup = new Array<number>(K).fill(0);
  for (const route of solution.routes) {
    const v = route.vehicle;
    const vehicle = meta.vehicles[v]!;
    const sched = scheduleRoute(problem, polishBreak(problem, route));
    const steps: Record<string, unknown>[] = [];
    const startLoc = vehicle.start_index;
    let cumTravel = 0;
    let cumDistance = 0;
    let priority = 0;
    const rDelivery = new Array<number>(K).fill(0);
    const rPickup = new Array<number>(K).fill(0);
    const startStep: Record<string, unknown> = { type: 'start' };
    if (vehicle.start) startStep['location'] = vehicle.start;
    if (startLoc !== undefined) startStep['location_index'] = startLoc;
    Object.assign(startStep, {
      setup: 0,
      service: 0,
      waiting_time: 0,
      load: loadOf(sched.startLoad),
      arrival: sched.start,
      duration: 0,
      violations: [],
    });
    if (withDistance) startStep['distance'] = 0;
    steps.push(startStep);
    for (const visit of sched.visits) {
      if (visit.node === BREAK) {
        const b = vehicle.breaks![0]!;
        // Travel driven before the break, on the way to the next step (VROOM reports it at the break).
        cumTravel += visit.travel;
        cumDistance += visit.distance;
        const step: Record<string, unknown> = {
          type: 'break',
          id: b.id,
          setup: 0,
          service: visit.service,
          waiting_time: visit.waiting,
          load: loadOf(visit.load),
          arrival: visit.arrival,
          duration: cumTravel,
          violations: [],
        };
        if (b.description !== undefined) step['description'] = b.description;
        if (withDistance) step['distance'] = cumDistance;
        steps.push(step);
        continue;
      }
      const c = visit.node - D;
      const job = meta.jobs[c]!;
      const loc = job.location_index!;
      cumTravel += visit.travel;
      cumDistance += visit.distance;
      priority += job.priority ?? 0;
      for (let k = 0; k < K; k++) {
        rDelivery[k] = rDelivery[k]! + problem.delivery[visit.node * S + k]!;
        rPickup[k] = rPickup[k]! + problem.pickup[visit.node * S + k]!;
      }
      const step: Record<string, unknown> = { type: 'job', id: job.id };
      if (job.description !== undefined) step['description'] = job.description;
      if (job.location) step['location'] = job.location;
      Object.assign(step, {
        location_index: loc,
        setup: 0,
        service: visit.service,
        waiting_time: visit.waiting,
        load: loadOf(visit.load),
        arrival: visit.arrival,
        duration: cumTravel,
        violations: [],
      });
      if (withDistance) step['distance'] = cumDistance;
      steps.push(step);
    }
    cumTravel += sched.endTravel;
    cumDistance += sched.endDistance;
    const endStep: Record<string, unknown> = { type: 'end' };
    if (vehicle.end) endStep['location'] = vehicle.end;
    if (vehicle.end_index !== undefined) endStep['location_index'] = vehicle.end_index;
    Object.assign(endStep, {
      setup: 0,
      service: 0,
      waiting_time: 0,
      load:
        sched.visits.length > 0
          ? loadOf(sched.visits[sched.visits.length - 1]!.load)
          : loadOf(sched.startLoad),
      arrival: sched.end,
      duration: cumTravel,
      violations: [],
    });
    if (withDistance) endStep['distance'] = cumDistance;
    steps.push(endStep);
    const perHour = vehicle.costs?.per_hour ?? 3600;
    const perKm = vehicle.costs?.per_km ?? 0;
    const cost = Math.round(
      (vehicle.costs?.fixed ?? 0) + (perHour * cumTravel) / 3600 + (perKm * cumDistance) / 1000,
    );
    const r: Record<string, unknown> = { vehicle: vehicle.id };
    if (vehicle.description !== undefined) r['description'] = vehicle.description;
    Object.assign(r, {
      cost,
      delivery: rDelivery,
      amount: rDelivery,
      pickup: rPickup,
      setup: 0,
      service: sched.service,
      duration: cumTravel,
      waiting_time: sched.waiting,
      priority,
      violations: [],
      steps,
    });
    if (withDistance) r['distance'] = cumDistance;
    routes.push(r);
    totals.cost += cost;
    totals.service += sched.service;
    totals.duration += cumTravel;
    totals.waiting += sched.waiting;
    totals.priority += priority;
    totals.distance += cumDistance;
    for (let k = 0; k < K; k++) {
      delivery[k] = delivery[k]! + rDelivery[k]!;
      pickup[k] = pickup[k]! + rPickup[k]!;
    }
  }
  // In the input's order of jobs (the clients are numbered by locality).
  const left = unassignedReasons(problem, solution).sort(
    (a, b) => meta.jobIndex[a.node - D]! - meta.jobIndex[b.node - D]!,
  );
  const unassigned = left.map((u) => {
    const job = meta.jobs[u.node - D]!;
    const e: Record<string, unknown> = { id: job.id, type: 'job' };
    if (job.description !== undefined) e['description'] = job.description;
    if (job.location) e['location'] = job.location;
    if (job.location_index !== undefined) e['location_index'] = job.location_index;
    e['reason'] = u.reason;
    return e;
  });
  const summary: Record<string, unknown> = {
    cost: totals.cost,
    routes: routes.length,
    unassigned: unassigned.length,
    delivery,
    amount: delivery,
    pickup,
    setup: totals.setup,
    service: totals.service,
    duration: totals.duration,
    waiting_time: totals.waiting,
    priority: totals.priority,
    violations: [],
    computing_times: { loading: Math.round(times.loading), solving: Math.round(times.solving), routing: 0 },
  };
  if (withDistance) summary['distance'] = totals.distance;
  return { code: 0, summary, unassigned, routes };
}
