import type { RouteContext } from './route-context.js';
import { addAmounts, sameAmounts, showAmounts } from './route-context.js';

/**
 * Loads along the route, VROOM's way: the vehicle leaves with every delivery of its jobs on board; a job then adds
 * its pickup and removes its delivery. The load may never exceed the capacity in any dimension, a break may only
 * happen while the load is within its max_load, and each step's reported `load` (after the step) must match.
 */
export function checkLoads(ctx: RouteContext): void {
  const { vehicle, steps } = ctx;
  const zero = vehicle.capacity.map(() => 0);
  let load = steps.reduce((sum, s) => (s.kind === 'job' ? addAmounts(sum, s.job.delivery) : sum), zero);
  steps.forEach((s, index) => {
    if (s.kind === 'job') load = addAmounts(addAmounts(load, s.job.pickup), s.job.delivery, -1);
    const where = s.kind === 'job' ? `after job ${s.job.id}` : `at step ${index} (${s.step.type})`;
    if (load.some((value, i) => value > (vehicle.capacity[i] ?? 0))) {
      ctx.report(
        'capacity',
        `load ${showAmounts(load)} ${where} exceeds capacity ${showAmounts(vehicle.capacity)}`,
      );
    }
    if (s.kind === 'break' && s.break.maxLoad !== undefined) {
      const max = s.break.maxLoad;
      if (load.some((value, i) => value > (max[i] ?? 0))) {
        ctx.report(
          'break_max_load',
          `break ${s.break.id} taken with load ${showAmounts(load)} > max_load ${showAmounts(max)}`,
        );
      }
    }
    if (s.step.load !== undefined && !sameAmounts(s.step.load, load)) {
      ctx.report(
        'load_report',
        `reported load ${showAmounts(s.step.load)} ${where}, computed ${showAmounts(load)}`,
      );
    }
  });
}
