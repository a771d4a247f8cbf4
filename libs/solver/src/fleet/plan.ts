import type { Problem } from '../model/problem.js';
import { polishBreak, scheduleRoute } from '../solution/schedule.js';
import { BREAK, type Solution } from '../solution/solution.js';
import { explainJob, NO_ROOM } from '../unassigned/reasons.js';
import type { FleetModel } from './build.js';
import type {
  FleetPlan,
  FleetProblemInput,
  FleetRoute,
  FleetStop,
  FleetUnassigned,
  FleetUnassignedReason,
} from './types.js';

/**
 * Turns a solution of a fleet model into the product's plan: per driver the ordered stops with times (every
 * stop starts as early as its window allows; the break is taken where the driver is), distances and loads;
 * and for every delivery left out the reason, checked against every driver alone.
 */
export function toFleetPlan(
  input: FleetProblemInput,
  model: FleetModel,
  problem: Problem,
  sol: Solution,
): FleetPlan {
  const D = problem.numDepots;
  const routes: FleetRoute[] = [];
  let totalDistance = 0;
  let totalTravel = 0;
  for (const r of sol.routes) {
    const s = scheduleRoute(problem, polishBreak(problem, r));
    const driver = input.drivers[problem.vehicleType[r.vehicle]!]!;
    const stops: FleetStop[] = [];
    let breakStart: number | null = null;
    let breakTime = 0;
    for (const v of s.visits) {
      if (v.node === BREAK) {
        breakStart = v.start;
        breakTime = v.service;
        continue;
      }
      const g = model.groups[v.node - D]!;
      stops.push({
        sequence: stops.length + 1,
        deliveryPointId: g.deliveryPointId,
        location: g.location,
        deliveries: g.deliveries.map((d) => d.id),
        arrival: v.arrival,
        waiting: v.waiting,
        serviceStart: v.start,
        serviceTime: v.service,
        departure: v.departure,
        travelTime: v.travel,
        distance: v.distance,
        weightAfter: v.load[0] ?? 0,
        volumeAfter: v.load[1] ?? 0,
      });
    }
    routes.push({
      driverId: driver.id,
      vehicleId: driver.vehicle.id,
      start: s.start,
      end: s.end,
      distance: s.distance,
      travelTime: s.travel,
      serviceTime: s.service - breakTime,
      waitingTime: s.waiting,
      totalTime: s.duration,
      breakStart,
      breakTime,
      weight: s.startLoad[0] ?? 0,
      volume: s.startLoad[1] ?? 0,
      stops,
    });
    totalDistance += s.distance;
    totalTravel += s.travel;
  }
  const routed = new Uint8Array(problem.numNodes);
  for (const r of sol.routes) for (const u of r.visits) if (u >= 0) routed[u] = 1;
  const unassigned: FleetUnassigned[] = [];
  for (let u = D; u < problem.numNodes; u++) {
    if (routed[u]) continue;
    const g = model.groups[u - D]!;
    const why = explainJob(problem, u);
    const reason: FleetUnassignedReason =
      input.drivers.length === 0
        ? 'no_driver'
        : why.reason === NO_ROOM
          ? 'no_room_in_plan'
          : (why.reason as FleetUnassignedReason);
    const drivers = why.checks.map((c) => ({
      driverId: input.drivers[c.vehicleType]!.id,
      ...(c.failure !== undefined ? { failure: c.failure } : {}),
    }));
    for (const d of g.deliveries)
      unassigned.push({ deliveryId: d.id, deliveryPointId: g.deliveryPointId, reason, drivers });
  }
  return { routes, unassigned, totalDistance, totalTravelTime: totalTravel };
}
