import type { Matrix } from './matrix.js';

/** Most nodes an embedding is computed for: its squared-distance table takes 4 n^2 bytes (36 MB at 3000). */
export const EMBED_MAX_NODES = 3000;
/** Vectors iterated together: three, which multiplyB's single pass over the table is written for. */
const SUBSPACE = 3;
const ITERATIONS = 12;

/**
 * Plane coordinates for a problem given by its matrix alone (classical multidimensional scaling, Torgerson
 * 1952): the two principal coordinates of the double-centred squared distances, by subspace iteration on three
 * vectors (the top two converge at the rate of the third eigenvalue against the second, which is tiny when
 * the matrix comes from distances in a plane) and a Rayleigh-Ritz step. The matrix is made symmetric first
 * ((m[i][j] + m[j][i]) / 2). Deterministic: no random numbers, so every worker gets the same coordinates.
 *
 * Only heuristics read them (SWAP*'s circle sectors, SREX's polar order of routes): without coordinates the
 * first tried every pair of routes and the second crossed routes in vehicle order. Returns undefined when
 * n > maxNodes, when some entry is not below `unreachable` (such legs would dominate the embedding), or when
 * some node is at 0 from all others (a virtual node without a place).
 */
export function embedMatrix(
  m: Matrix,
  n: number,
  unreachable: number,
  maxNodes = EMBED_MAX_NODES,
): { x: Float64Array; y: Float64Array } | undefined {
  if (n < 3 || n > maxNodes) return undefined;
  const sq = new Float32Array(n * n);
  const farthest = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = i; j < n; j++) {
      const a = m[i * n + j]!;
      const b = m[j * n + i]!;
      if (!(a < unreachable) || !(b < unreachable)) return undefined;
      const d = (a + b) / 2;
      sq[i * n + j] = d * d;
      sq[j * n + i] = d * d;
      if (d > farthest[i]!) farthest[i] = d;
      if (d > farthest[j]!) farthest[j] = d;
    }
  }
  // A node at 0 from every other one is no place: VROOM input's virtual depot of vehicles without a start or
  // an end (io/vroom/input.ts). Sectors around it would mean nothing.
  for (let i = 0; i < n; i++) if (farthest[i] === 0) return undefined;
  // Start vectors: fixed, varied, independent of each other.
  const V: Float64Array[] = [];
  for (let k = 0; k < SUBSPACE; k++) {
    const v = new Float64Array(n);
    fill(v, k);
    V.push(v);
  }
  orthonormalise(V);
  const W = V.map(() => new Float64Array(n));
  for (let it = 0; it < ITERATIONS; it++) {
    multiplyB(sq, n, V, W);
    for (let k = 0; k < SUBSPACE; k++) V[k]!.set(W[k]!);
    if (!orthonormalise(V)) return undefined;
  }
  // Rayleigh-Ritz: H = V^T B V (3 x 3), its eigenpairs give the eigenvectors inside the subspace.
  multiplyB(sq, n, V, W);
  const H: number[][] = [];
  for (let a = 0; a < SUBSPACE; a++) {
    H.push([]);
    for (let b = 0; b < SUBSPACE; b++) H[a]!.push(dot(V[a]!, W[b]!));
  }
  const { values, vectors } = jacobiEigen(H);
  const order = values.map((_, e) => e).sort((p, q) => values[q]! - values[p]!);
  const out = [new Float64Array(n), new Float64Array(n)];
  for (let c = 0; c < 2; c++) {
    const e = order[c]!;
    const scale = Math.sqrt(Math.max(values[e]!, 0));
    for (let k = 0; k < SUBSPACE; k++) {
      const w = vectors[k]![e]! * scale;
      const v = V[k]!;
      const o = out[c]!;
      for (let i = 0; i < n; i++) o[i] = o[i]! + w * v[i]!;
    }
  }
  return { x: out[0]!, y: out[1]! };
}

/** W[k] = B V[k] with B = -1/2 J S J (J: centring), in one pass over S for all vectors. */
function multiplyB(sq: Float32Array, n: number, V: readonly Float64Array[], W: Float64Array[]): void {
  const c = V.map((v) => {
    let mean = 0;
    for (let i = 0; i < n; i++) mean += v[i]!;
    mean /= n;
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = v[i]! - mean;
    return out;
  });
  const [c0, c1, c2] = c as [Float64Array, Float64Array, Float64Array];
  const [w0, w1, w2] = W as [Float64Array, Float64Array, Float64Array];
  for (let i = 0; i < n; i++) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    const row = i * n;
    for (let j = 0; j < n; j++) {
      const s = sq[row + j]!;
      s0 += s * c0[j]!;
      s1 += s * c1[j]!;
      s2 += s * c2[j]!;
    }
    w0[i] = s0;
    w1[i] = s1;
    w2[i] = s2;
  }
  for (const w of W) {
    let mean = 0;
    for (let i = 0; i < n; i++) mean += w[i]!;
    mean /= n;
    for (let i = 0; i < n; i++) w[i] = -0.5 * (w[i]! - mean);
  }
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/**
 * Gram-Schmidt in place, each projection done twice ("twice is enough", Parlett): when a vector lies almost in
 * the span of the ones before it, one pass leaves a remainder of rounding errors that are not orthogonal to
 * them. Such a vector (what is left is below 1e-10 of its length: the third one when the distances lie exactly
 * in a plane, B then having rank 2) is replaced by a fixed other vector, so the subspace keeps its size. False
 * when even that fails.
 */
function orthonormalise(V: Float64Array[]): boolean {
  for (let k = 0; k < V.length; k++) {
    const v = V[k]!;
    let before = Math.sqrt(dot(v, v));
    let norm = project(V, k);
    for (let retry = 1; !(norm > 1e-10 * before) && retry <= 3; retry++) {
      fill(v, k + SUBSPACE * retry);
      before = Math.sqrt(dot(v, v));
      norm = project(V, k);
    }
    if (!(norm > 1e-10 * before)) return false;
    for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  }
  return true;
}

/** Removes from V[k] its components along V[0..k-1] (twice); returns its length then. */
function project(V: Float64Array[], k: number): number {
  const v = V[k]!;
  for (let pass = 0; pass < 2; pass++)
    for (let p = 0; p < k; p++) {
      const d = dot(v, V[p]!);
      const u = V[p]!;
      for (let i = 0; i < v.length; i++) v[i] = v[i]! - d * u[i]!;
    }
  return Math.sqrt(dot(v, v));
}

/** Fixed, varied start vector number k (no random numbers: every worker gets the same coordinates). */
function fill(v: Float64Array, k: number): void {
  for (let i = 0; i < v.length; i++) v[i] = Math.sin((i + 1) * (k + 1) * 12.9898 + k * 78.233);
}

/** Eigenvalues and eigenvectors (columns) of a small symmetric matrix, by cyclic Jacobi rotations. */
export function jacobiEigen(A: readonly (readonly number[])[]): { values: number[]; vectors: number[][] } {
  const n = A.length;
  const a = A.map((r) => r.slice());
  const v: number[][] = A.map((_, i) => A.map((__, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p]![q]! * a[p]![q]!;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p]![q]!;
        if (apq === 0) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k]![p]!;
          const akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p]![k]!;
          const aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k]![p]!;
          const vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: a.map((r, i) => r[i]!), vectors: v };
}
