/**
 * Arc rounding conventions of the benchmark literature:
 * - `dimacs`: every arc distance (and travel time) truncated to one decimal, as DIMACS 2021 and CVRPLIB's
 *   VRPTW tables do. Internally the solver works in integer tenths, floor(10 * d), so sums are exact.
 * - `round`: every arc rounded to the nearest integer, floor(d + 0.5) (TSPLIB EUC_2D, the X set).
 * - `exact`: full double precision.
 * The arc length is Math.sqrt(dx * dx + dy * dy) (Math.hypot can differ in the last bit).
 */
export type Rounding = 'dimacs' | 'round' | 'exact';

export const ROUNDINGS: readonly Rounding[] = ['dimacs', 'round', 'exact'];

export function arcLength(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}

/** The arc in internal units (tenths for dimacs). */
export function roundArc(d: number, mode: Rounding): number {
  switch (mode) {
    case 'dimacs':
      return Math.floor(10 * d);
    case 'round':
      return Math.floor(d + 0.5);
    case 'exact':
      return d;
  }
}

/** Internal units per instance unit. */
export function unitScale(mode: Rounding): number {
  return mode === 'dimacs' ? 10 : 1;
}

/** Formats an internal cost in instance units: one decimal for dimacs, an integer for round. */
export function formatCost(internal: number, mode: Rounding): string {
  switch (mode) {
    case 'dimacs':
      return (internal / 10).toFixed(1);
    case 'round':
      return String(Math.round(internal));
    case 'exact':
      return String(Math.round(internal * 1e6) / 1e6);
  }
}

export function isRounding(s: string): s is Rounding {
  return (ROUNDINGS as readonly string[]).includes(s);
}
