import type { Problem } from '../model/problem.js';
import { routeCentroid } from '../solution/centroid.js';
import { BREAK, type SolutionRoute } from '../solution/solution.js';

/** One part of a split plan: its routes, and its vehicles (those of its routes, then unused ones). */
export interface PlanPart {
  readonly routes: SolutionRoute[];
  readonly vehicles: number[];
  /** The clients of its routes, in route order. */
  readonly clients: number[];
}

/**
 * Splits a plan into `parts` groups of neighbouring routes, as HGS's decomposition does (Vidal et al.: routes
 * ordered by the polar angle of their barycentre): the routes that serve clients, ordered by the angle of their
 * clients' centroid around the depots' centroid, make a circle of their clients, which is cut into `parts` runs of
 * about equal client counts, the first cut `rotation / 2 pi` of the way round (rotation in radians, turns
 * beyond one wrap); the vehicles without a route are dealt round-robin. Where the problem has no coordinates
 * (Problem.hasCoordinates false) the routes keep their order. Pure and deterministic: the same plan and rotation
 * give the same parts.
 *
 * Why the cut turns through the clients rather than through the angle (session 69): a depot at the edge of town
 * sees its routes within a narrow cone, so a cut turned by an angle fell in the empty part of the circle in most
 * rounds and gave the same parts again (4 distinct splits in 12 rounds on `road-s30068-000`, 21 routes). A turn
 * through the clients moves the cut over the routes however they sit around the depots.
 */
export function splitByAngle(
  problem: Problem,
  routes: readonly SolutionRoute[],
  parts: number,
  rotation: number,
): PlanPart[] {
  const P = problem;
  const D = P.numDepots;
  let cx = 0;
  let cy = 0;
  for (let d = 0; d < D; d++) {
    cx += P.x[d]!;
    cy += P.y[d]!;
  }
  cx /= D;
  cy /= D;
  const used = routes.filter((r) => r.visits.some((u) => u !== BREAK));
  const twoPi = 2 * Math.PI;
  const key = used.map((r) => {
    if (!P.hasCoordinates) return 0;
    const c = routeCentroid(P, r);
    const a = Math.atan2(c.y - cy, c.x - cx);
    return ((a % twoPi) + twoPi) % twoPi;
  });
  const byAngle = used.map((_, i) => i).sort((a, b) => key[a]! - key[b]! || a - b);
  let total = 0;
  for (const r of used) total += clientCount(r);
  // Each route's middle on the circle of clients, measured from the first cut.
  const turn = ((rotation / twoPi) % 1) + 1;
  const offset = (turn % 1) * total;
  const middle = new Float64Array(used.length);
  let seen = 0;
  for (const i of byAngle) {
    const n = clientCount(used[i]!);
    const m = seen + n / 2 - offset;
    middle[i] = m < 0 ? m + total : m;
    seen += n;
  }
  const order = byAngle.slice().sort((a, b) => middle[a]! - middle[b]! || a - b);
  const out: PlanPart[] = [];
  for (let p = 0; p < parts; p++) out.push({ routes: [], vehicles: [], clients: [] });
  for (const i of order) {
    const r = used[i]!;
    // The part whose share of the clients this route's middle falls in.
    const p = Math.min(parts - 1, Math.floor((middle[i]! * parts) / total));
    const part = out[p]!;
    part.routes.push(r);
    part.vehicles.push(r.vehicle);
    for (const u of r.visits) if (u !== BREAK) part.clients.push(u);
  }
  const busy = new Uint8Array(P.numVehicles);
  for (const r of used) busy[r.vehicle] = 1;
  let next = 0;
  for (let v = 0; v < P.numVehicles; v++) {
    if (busy[v]) continue;
    out[next % parts]!.vehicles.push(v);
    next++;
  }
  return out;
}

function clientCount(r: SolutionRoute): number {
  let n = 0;
  for (const u of r.visits) if (u !== BREAK) n++;
  return n;
}
