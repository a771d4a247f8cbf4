import type { VroomJob, VroomVehicle } from './schema.js';

/**
 * VROOM's `skills` and `max_tasks` as extra load dimensions after the input's own, so that the search prices
 * and checks them exactly, in O(1) per move, with the load segments it already has (an idea VROOM users know
 * from encoding skills as capacities):
 *
 * - one dimension per skill that some job needs and some vehicle lacks: each job that needs it delivers 1,
 *   a vehicle that has it carries any number (Infinity), one that lacks it carries 0. A job is then on a
 *   vehicle without one of its skills exactly when that dimension's load exceeds the capacity;
 * - one dimension `max_tasks` when some vehicle has a `max_tasks` below the number of jobs: every job
 *   delivers 1, each vehicle carries its `max_tasks` (Infinity without one).
 *
 * Skills every vehicle has, and `max_tasks` no route can reach, add nothing. These dimensions never appear in
 * the output (its loads are the input's); an unassigned job that no vehicle may take alone for them gets the
 * reason `skills` or `max_tasks` (unassigned/reasons.ts names the dimensions).
 */
export interface ExtraDims {
  /** Names of the extra dimensions, in order: `skills` for each skill dimension, then `max_tasks`. */
  readonly names: readonly string[];
  /** The job's amounts in the extra dimensions. */
  job(j: VroomJob): number[];
  /** The vehicle's capacities in the extra dimensions. */
  vehicle(v: VroomVehicle): number[];
}

export function extraDims(jobs: readonly VroomJob[], vehicles: readonly VroomVehicle[]): ExtraDims {
  const needed = new Set<number>();
  for (const j of jobs) for (const s of j.skills ?? []) needed.add(s);
  const skills = [...needed]
    .filter((s) => !vehicles.every((v) => (v.skills ?? []).includes(s)))
    .sort((a, b) => a - b);
  const tasks = vehicles.some((v) => v.max_tasks !== undefined && v.max_tasks < jobs.length);
  const names = [...skills.map(() => 'skills'), ...(tasks ? ['max_tasks'] : [])];
  return {
    names,
    job: (j) => {
      const own = j.skills ?? [];
      const out = skills.map((s) => (own.includes(s) ? 1 : 0));
      if (tasks) out.push(1);
      return out;
    },
    vehicle: (v) => {
      const own = v.skills ?? [];
      const out = skills.map((s) => (own.includes(s) ? Infinity : 0));
      if (tasks) out.push(v.max_tasks ?? Infinity);
      return out;
    },
  };
}
