import type { RouteContext } from './route-context.js';
import { inWindow, isEarliestStart, earliestStart, showWindows } from './windows.js';
import type { TimeWindow } from './model.js';

/** What the route adds up to, recomputed from the input (not from the output's totals). */
export interface RouteTiming {
  /** Travel time, VROOM's `duration` (seconds). */
  readonly travel: number;
  readonly distance: number;
  readonly setup: number;
  readonly service: number;
  readonly waiting: number;
  /** Sum of the costs matrix entries along the route, when the profile has one. */
  readonly matrixCost: number;
  /** From the start's arrival to the end's arrival. */
  readonly span: number;
}

/**
 * Walks the steps in time. For each step: arrival >= previous departure (arrival + waiting_time + setup + service);
 * the step's `duration` is the travel time cumulated so far; the travel between two located steps (breaks may
 * split it) is the durations matrix entry scaled as VROOM does (d x round(100 / speed_factor) / 100 s; VROOM then
 * reports whole seconds rounded down, so a leg shows the floor or the ceiling of that value); setup and service as
 * the vehicle type sees them; service starts inside a time window and as early as possible (waiting only until a
 * window opens); the route lies inside the vehicle's time_window; max_travel_time and max_distance hold.
 */
export function checkTiming(ctx: RouteContext): RouteTiming {
  const { vehicle, steps } = ctx;
  const first = steps[0]?.step;
  const last = steps[steps.length - 1]?.step;
  if (first === undefined || last === undefined) throw new RangeError('a route has at least two steps');

  if (first.arrival < vehicle.window[0]) {
    ctx.report(
      'vehicle_window',
      `starts at ${first.arrival}, before its time_window ${showWindows([vehicle.window])}`,
    );
  }
  if (last.arrival > vehicle.window[1]) {
    ctx.report(
      'vehicle_window',
      `ends at ${last.arrival}, after its time_window ${showWindows([vehicle.window])}`,
    );
  }
  if (first.duration !== 0 || first.waiting_time !== 0 || first.service !== 0 || (first.setup ?? 0) !== 0) {
    ctx.report('step_report', 'the start step must have zero duration, waiting_time, setup and service');
  }

  let departure = first.arrival;
  let travel = 0;
  let distance = 0;
  let matrixCost = 0;
  let scaledTravel = 0;
  let setup = 0;
  let service = 0;
  let waiting = 0;
  let location = vehicle.start;
  let setupLocation = vehicle.start;
  /** The leg being travelled: user travel so far, breaks with waiting, and the breaks (travel before each). */
  let leg = { travel: 0, waits: 0, breaks: [] as { distance: number | undefined; moved: number }[] };

  /**
   * A break's distance lies between the leg's ends; VROOM reports it pro rata of the travel done before the break,
   * round(travel x leg distance / leg seconds) (format_route), which its rounding can push a few meters past the end.
   */
  const checkBreakDistances = (before: number, after: number, legSeconds: number, index: number): void => {
    let proRata = before;
    for (const b of leg.breaks) {
      if (legSeconds > 0) proRata += Math.round((b.moved * (after - before)) / legSeconds);
      if (b.distance !== undefined && (b.distance < before || b.distance > Math.max(after, proRata))) {
        ctx.report(
          'step_report',
          `a break before step ${index} reports distance ${b.distance}, outside [${before}, ${after}]`,
        );
      }
    }
  };

  const closeLeg = (to: number | undefined, reportedDistance: number | undefined, index: number): void => {
    const from = location;
    const entry = (matrix: readonly (readonly number[])[] | undefined): number | undefined =>
      from === undefined || to === undefined ? 0 : matrix?.[from]?.[to];
    const seconds = entry(vehicle.durations);
    if (seconds === undefined) {
      ctx.report('location', `step ${index}: no durations entry from location ${from} to ${to}`);
    } else {
      const scaled = seconds * vehicle.durationFactor;
      scaledTravel += scaled;
      const low = Math.floor(scaled / 100) - leg.waits;
      const high = Math.ceil(scaled / 100);
      if (leg.travel < low || leg.travel > high) {
        ctx.report(
          'travel',
          `step ${index}: travel from location ${from} to ${to} shows ${leg.travel} s; the matrix says ${seconds} s,` +
            ` x ${vehicle.durationFactor}/100 (speed_factor ${vehicle.speedFactor}) = ${scaled / 100} s`,
        );
      }
    }
    const before = distance;
    distance += (vehicle.distances === undefined ? 0 : entry(vehicle.distances)) ?? 0;
    matrixCost += (vehicle.costs === undefined ? 0 : entry(vehicle.costs)) ?? 0;
    if (vehicle.distances !== undefined) {
      if (reportedDistance !== undefined && reportedDistance !== distance) {
        ctx.report('step_report', `step ${index}: distance ${reportedDistance}, computed ${distance}`);
      }
      checkBreakDistances(
        before,
        distance,
        Math.floor(((seconds ?? 0) * vehicle.durationFactor) / 100),
        index,
      );
    }
    location = to;
    leg = { travel: 0, waits: 0, breaks: [] };
  };

  steps.forEach((s, index) => {
    if (index === 0) return;
    const step = s.step;
    const moved = step.arrival - departure;
    if (moved < 0) {
      ctx.report(
        'timing',
        `step ${index} (${step.type}) arrives at ${step.arrival}, before leaving step ${index - 1} at ${departure}`,
      );
    }
    travel += moved;
    leg.travel += moved;
    if (step.duration !== travel) {
      ctx.report(
        'step_report',
        `step ${index}: duration ${step.duration}, but the travel time so far is ${travel}`,
      );
    }

    let expectedSetup = 0;
    let expectedService = 0;
    let windows: readonly TimeWindow[] | undefined;
    let name: string = step.type;
    if (s.kind === 'job') {
      const to = s.job.index;
      if (step.location_index !== undefined && step.location_index !== to) {
        ctx.report(
          'location',
          `job ${s.job.id} is at location ${to}, the step says ${step.location_index}`,
          s.job.id,
        );
      }
      closeLeg(to, step.distance, index);
      expectedSetup = to === setupLocation ? 0 : s.job.setup(vehicle.type);
      setupLocation = to;
      expectedService = s.job.service(vehicle.type);
      windows = s.job.windows;
      name = `job ${s.job.id}`;
    } else if (s.kind === 'break') {
      expectedService = s.break.service;
      windows = s.break.windows;
      name = `break ${s.break.id}`;
      if (step.waiting_time > 0) leg.waits += 1;
      leg.breaks.push({ distance: step.distance, moved });
    } else if (s.kind === 'end') {
      closeLeg(vehicle.end, step.distance, index);
    }

    if ((step.setup ?? 0) !== expectedSetup || step.service !== expectedService) {
      ctx.report(
        'service',
        `${name}: setup ${step.setup ?? 0} and service ${step.service}, expected ${expectedSetup} and ${expectedService}` +
          (vehicle.type === undefined ? '' : ` for vehicle type ${vehicle.type}`),
        s.kind === 'job' ? s.job.id : undefined,
      );
    }
    const begin = step.arrival + step.waiting_time;
    if (windows !== undefined) {
      if (!inWindow(begin, windows)) {
        ctx.report('time_window', `${name} starts at ${begin}, outside ${showWindows(windows)}`, step.id);
      } else if (!isEarliestStart(step.arrival, begin, windows)) {
        ctx.report(
          'waiting',
          `${name} arrives at ${step.arrival} and waits ${step.waiting_time} s, but could start at ${earliestStart(step.arrival, windows)}`,
          step.id,
        );
      }
    } else if (step.waiting_time !== 0) {
      ctx.report('waiting', `step ${index} (${step.type}) has waiting_time ${step.waiting_time}, expected 0`);
    }
    departure = begin + (step.setup ?? 0) + step.service;
    setup += step.setup ?? 0;
    service += step.service;
    waiting += step.waiting_time;
  });

  if (scaledTravel > vehicle.maxTravelTime * 100) {
    ctx.report(
      'max_travel_time',
      `travel time ${scaledTravel / 100} s > max_travel_time ${vehicle.maxTravelTime}`,
    );
  }
  if (distance > vehicle.maxDistance) {
    ctx.report('max_distance', `distance ${distance} > max_distance ${vehicle.maxDistance}`);
  }
  return { travel, distance, setup, service, waiting, matrixCost, span: last.arrival - first.arrival };
}
