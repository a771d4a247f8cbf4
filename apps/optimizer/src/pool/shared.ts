import type { ProblemSpec } from '@fleet/solver';

/**
 * Copies the matrices of a spec into SharedArrayBuffers (once), so that every worker reads the same memory:
 * posting the spec to N workers then copies only the small per-client data, never the N x N matrices.
 */
export function shareSpec(spec: ProblemSpec): ProblemSpec {
  const copies = new Map<Float64Array, Float64Array>();
  const share = (m: Float64Array): Float64Array => {
    if (m.buffer instanceof SharedArrayBuffer) return m;
    let s = copies.get(m);
    if (!s) {
      s = new Float64Array(new SharedArrayBuffer(m.byteLength));
      s.set(m);
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
