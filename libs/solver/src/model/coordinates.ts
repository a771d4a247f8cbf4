import { embedMatrix, EMBED_MAX_NODES } from './embedding.js';
import type { Matrix } from './matrix.js';

/** Where a problem's plane coordinates come from (Problem.hasCoordinates, Problem.embedded). */
export type CoordinateSource = 'given' | 'embedded' | 'none';

/**
 * Completes the plane coordinates `x`, `y` (NaN where unknown) of the n nodes of matrix `m`, in place.
 *
 * A node without coordinates that is at 0 from and to every other node is no place: VROOM input's virtual
 * depot of vehicles without a start or an end (io/vroom/input.ts). It has no say in the others' coordinates
 * and gets the centroid of the placed depots (of all placed nodes when no depot has a place), the centre
 * SWAP*'s sectors of a route starting there are drawn around. Then:
 * - every other node has coordinates: `given`;
 * - else the matrix between the placed nodes is embedded in the plane (model/embedding.ts): `embedded`;
 * - else (unreachable legs, too many nodes): `none`, and x, y are left as they were.
 *
 * Session 30: before, one such virtual node made every file with open routes a file without coordinates,
 * even one that gave them all (docs/solver.md, "Coordinates from the matrix").
 */
export function completeCoordinates(
  m: Matrix,
  n: number,
  numDepots: number,
  unreachable: number,
  x: Float64Array,
  y: Float64Array,
  maxNodes = EMBED_MAX_NODES,
): CoordinateSource {
  const placed: number[] = [];
  const placeless: number[] = [];
  for (let u = 0; u < n; u++) {
    if (Number.isNaN(x[u]!) || Number.isNaN(y[u]!)) {
      if (n > 1 && atZeroFromAll(m, n, u)) {
        placeless.push(u);
        continue;
      }
    }
    placed.push(u);
  }
  let source: CoordinateSource = 'given';
  if (placed.some((u) => Number.isNaN(x[u]!) || Number.isNaN(y[u]!))) {
    if (placed.length > maxNodes) return 'none';
    const e =
      placeless.length === 0
        ? embedMatrix(m, n, unreachable, maxNodes)
        : embedMatrix(subMatrix(m, n, placed), placed.length, unreachable, maxNodes);
    if (e === undefined) return 'none';
    placed.forEach((u, i) => {
      x[u] = e.x[i]!;
      y[u] = e.y[i]!;
    });
    source = 'embedded';
  }
  if (placeless.length > 0) {
    const depots = placed.filter((u) => u < numDepots);
    const from = depots.length > 0 ? depots : placed;
    let cx = 0;
    let cy = 0;
    for (const u of from) {
      cx += x[u]!;
      cy += y[u]!;
    }
    const k = Math.max(from.length, 1);
    for (const u of placeless) {
      x[u] = cx / k;
      y[u] = cy / k;
    }
  }
  return source;
}

function atZeroFromAll(m: Matrix, n: number, u: number): boolean {
  for (let v = 0; v < n; v++) if (m[u * n + v] !== 0 || m[v * n + u] !== 0) return false;
  return true;
}

/** The rows and columns `keep` of the n x n matrix m, row-major. */
function subMatrix(m: Matrix, n: number, keep: readonly number[]): Float32Array {
  const k = keep.length;
  const out = new Float32Array(k * k);
  for (let a = 0; a < k; a++) {
    const row = keep[a]! * n;
    for (let b = 0; b < k; b++) out[a * k + b] = m[row + keep[b]!]!;
  }
  return out;
}
