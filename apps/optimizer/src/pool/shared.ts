import { compactMatrix, type Matrix, type ProblemSpec } from '@fleet/solver';

/**
 * Copies the matrices of a spec into SharedArrayBuffers (once), so that every worker reads the same memory:
 * posting the spec to N workers then copies only the small per-client data, never the N x N matrices. Each
 * matrix is compacted first (`compactMatrix`: the smallest exact element type), so that the workers' searches
 * share one small copy in the cache instead of each building its own.
 */
export function shareSpec(spec: ProblemSpec): ProblemSpec {
  const copies = new Map<Matrix, Matrix>();
  const share = (m: Matrix): Matrix => {
    if (m.buffer instanceof SharedArrayBuffer) return m;
    let s = copies.get(m);
    if (!s) {
      s = sharedCopy(compactMatrix(m));
      copies.set(m, s);
    }
    return s;
  };
  return {
    ...spec,
    profiles: spec.profiles.map((p) => ({
      ...p,
      durations: share(p.durations),
      distances: share(p.distances),
    })),
  };
}

function sharedCopy(m: Matrix): Matrix {
  const buffer = new SharedArrayBuffer(m.byteLength);
  const s =
    m instanceof Uint16Array
      ? new Uint16Array(buffer)
      : m instanceof Float32Array
        ? new Float32Array(buffer)
        : new Float64Array(buffer);
  s.set(m);
  return s;
}
