import { ValidationError } from '@fleet/core';
import { Problem } from '../../model/problem.js';
import { solveInThread } from '../../solve.js';
import { extraDims } from './extraDims.js';
import { fromVroom } from './input.js';
import { toVroomOutput, type VroomOutput } from './output.js';

/** Solves a VROOM document in one thread (iteration limit: reproducible) and writes VROOM's output. */
function solve(input: unknown): VroomOutput {
  const { spec, meta } = fromVroom(input);
  const P = new Problem(spec);
  const sol = solveInThread(P, { seed: 1, stop: { maxIterations: 30 }, timer: () => 0 }).solution!;
  expect(sol.feasible).toBe(true);
  return toVroomOutput(P, meta, sol, { loading: 0, solving: 0 });
}

const jobsOf = (out: VroomOutput, vehicle: number): number[] => {
  const route = out.routes.find((r) => r['vehicle'] === vehicle);
  if (route === undefined) return [];
  const steps = route['steps'] as Record<string, unknown>[];
  return steps.filter((s) => s['type'] === 'job').map((s) => s['id'] as number);
};

/**
 * Locations: 0 = depot of vehicle 1, 1 = job 1, 2 = job 2, 3 = depot of vehicle 2. Legs among 0, 1 and 2 take
 * 10 s; from 3 to 1 or 2, 100 s; 0 to 3, 110 s.
 */
const durations = [
  [0, 10, 10, 110],
  [10, 0, 10, 100],
  [10, 10, 0, 100],
  [110, 100, 100, 0],
];

describe('VROOM skills and max_tasks as extra load dimensions', () => {
  it('adds one dimension per skill some vehicle lacks, and one for a max_tasks that can bind', () => {
    const jobs = [
      { id: 1, location_index: 1, skills: [5, 7] },
      { id: 2, location_index: 2, skills: [7] },
      { id: 3, location_index: 2 },
    ];
    const vehicles = [
      { id: 1, start_index: 0, skills: [7] },
      { id: 2, start_index: 0, skills: [5, 7], max_tasks: 2 },
    ];
    const x = extraDims(jobs, vehicles);
    // Skill 7 is on every vehicle: no dimension. Skill 5: one. max_tasks 2 < 3 jobs: one.
    expect(x.names).toEqual(['skills', 'max_tasks']);
    expect(jobs.map((j) => x.job(j))).toEqual([
      [1, 1],
      [0, 1],
      [0, 1],
    ]);
    expect(vehicles.map((v) => x.vehicle(v))).toEqual([
      [0, Infinity],
      [Infinity, 2],
    ]);
    // A max_tasks no route can reach (3 jobs in all) adds nothing, nor do jobs without skills.
    const plain = jobs.map((j) => ({ id: j.id, location_index: j.location_index }));
    expect(extraDims(plain, [{ id: 1, start_index: 0, max_tasks: 3 }]).names).toEqual([]);
  });

  it('puts a job on a vehicle that has its skills, however near the other one is', () => {
    // Job 1 needs skill 5, which only vehicle 2 has. Feasible plans: vehicle 2 serves 1 (3 -> 1 -> 3 = 200 s)
    // and vehicle 1 serves 2 (0 -> 2 -> 0 = 20 s): 220 s; or vehicle 2 serves both (3 -> 1 -> 2 -> 3 or back:
    // 100 + 10 + 100 = 210 s). Best: 210 s, all on vehicle 2. Without the skill vehicle 1 would do it all in
    // 0 -> 1 -> 2 -> 0 = 30 s.
    const out = solve({
      vehicles: [
        { id: 1, start_index: 0, end_index: 0, capacity: [10] },
        { id: 2, start_index: 3, end_index: 3, capacity: [10], skills: [5] },
      ],
      jobs: [
        { id: 1, location_index: 1, delivery: [1], skills: [5] },
        { id: 2, location_index: 2, delivery: [1] },
      ],
      matrices: { car: { durations } },
    });
    expect(out.summary['duration']).toBe(210);
    expect(jobsOf(out, 2).sort()).toEqual([1, 2]);
    expect(out.unassigned).toEqual([]);
    // Loads are the input's one dimension only: vehicle 2 leaves with 1 + 1 = 2.
    const steps = out.routes[0]!['steps'] as Record<string, unknown>[];
    expect(steps[0]!['load']).toEqual([2]);
    expect(out.summary['delivery']).toEqual([2]);
  });

  it('leaves out a job whose skill no vehicle has, with the reason "skills"', () => {
    const out = solve({
      vehicles: [{ id: 1, start_index: 0, end_index: 0, skills: [1] }],
      jobs: [
        { id: 1, location_index: 1, skills: [9] },
        { id: 2, location_index: 2, skills: [1] },
      ],
      matrices: { car: { durations } },
    });
    // Job 2: 0 -> 2 -> 0 = 20 s.
    expect(jobsOf(out, 1)).toEqual([2]);
    expect(out.summary['duration']).toBe(20);
    expect(out.unassigned).toEqual([{ id: 1, type: 'job', location_index: 1, reason: 'skills' }]);
  });

  it('serves at most max_tasks jobs per vehicle', () => {
    // Three jobs, one vehicle of max_tasks 2 at location 0: two are served (any two of 1, 2, 2': 0 -> a -> b
    // -> 0 = 30 s, or 20 s for jobs 2 and 3, which share location 2: 0 -> 2 -> 2 -> 0). The third fits
    // alone, so its reason is that the plan had no room.
    const jobs = [
      { id: 1, location_index: 1 },
      { id: 2, location_index: 2 },
      { id: 3, location_index: 2 },
    ];
    const one = solve({
      vehicles: [{ id: 1, start_index: 0, end_index: 0, max_tasks: 2 }],
      jobs,
      matrices: { car: { durations } },
    });
    expect(jobsOf(one, 1).sort()).toEqual([2, 3]);
    expect(one.summary['duration']).toBe(20);
    expect(one.unassigned).toEqual([{ id: 1, type: 'job', location_index: 1, reason: 'no_room_in_plan' }]);
    // A vehicle of max_tasks 0 cannot take any job alone: the reason names the limit.
    const none = solve({
      vehicles: [{ id: 1, start_index: 0, end_index: 0, max_tasks: 0 }],
      jobs,
      matrices: { car: { durations } },
    });
    expect(none.routes).toEqual([]);
    expect(none.unassigned.map((u) => u['reason'])).toEqual(['max_tasks', 'max_tasks', 'max_tasks']);
  });

  it('rejects a break max_load below the capacity, and accepts one that cannot bind', () => {
    const input = (maxLoad: number[]) => ({
      vehicles: [
        {
          id: 1,
          start_index: 0,
          capacity: [10, 5],
          breaks: [{ id: 1, service: 60, max_load: maxLoad }],
        },
      ],
      jobs: [{ id: 1, location_index: 1, delivery: [1, 1] }],
      matrices: { car: { durations } },
    });
    let error: unknown;
    try {
      fromVroom(input([10, 4]));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({
      'vehicles[0].breaks[0].max_load': 'a max_load below the capacity is not supported',
    });
    expect(fromVroom(input([10, 5])).spec.numDims).toBe(2);
  });
});
