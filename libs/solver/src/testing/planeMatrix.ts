/** How planeMatrix builds its matrix. */
export interface PlaneMatrixOptions {
  /** Rows and columns (default: one per point); nodes past the points are at 0 from every node. */
  readonly size?: number;
  /** Added to every leg between two different points. */
  readonly perLeg?: number;
  /** Whole units, as a VROOM matrix holds them (default true); false keeps the exact distances. */
  readonly round?: boolean;
}

/**
 * Distances between points of the plane as a row-major matrix, `Math.sqrt(dx*dx + dy*dy)` per leg. With a
 * `size` above the number of points, the extra nodes are at 0 from and to all others: VROOM input's virtual
 * depot of vehicles without a start or an end.
 */
export function planeMatrix(
  points: readonly (readonly [number, number])[],
  options: PlaneMatrixOptions = {},
): Float64Array {
  const n = options.size ?? points.length;
  const perLeg = options.perLeg ?? 0;
  const m = new Float64Array(n * n);
  for (let i = 0; i < points.length; i++)
    for (let j = 0; j < points.length; j++) {
      if (i === j) continue;
      const d =
        Math.sqrt((points[i]![0] - points[j]![0]) ** 2 + (points[i]![1] - points[j]![1]) ** 2) + perLeg;
      m[i * n + j] = options.round === false ? d : Math.round(d);
    }
  return m;
}
