/**
 * Arc conventions of the VRP benchmarks (see shared/bench/bks/README.md):
 * - `dimacs`: every arc distance and travel time truncated to one decimal, floor(10 d) / 10 (DIMACS 2021, CVRPLIB VRPTW);
 * - `round`: every arc rounded to the nearest integer, floor(d + 0.5) (TSPLIB EUC_2D, the X set);
 * - `exact`: double precision (SINTEF hierarchical tables).
 * Arc length is Math.sqrt(dx * dx + dy * dy).
 *
 * Arithmetic is done in integer "ticks" where the convention allows it (tenths for dimacs, units for round), so sums
 * and time-window comparisons carry no floating-point drift.
 */
export const ROUNDINGS = ['dimacs', 'round', 'exact'] as const;
export type Rounding = (typeof ROUNDINGS)[number];

export interface Metric {
  readonly rounding: Rounding;
  /** Ticks per unit of the instance (10 for dimacs, 1 otherwise). */
  readonly ticksPerUnit: number;
  /** Slack allowed in comparisons of ticks: 0 where ticks are integers, a rounding-noise epsilon for exact. */
  readonly epsilon: number;
  /** Arc length in ticks between two points. */
  arc(ax: number, ay: number, bx: number, by: number): number;
}

export function isRounding(value: string): value is Rounding {
  return (ROUNDINGS as readonly string[]).includes(value);
}

export function metricFor(rounding: Rounding): Metric {
  const length = (ax: number, ay: number, bx: number, by: number): number => {
    const dx = ax - bx;
    const dy = ay - by;
    return Math.sqrt(dx * dx + dy * dy);
  };
  switch (rounding) {
    case 'dimacs':
      return { rounding, ticksPerUnit: 10, epsilon: 0, arc: (...p) => Math.floor(10 * length(...p)) };
    case 'round':
      return { rounding, ticksPerUnit: 1, epsilon: 0, arc: (...p) => Math.floor(length(...p) + 0.5) };
    case 'exact':
      return { rounding, ticksPerUnit: 1, epsilon: 1e-6, arc: length };
  }
}
