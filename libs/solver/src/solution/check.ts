import type { Problem } from '../model/problem.js';
import { scheduleRoute } from './schedule.js';
import { BREAK, type Solution } from './solution.js';

/**
 * Re-checks a solution from its routes alone (schedules rebuilt, loads summed): every required client served
 * once, no client twice, capacities held at every point, every window, shift end and maximum duration met,
 * each route of a vehicle with a break holding exactly one. Returns the violations found (empty = feasible).
 */
export function checkSolution(P: Problem, sol: Solution): string[] {
  const out: string[] = [];
  const seen = new Uint8Array(P.numNodes);
  const used = new Uint8Array(P.numVehicles);
  const K = P.numDims;
  const tol = P.timeTolerance;
  for (const r of sol.routes) {
    if (used[r.vehicle]) out.push(`vehicle ${r.vehicle} used twice`);
    used[r.vehicle] = 1;
    const t = P.vehicleType[r.vehicle]!;
    let breaks = 0;
    for (const u of r.visits) {
      if (u === BREAK) {
        breaks++;
        continue;
      }
      if (!P.isClient(u)) out.push(`route of vehicle ${r.vehicle} visits non-client ${u}`);
      else if (seen[u]) out.push(`client ${u} served twice`);
      seen[u] = 1;
    }
    if (P.typeHasBreak(t) && breaks !== 1) out.push(`vehicle ${r.vehicle} takes ${breaks} breaks`);
    if (!P.typeHasBreak(t) && breaks > 0) out.push(`vehicle ${r.vehicle} has no break but takes one`);
    const s = scheduleRoute(P, r);
    if (s.lateness > tol * (r.visits.length + 1)) out.push(`vehicle ${r.vehicle} is late by ${s.lateness}`);
    const peak = s.startLoad.slice();
    for (const v of s.visits) for (let k = 0; k < K; k++) peak[k] = Math.max(peak[k]!, v.load[k]!);
    for (let k = 0; k < K; k++)
      if (peak[k]! > P.capacity[t * K + k]!)
        out.push(`vehicle ${r.vehicle} carries ${peak[k]} > capacity in dim ${k}`);
  }
  for (let u = P.numDepots; u < P.numNodes; u++)
    if (P.required[u] && !seen[u]) out.push(`client ${u} not served`);
  return out;
}
