/**
 * An N x N node-indexed matrix (row-major). Builders write `Float64Array`s; `compactMatrix` stores the same
 * values in fewer bytes when that loses nothing, because the search is bound by memory: its move filters read
 * scattered entries of one matrix per vehicle profile (VROOM speed factors: 15 profiles of 900 x 900 on one
 * instance, 100 MB of doubles against a 32 MB L3 cache). Measured in docs/solver.md ("Compact matrices").
 */
export type Matrix = Float64Array | Float32Array | Uint16Array;

/** Largest value a Uint16 matrix holds. */
export const U16_MAX = 0xffff;

/**
 * The same values in the smallest exact element type: Uint16 when every entry is an integer in [0, 65535]
 * (seconds up to 18 h, tenths, small distances), else Float32 when every entry survives `Math.fround`
 * (integers up to 2^24, the 1e9 stand-in for an unreachable leg), else the matrix itself. A matrix that is
 * already of its smallest type is returned as it is (so shared memory stays shared).
 */
export function compactMatrix(m: Matrix): Matrix {
  if (m instanceof Uint16Array) return m;
  if (wholeUint16Max(m) !== undefined) return new Uint16Array(m);
  for (let e = 0; e < m.length; e++) if (Math.fround(m[e]!) !== m[e]!) return m;
  return m instanceof Float32Array ? m : new Float32Array(m);
}

/**
 * The largest entry when every entry is a whole number in [0, 65535] (the matrix fits a Uint16Array exactly),
 * else undefined.
 */
export function wholeUint16Max(m: Matrix): number | undefined {
  let max = 0;
  for (let e = 0; e < m.length; e++) {
    const x = m[e]!;
    if (!(x >= 0 && x <= U16_MAX && Math.floor(x) === x)) return undefined;
    if (x > max) max = x;
  }
  return max;
}

/** A new matrix of the same element type and length, filled with zeros. */
export function emptyLike(m: Matrix): Matrix {
  if (m instanceof Uint16Array) return new Uint16Array(m.length);
  if (m instanceof Float32Array) return new Float32Array(m.length);
  return new Float64Array(m.length);
}

/**
 * A matrix entry read through a scale k = factor / 100 (`ProfileSpec.durationFactor`): the entry itself when
 * k is 1, else x x k rounded half up. For whole x and factor, x x factor / 100 lies 0.005 or more away from
 * the next rounding boundary once 0.505 is added, far beyond the error of the two double operations (about
 * 1e-11 for entries below 1e6 s), so this equals VROOM's integer floor((x x factor + 50) / 100).
 */
export function scaledEntry(x: number, k: number): number {
  return k === 1 ? x : Math.floor(x * k + 0.505);
}

/** The scale `scaledEntry` reads a profile with: its durationFactor / 100, or 1. */
export function durationScale(factor: number | undefined): number {
  return factor === undefined ? 1 : factor / 100;
}
