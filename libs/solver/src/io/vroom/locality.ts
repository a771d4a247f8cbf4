import type { VroomJob } from './schema.js';

/** Jobs from which the conversion numbers the clients by locality (below, in the input's order). */
export const LOCALITY_FROM = 500;

/**
 * An order of the jobs in which jobs near each other come near each other: along a Hilbert curve over their
 * `location` (longitude, latitude) when every job has one, else along a nearest-neighbour chain over the
 * durations matrix (each next job the one least far, there and back, from the last; ties to the lower input
 * index). Returns the input indexes in that order; below `from` jobs, the input's order.
 *
 * Why: the search reads the travel matrices at pairs of nearby clients, once per vehicle speed (a VROOM
 * `speed_factor` makes a matrix of its own). With clients numbered in the input's order, the entries of one
 * neighbourhood lie all over each matrix; numbered by locality they lie in a few cache lines of a few rows. On
 * instances of 824 and 927 jobs with 15 or so speed factors (matrices of 1.4 to 1.7 MB), a ruin-and-recreate
 * step with its local search took 8.4 to 8.6 ms instead of 11.5 to 15.7 ms (docs/solver.md, "Clients numbered
 * by locality").
 */
export function localityOrder(
  jobs: readonly VroomJob[],
  durations: readonly (readonly number[])[],
  from = LOCALITY_FROM,
): Int32Array {
  const n = jobs.length;
  const order = Int32Array.from({ length: n }, (_, i) => i);
  if (n < from) return order;
  const located = jobs.every(
    (j) => j.location !== undefined && Number.isFinite(j.location[0]) && Number.isFinite(j.location[1]),
  );
  return located ? hilbertOrder(jobs, order) : chainOrder(jobs, durations);
}

/** Side of the Hilbert curve's grid (2^16 cells per axis). */
const GRID = 1 << 16;

function hilbertOrder(jobs: readonly VroomJob[], order: Int32Array): Int32Array {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const j of jobs) {
    const [x, y] = j.location!;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const cell = (v: number, lo: number, hi: number): number =>
    hi > lo ? Math.min(GRID - 1, Math.floor(((v - lo) / (hi - lo)) * GRID)) : 0;
  const key = jobs.map((j) =>
    hilbertIndex(cell(j.location![0], minX, maxX), cell(j.location![1], minY, maxY)),
  );
  return order.sort((a, b) => key[a]! - key[b]! || a - b);
}

/**
 * The distance along the Hilbert curve of cell (x, y) of the GRID x GRID grid (the classic xy-to-d walk from
 * the largest quadrant down, rotating the quadrant at each level).
 */
export function hilbertIndex(x: number, y: number): number {
  let d = 0;
  for (let s = GRID >> 1; s > 0; s >>= 1) {
    const rx = (x & s) > 0 ? 1 : 0;
    const ry = (y & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        x = GRID - 1 - x;
        y = GRID - 1 - y;
      }
      const t = x;
      x = y;
      y = t;
    }
  }
  return d;
}

function chainOrder(jobs: readonly VroomJob[], durations: readonly (readonly number[])[]): Int32Array {
  const n = jobs.length;
  const loc = jobs.map((j) => j.location_index!);
  const leg = (a: number, b: number): number =>
    (durations[loc[a]!]?.[loc[b]!] ?? Infinity) + (durations[loc[b]!]?.[loc[a]!] ?? Infinity);
  const out = new Int32Array(n);
  const used = new Uint8Array(n);
  let last = 0;
  used[0] = 1;
  for (let k = 1; k < n; k++) {
    let next = -1;
    let best = Infinity;
    for (let b = 0; b < n; b++) {
      if (used[b]) continue;
      const d = leg(last, b);
      if (next < 0 || d < best) {
        next = b;
        best = d;
      }
    }
    out[k] = next;
    used[next] = 1;
    last = next;
  }
  return out;
}
