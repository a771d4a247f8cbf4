import type { Violation } from '../violation.js';
import { buildProblem, type ProblemModel, type VehicleModel } from './model.js';
import { addAmounts, routeReporter, sameAmounts, showAmounts, type Reporter } from './route-context.js';
import { checkLoads } from './route-load.js';
import { resolveSteps } from './route-structure.js';
import { checkTiming, type RouteTiming } from './route-timing.js';
import type { VroomInput, VroomOutput, VroomRoute } from './schema.js';

/** Figures recomputed from the input along the output's routes (not copied from the output's summary). */
export interface VroomMetrics {
  readonly jobs: number;
  readonly assigned: number;
  readonly unassigned: number;
  /** Sum of the priorities of the assigned jobs. */
  readonly priority: number;
  readonly routes: number;
  /** Total travel time (VROOM's `duration`), seconds. */
  readonly duration: number;
  readonly distance: number;
  readonly service: number;
  readonly setup: number;
  readonly waiting: number;
  readonly cost: number;
  /** Sum over routes of end arrival - start arrival, seconds. */
  readonly span: number;
}

export interface VroomCheckReport {
  readonly feasible: boolean;
  readonly violations: readonly Violation[];
  readonly metrics: VroomMetrics;
}

/**
 * Checks a VROOM-format output against its input: coverage (each job in exactly one route or in `unassigned`),
 * each route (shape, loads, timing, see route-*.ts), each route's totals and cost, and the summary's totals.
 */
export function checkVroomSolution(input: VroomInput, output: VroomOutput): VroomCheckReport {
  const problem = buildProblem(input);
  const violations: Violation[] = [];
  const report: Reporter = (rule, message, at) => {
    violations.push({ rule, message, ...(at === undefined ? {} : { at }) });
  };
  if (output.code !== 0)
    report('output_code', `code ${output.code}${output.error ? `: ${output.error}` : ''}`);

  const served = new Map<number, number>();
  const usedVehicles = new Set<number>();
  const totals = {
    duration: 0,
    distance: 0,
    service: 0,
    setup: 0,
    waiting: 0,
    cost: 0,
    priority: 0,
    span: 0,
  };
  let delivery = new Array<number>(problem.amountSize).fill(0);
  let pickup = new Array<number>(problem.amountSize).fill(0);

  for (const route of output.routes) {
    const vehicle = problem.vehicles.get(route.vehicle);
    if (vehicle === undefined) {
      report(
        'unknown_vehicle',
        `a route uses vehicle ${route.vehicle}, which the input does not have`,
        route.vehicle,
      );
      continue;
    }
    if (usedVehicles.has(vehicle.id))
      report('vehicle_reuse', `vehicle ${vehicle.id} has two routes`, vehicle.id);
    usedVehicles.add(vehicle.id);

    const reportRoute = routeReporter(vehicle, violations);
    const steps = resolveSteps(problem, vehicle, route, reportRoute);
    const ctx = { vehicle, steps, report: reportRoute };
    checkLoads(ctx);
    const timing = checkTiming(ctx);
    const jobs = steps.flatMap((s) => (s.kind === 'job' ? [s.job] : []));
    for (const job of jobs) served.set(job.id, (served.get(job.id) ?? 0) + 1);
    const routeDelivery = jobs.reduce(
      (sum, job) => addAmounts(sum, job.delivery),
      delivery.map(() => 0),
    );
    const routePickup = jobs.reduce(
      (sum, job) => addAmounts(sum, job.pickup),
      pickup.map(() => 0),
    );
    const priority = jobs.reduce((sum, job) => sum + job.priority, 0);
    const cost = routeCost(vehicle, timing);
    checkRouteTotals(
      route,
      vehicle,
      timing,
      { cost, priority, delivery: routeDelivery, pickup: routePickup },
      reportRoute,
    );

    totals.duration += timing.travel;
    totals.distance += timing.distance;
    totals.service += timing.service;
    totals.setup += timing.setup;
    totals.waiting += timing.waiting;
    totals.cost += cost;
    totals.priority += priority;
    totals.span += timing.span;
    delivery = addAmounts(delivery, routeDelivery);
    pickup = addAmounts(pickup, routePickup);
  }

  const unassigned = checkCoverage(problem, output, served, report);
  const hasDistances = [...problem.vehicles.values()].every((v) => v.distances !== undefined);
  const summary = { ...totals, routes: output.routes.length, unassigned, delivery, pickup };
  checkSummary(output, summary, hasDistances, report);

  return {
    feasible: violations.length === 0,
    violations,
    metrics: {
      jobs: problem.jobs.size,
      assigned: served.size,
      unassigned: problem.jobs.size - served.size,
      priority: totals.priority,
      routes: output.routes.length,
      duration: totals.duration,
      distance: totals.distance,
      service: totals.service,
      setup: totals.setup,
      waiting: totals.waiting,
      cost: totals.cost,
      span: totals.span,
    },
  };
}

/**
 * VROOM's route cost (format_route in src/utils/helpers.cpp): fixed + travel + task cost, where travel is the sum of
 * the costs matrix when the profile has one, else round(duration x per_hour / 3600 + distance x per_km / 1000)
 * (per_hour defaults to 3600, so the cost is the travel time), and task cost is floor(per_task_hour x (setup +
 * service) / 3600).
 */
export function routeCost(vehicle: VehicleModel, timing: RouteTiming): number {
  const travel =
    vehicle.costs !== undefined
      ? timing.matrixCost
      : Math.floor((timing.travel * vehicle.perHour) / 3600 + (timing.distance * vehicle.perKm) / 1000 + 0.5);
  return (
    vehicle.fixedCost + travel + Math.floor((vehicle.perTaskHour * (timing.setup + timing.service)) / 3600)
  );
}

interface Expected {
  readonly cost: number;
  readonly priority: number;
  readonly delivery: readonly number[];
  readonly pickup: readonly number[];
}

function checkRouteTotals(
  route: VroomRoute,
  vehicle: VehicleModel,
  timing: RouteTiming,
  expected: Expected,
  report: (rule: string, message: string) => void,
): void {
  const pairs: [string, number | undefined, number][] = [
    ['cost', route.cost, expected.cost],
    ['duration', route.duration, timing.travel],
    ['setup', route.setup, timing.setup],
    ['service', route.service, timing.service],
    ['waiting_time', route.waiting_time, timing.waiting],
    ['priority', route.priority, expected.priority],
    ['distance', vehicle.distances === undefined ? undefined : route.distance, timing.distance],
  ];
  for (const [key, stated, computed] of pairs) {
    if (stated !== undefined && stated !== computed)
      report('route_total', `route ${key} is ${stated}, computed ${computed}`);
  }
  for (const [key, stated, computed] of [
    ['delivery', route.delivery, expected.delivery],
    ['pickup', route.pickup, expected.pickup],
  ] as const) {
    if (stated !== undefined && !sameAmounts(stated, computed)) {
      report('route_total', `route ${key} is ${showAmounts(stated)}, computed ${showAmounts(computed)}`);
    }
  }
}

function checkCoverage(
  problem: ProblemModel,
  output: VroomOutput,
  served: ReadonlyMap<number, number>,
  report: Reporter,
): number {
  const listed = new Map<number, number>();
  for (const { id } of output.unassigned) {
    if (!problem.jobs.has(id))
      report('unknown_job', `unassigned lists job ${id}, which the input does not have`, id);
    listed.set(id, (listed.get(id) ?? 0) + 1);
  }
  for (const id of problem.jobs.keys()) {
    const inRoutes = served.get(id) ?? 0;
    const inUnassigned = listed.get(id) ?? 0;
    if (inRoutes + inUnassigned === 1) continue;
    const where = `${inRoutes} time(s) in routes and ${inUnassigned} time(s) in unassigned`;
    report('coverage', `job ${id} appears ${where}`, id);
  }
  return output.unassigned.length;
}

interface SummaryTotals {
  readonly cost: number;
  readonly routes: number;
  readonly unassigned: number;
  readonly setup: number;
  readonly service: number;
  readonly duration: number;
  readonly waiting: number;
  readonly priority: number;
  readonly distance: number;
  readonly delivery: readonly number[];
  readonly pickup: readonly number[];
}

/** VROOM's summary (Solution's constructor, src/structures/vroom/solution/solution.cpp) sums the routes. */
function checkSummary(
  output: VroomOutput,
  totals: SummaryTotals,
  hasDistances: boolean,
  report: Reporter,
): void {
  const s = output.summary;
  const pairs: [string, number | undefined, number][] = [
    ['cost', s.cost, totals.cost],
    ['routes', s.routes, totals.routes],
    ['unassigned', s.unassigned, totals.unassigned],
    ['setup', s.setup, totals.setup],
    ['service', s.service, totals.service],
    ['duration', s.duration, totals.duration],
    ['waiting_time', s.waiting_time, totals.waiting],
    ['priority', s.priority, totals.priority],
    ['distance', hasDistances ? s.distance : undefined, totals.distance],
  ];
  for (const [key, stated, computed] of pairs) {
    if (stated !== undefined && stated !== computed)
      report('summary', `summary ${key} is ${stated}, the routes sum to ${computed}`);
  }
  for (const [key, stated, computed] of [
    ['delivery', s.delivery, totals.delivery],
    ['pickup', s.pickup, totals.pickup],
  ] as const) {
    if (stated !== undefined && !sameAmounts(stated, computed)) {
      report(
        'summary',
        `summary ${key} is ${showAmounts(stated)}, the routes sum to ${showAmounts(computed)}`,
      );
    }
  }
}
