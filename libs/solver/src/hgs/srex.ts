import type { Problem } from '../model/problem.js';
import type { Rng } from '../rng.js';
import { routeCentroid } from '../solution/centroid.js';
import { BREAK, type Solution, type SolutionRoute } from '../solution/solution.js';

/**
 * Selective route exchange (Nagata & Kobayashi; PyVRP's SREX). Both parents' routes are sorted by the
 * polar angle of their centroid; a window of `moved` consecutive routes is chosen in each and shifted to
 * minimise the clients of A's window missing from B's. Two offspring keep A's other routes:
 *   1. B's window routes in place of A's, and the clients of B's window removed from A's kept routes;
 *   2. B's window routes stripped of the clients A's window did not hold, A's kept routes unchanged.
 * A's window clients not in B's window are left out (the local search reinserts them). Each offspring route
 * keeps the vehicle of the A route it replaces.
 */
export function srex(
  problem: Problem,
  a: Solution,
  b: Solution,
  rng: Rng,
): [SolutionRoute[], SolutionRoute[]] {
  const nA = a.routes.length;
  const nB = b.routes.length;
  if (nA === 0 || nB === 0) return [copyRoutes(a.routes), copyRoutes(b.routes)];
  const routesA = sortByAngle(problem, a.routes);
  const routesB = sortByAngle(problem, b.routes);
  const moved = 1 + rng.randint(Math.min(nA, nB));
  let startA = rng.randint(nA);
  let startB = rng.randint(nB);
  const N = problem.numNodes;
  const selA = new Uint8Array(N);
  const selB = new Uint8Array(N);
  const mark = (sel: Uint8Array, r: SolutionRoute, v: number): void => {
    for (const u of r.visits) if (u !== BREAK) sel[u] = v;
  };
  for (let r = 0; r < moved; r++) {
    mark(selA, routesA[(startA + r) % nA]!, 1);
    mark(selB, routesB[(startB + r) % nB]!, 1);
  }
  const countNotIn = (r: SolutionRoute, sel: Uint8Array): number => {
    let c = 0;
    for (const u of r.visits) if (u !== BREAK && !sel[u]) c++;
    return c;
  };
  const countIn = (r: SolutionRoute, sel: Uint8Array): number => {
    let c = 0;
    for (const u of r.visits) if (u !== BREAK && sel[u]) c++;
    return c;
  };
  // Hill-climb the windows to minimise |A \ B|.
  for (let guard = 0; guard < 4 * (nA + nB); guard++) {
    const aLeft =
      countNotIn(routesA[(startA - 1 + nA) % nA]!, selB) -
      countNotIn(routesA[(startA + moved - 1) % nA]!, selB);
    const aRight = countNotIn(routesA[(startA + moved) % nA]!, selB) - countNotIn(routesA[startA]!, selB);
    const bLeft =
      countIn(routesB[(startB + moved - 1) % nB]!, selA) - countIn(routesB[(startB - 1 + nB) % nB]!, selA);
    const bRight = countIn(routesB[startB]!, selA) - countIn(routesB[(startB + moved) % nB]!, selA);
    const best = Math.min(aLeft, aRight, bLeft, bRight);
    if (best >= 0) break;
    if (best === aLeft) {
      mark(selA, routesA[(startA + moved - 1) % nA]!, 0);
      startA = (startA - 1 + nA) % nA;
      mark(selA, routesA[startA]!, 1);
    } else if (best === aRight) {
      mark(selA, routesA[startA]!, 0);
      startA = (startA + 1) % nA;
      mark(selA, routesA[(startA + moved - 1) % nA]!, 1);
    } else if (best === bLeft) {
      mark(selB, routesB[(startB + moved - 1) % nB]!, 0);
      startB = (startB - 1 + nB) % nB;
      mark(selB, routesB[startB]!, 1);
    } else {
      mark(selB, routesB[startB]!, 0);
      startB = (startB + 1) % nB;
      mark(selB, routesB[(startB + moved - 1) % nB]!, 1);
    }
  }
  const off1: SolutionRoute[] = [];
  const off2: SolutionRoute[] = [];
  for (let r = 0; r < moved; r++) {
    const ra = routesA[(startA + r) % nA]!;
    const rb = routesB[(startB + r) % nB]!;
    const v1: number[] = [];
    const v2: number[] = [];
    for (const u of rb.visits) {
      v1.push(u);
      if (u === BREAK || selA[u]) v2.push(u);
    }
    off1.push({ vehicle: ra.vehicle, visits: Int32Array.from(v1) });
    off2.push({ vehicle: ra.vehicle, visits: Int32Array.from(v2) });
  }
  for (let r = moved; r < nA; r++) {
    const ra = routesA[(startA + r) % nA]!;
    const v1: number[] = [];
    for (const u of ra.visits) if (u === BREAK || !(selB[u] && !selA[u])) v1.push(u);
    off1.push({ vehicle: ra.vehicle, visits: Int32Array.from(v1) });
    off2.push({ vehicle: ra.vehicle, visits: ra.visits.slice() });
  }
  return [off1, off2];
}

function copyRoutes(routes: readonly SolutionRoute[]): SolutionRoute[] {
  return routes.map((r) => ({ vehicle: r.vehicle, visits: r.visits.slice() }));
}

function sortByAngle(problem: Problem, routes: readonly SolutionRoute[]): SolutionRoute[] {
  if (!problem.hasCoordinates) return routes.slice();
  const P = problem;
  let cx = 0;
  let cy = 0;
  for (let u = P.numDepots; u < P.numNodes; u++) {
    cx += P.x[u]!;
    cy += P.y[u]!;
  }
  cx /= Math.max(P.numClients, 1);
  cy /= Math.max(P.numClients, 1);
  const keyed = routes.map((r) => {
    const c = routeCentroid(P, r);
    const dx = c.x - cx;
    const dy = c.y - cy;
    // Pseudo-angle: monotone in atan2 and cheaper.
    const key = Math.sign(dy || 1) * (1 - dx / (Math.abs(dx) + Math.abs(dy) || 1));
    return { r, key };
  });
  keyed.sort((p, q) => p.key - q.key);
  return keyed.map((k) => k.r);
}
