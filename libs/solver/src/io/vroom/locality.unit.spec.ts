import { Problem } from '../../model/problem.js';
import { solveInThread } from '../../solve.js';
import { fromVroom } from './input.js';
import { hilbertIndex, localityOrder } from './locality.js';
import { toVroomOutput } from './output.js';
import type { VroomJob } from './schema.js';

const job = (id: number, location_index: number, location?: [number, number]): VroomJob => ({
  id,
  location_index,
  ...(location ? { location } : {}),
});

describe('hilbertIndex', () => {
  it('visits the four quadrants in the curve order (worked by hand)', () => {
    // First level, s = 2^15: d += s^2 x ((3 rx) xor ry): (0, 0) -> 0, (0, top) -> 1, (top, top) -> 3 xor 1 = 2,
    // (top, 0) -> 3; the lower levels add less than s^2, so the corners keep that order.
    const top = (1 << 16) - 1;
    const d = [hilbertIndex(0, 0), hilbertIndex(0, top), hilbertIndex(top, top), hilbertIndex(top, 0)];
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    expect(new Set(d).size).toBe(4);
  });
});

describe('localityOrder', () => {
  const line = (n: number): number[][] =>
    Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => Math.abs(i - j)));

  it('keeps the input order below the threshold', () => {
    const jobs = [job(1, 3), job(2, 1), job(3, 2)];
    expect(Array.from(localityOrder(jobs, line(4), 4))).toEqual([0, 1, 2]);
  });

  it('orders located jobs along the Hilbert curve (worked by hand)', () => {
    // Locations at the corners of their bounding box, given in the order (1, 0), (0, 0), (1, 1), (0, 1): the
    // curve visits (0, 0), (0, 1), (1, 1), (1, 0), that is jobs 1, 3, 2, 0 of the input.
    const jobs = [job(10, 1, [1, 0]), job(11, 2, [0, 0]), job(12, 3, [1, 1]), job(13, 4, [0, 1])];
    expect(Array.from(localityOrder(jobs, line(5), 1))).toEqual([1, 3, 2, 0]);
  });

  it('chains jobs without locations by the durations, nearest first (worked by hand)', () => {
    // Locations 0, 3, 1, 4, 2 on a line (duration |i - j| each way): from job 0 (location 0) the nearest is
    // job 2 (location 1, 1 + 1 = 2 there and back), then job 4 (location 2), job 1 (3), job 3 (4).
    const jobs = [job(1, 0), job(2, 3), job(3, 1), job(4, 4), job(5, 2)];
    expect(Array.from(localityOrder(jobs, line(5), 1))).toEqual([0, 2, 4, 1, 3]);
  });
});

describe('fromVroom with clients numbered by locality', () => {
  // A depot at location 0 and five jobs on a line at locations 2, 5, 3, 1, 4; job 30 weighs more than the
  // vehicle carries and job 50 opens after the shift ends: both stay unassigned.
  const n = 6;
  const durations = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => 10 * Math.abs(i - j)),
  );
  const input = {
    vehicles: [{ id: 1, start_index: 0, end_index: 0, capacity: [10], time_window: [0, 1000] }],
    jobs: [
      { id: 20, location_index: 2, delivery: [1] },
      { id: 30, location_index: 5, delivery: [11] },
      { id: 50, location_index: 3, delivery: [1], time_windows: [[2000, 3000]] },
      { id: 40, location_index: 1, delivery: [1] },
      { id: 10, location_index: 4, delivery: [1] },
    ],
    matrices: { car: { durations } },
  };

  it('maps every client back to its job, and lists unassigned jobs in the input order', () => {
    const { spec, meta } = fromVroom(input, 'line', { localityFrom: 1 });
    // No locations: the chain from job 20 (location 2) goes to location 3 (job 50; location 1 is as near, 20 s
    // there and back, but job 50 comes first in the input), then 4 (10), 5 (30) and 1 (40).
    expect(meta.jobs.map((j) => j.id)).toEqual([20, 50, 10, 30, 40]);
    expect(Array.from(meta.jobIndex)).toEqual([0, 2, 4, 1, 3]);
    spec.clients.forEach((c, i) => expect(c.id).toBe(String(meta.jobs[i]!.id)));
    const P = new Problem(spec);
    const sol = solveInThread(P, { seed: 1, stop: { maxIterations: 20 }, timer: () => 0 }).solution!;
    const out = toVroomOutput(P, meta, sol, { loading: 0, solving: 0 });
    // Clients 50 and 30 in that order, jobs 30 and 50 in the input's.
    expect(out.unassigned.map((u) => u['id'])).toEqual([30, 50]);
    // The three others on one route: 0 -> 1 -> 2 -> 4 -> 0 or its reverse, 10 + 10 + 20 + 40 = 80 s.
    expect(out.summary['duration']).toBe(80);
  });

  it('numbers the clients in the input order below the threshold', () => {
    const { meta } = fromVroom(input, 'line');
    expect(meta.jobs.map((j) => j.id)).toEqual([20, 30, 50, 40, 10]);
    expect(Array.from(meta.jobIndex)).toEqual([0, 1, 2, 3, 4]);
  });
});
