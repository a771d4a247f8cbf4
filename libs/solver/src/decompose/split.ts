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
 * ordered by the polar angle of their barycentre): the routes that serve clients, ordered by the angle of
 * their clients' centroid around the depots' centroid starting from `rotation` (radians), are cut into
 * `parts` runs of about equal client counts; the vehicles without a route are dealt round-robin. Where the
 * problem has no coordinates (Problem.hasCoordinates false) the routes keep their order. Pure and
 * deterministic: the same plan and rotation give the same parts.
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
    const a = Math.atan2(c.y - cy, c.x - cx) - rotation;
    return ((a % twoPi) + twoPi) % twoPi;
  });
  const order = used.map((_, i) => i).sort((a, b) => key[a]! - key[b]! || a - b);
  let total = 0;
  for (const r of used) total += clientCount(r);
  const out: PlanPart[] = [];
  for (let p = 0; p < parts; p++) out.push({ routes: [], vehicles: [], clients: [] });
  let seen = 0;
  for (const i of order) {
    const r = used[i]!;
    const n = clientCount(r);
    // The part whose share of the clients this route's middle falls in.
    const p = Math.min(parts - 1, Math.floor(((seen + n / 2) * parts) / total));
    const part = out[p]!;
    part.routes.push(r);
    part.vehicles.push(r.vehicle);
    for (const u of r.visits) if (u !== BREAK) part.clients.push(u);
    seen += n;
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
