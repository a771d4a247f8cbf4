import type { ProblemModel, VehicleModel } from './model.js';
import type { Reporter, ResolvedStep } from './route-context.js';
import type { VroomRoute } from './schema.js';

/**
 * Resolves each step and checks the route's shape: one start first, one end last, jobs and breaks that exist, every
 * break of the vehicle taken exactly once (VROOM schedules all breaks of a used vehicle), skills, max_tasks.
 */
export function resolveSteps(
  problem: ProblemModel,
  vehicle: VehicleModel,
  route: VroomRoute,
  report: Reporter,
): ResolvedStep[] {
  const last = route.steps.length - 1;
  const breaksTaken = new Map<number, number>();
  const resolved = route.steps.map((step, index): ResolvedStep => {
    const edge = index === 0 ? 'start' : index === last ? 'end' : undefined;
    if (edge !== undefined || step.type === 'start' || step.type === 'end') {
      if (step.type !== edge)
        report('route_shape', `step ${index} is a ${step.type}, expected ${edge ?? 'a job or a break'}`);
      return step.type === 'start' || step.type === 'end'
        ? { kind: step.type, step }
        : { kind: 'unknown', step };
    }
    if (step.type === 'job') {
      const id = step.id ?? step.job;
      const job = id === undefined ? undefined : problem.jobs.get(id);
      if (id === undefined || job === undefined) {
        report('unknown_job', `step ${index} serves job ${id}, which the input does not have`, id);
        return { kind: 'unknown', step };
      }
      const missing = job.skills.filter((skill) => !vehicle.skills.has(skill));
      if (missing.length > 0) report('skills', `job ${id} needs skills ${missing.join(', ')}`, id);
      return { kind: 'job', step, job };
    }
    if (step.type === 'break') {
      const taken = vehicle.breaks.find((b) => b.id === step.id);
      if (step.id === undefined || taken === undefined) {
        report(
          'unknown_break',
          `step ${index} is break ${step.id}, which the vehicle does not have`,
          step.id,
        );
        return { kind: 'unknown', step };
      }
      breaksTaken.set(taken.id, (breaksTaken.get(taken.id) ?? 0) + 1);
      return { kind: 'break', step, break: taken };
    }
    report('route_shape', `step ${index} has type ${step.type}: shipments are not supported`);
    return { kind: 'unknown', step };
  });

  for (const b of vehicle.breaks) {
    const count = breaksTaken.get(b.id) ?? 0;
    if (count !== 1) report('breaks', `break ${b.id} is taken ${count} times, expected once`, b.id);
  }
  const jobs = resolved.filter((s) => s.kind === 'job').length;
  if (jobs > vehicle.maxTasks) report('max_tasks', `${jobs} jobs > max_tasks ${vehicle.maxTasks}`);
  return resolved;
}
