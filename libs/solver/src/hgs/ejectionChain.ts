import type { CostEvaluator } from '../cost/costEvaluator.js';
import type { LocalSearch } from '../search/localSearch.js';
import { checkAlone } from '../unassigned/reasons.js';

/**
 * Lets unrouted client u into vehicle v's route at its cheapest position, violations allowed, then restores
 * feasibility by leaving optional clients out, never a client let in on purpose, plain VROOM jobs before any
 * with a priority (LocalSearch.dropToFeasible with `leastValueFirst`). A client worth more than `least` that
 * this pushed out (a priority job that held the late end of the route, say) is then let in elsewhere in turn,
 * into the vehicle where it adds the least penalised cost, and the drop runs again: an ejection chain of up to
 * `depth` links. The result is left in `ls`'s state. Returns false when u cannot go into v at all. That vehicle
 * may be the one the client just left (the first of equals); the chain then ends infeasible and the caller
 * keeps its plan. Measured: skipping that vehicle made more chains succeed and the 29 benchmark instances lose
 * jobs (docs/solver.md, polish pass, session 11).
 *
 * With `repair`, before each drop the local search runs under the same booster weights from the clients of
 * the violating routes, every routed client pinned (LocalSearch.pin): it can only move clients, so it clears
 * room in the violating routes by moving their other clients elsewhere (a late job needs the whole late end
 * of a route cleared, which the drop does one client at a time and only by leaving clients out), and the
 * drop then decides what stays out. Letting that search leave clients out as well cost plain jobs by the
 * handful (docs/solver.md). `stop` is polled by that search.
 *
 * Why: on a short fleet a plan that misses one priority job with a late window often has the late ends of
 * the routes that could take it filled with other priority jobs; plain clients left out make no room there,
 * so without the chain the drop pays for the job with another one as valuable.
 */
export function insertWithEjections(
  ls: LocalSearch,
  u: number,
  v: number,
  booster: CostEvaluator,
  least: number,
  depth: number,
  repair = false,
  stop?: () => boolean,
): boolean {
  const P = ls.problem;
  const st = ls.state;
  if (!ls.insertInto(u, v)) return false;
  const keep = [u];
  const routedBefore = new Uint8Array(P.numNodes);
  for (let w = P.numDepots; w < P.numNodes; w++) if (st.isRouted(w)) routedBefore[w] = 1;
  const only: number[] = [];
  for (let link = 0; ; link++) {
    if (repair) {
      only.length = 0;
      const routed: number[] = [];
      for (let w = P.numDepots; w < P.numNodes; w++) if (st.isRouted(w)) routed.push(w);
      ls.pin(routed, true);
      ls.improve(booster, stop, ls.violatingClients(only));
      ls.pin(routed, false);
    }
    ls.dropToFeasible(booster, keep, true);
    if (link === depth) break;
    const pushed: number[] = [];
    for (let w = P.numDepots; w < P.numNodes; w++)
      if (routedBefore[w] && !st.isRouted(w) && P.value[w]! > least && !keep.includes(w)) pushed.push(w);
    if (pushed.length === 0) break;
    pushed.sort((a, b) => P.value[b]! - P.value[a]! || a - b);
    for (const w of pushed) {
      let bestVehicle = -1;
      let bestDelta = Infinity;
      for (let x = 0; x < P.numVehicles; x++) {
        if (checkAlone(P, P.vehicleType[x]!, w) !== undefined) continue;
        const d = ls.insertionDelta(w, x, true);
        if (d < bestDelta) {
          bestDelta = d;
          bestVehicle = x;
        }
      }
      if (bestVehicle >= 0 && ls.insertInto(w, bestVehicle)) keep.push(w);
    }
  }
  return true;
}
