import type { CostEvaluator } from '../cost/costEvaluator.js';
import { scaledEntry } from '../model/matrix.js';
import type { Problem } from '../model/problem.js';
import type { SearchState } from '../search/state.js';
import { DurationSegment } from '../segments/duration.js';
import { LoadSegment } from '../segments/load.js';

/**
 * Penalised cost of a search state recomputed from scratch, visit by visit, without any cached route data
 * or proposal logic: the yardstick the operator tests compare deltas against. `serviceWeight`: the search's
 * price per second of service under each route's vehicle type (Evaluator.serviceWeight).
 */
export function referenceCost(P: Problem, st: SearchState, ce: CostEvaluator, serviceWeight = 0): number {
  const N = P.numNodes;
  const K = P.numDims;
  let total = 0;
  for (let u = P.numDepots; u < N; u++) if (st.routeOf[u]! < 0) total += P.prize[u]!;
  for (const r of st.routes) {
    const visits: number[] = [];
    for (let i = 1; i < r.last; i++) visits.push(r.nodes[i]!);
    const clients = visits.filter((h) => h < N);
    if (clients.length === 0) continue;
    const t = r.type;
    const vt = P.vehicleTypes[t]!;
    const dist = P.distances[vt.profile]!;
    const dur = P.durations[vt.profile]!;
    const k = P.travelScale[vt.profile]!;
    let loc = vt.startDepot;
    let d = 0;
    let travel = 0;
    const seg = new DurationSegment().set(0, 0, vt.twEarly, vt.twLate);
    const loads = Array.from({ length: K }, () => new LoadSegment());
    visits.forEach((h, idx) => {
      if (h >= N) {
        // On the way, the leg after the break opens its window earlier by its travel time.
        const next = idx + 1 < visits.length ? visits[idx + 1]! : vt.endDepot;
        const shift = P.breaksOnTheWay ? scaledEntry(dur[loc * N + next]!, k) : 0;
        seg.append(0, P.breakDuration[t]!, 0, st.selEarly[h]! - shift, st.selLate[h]!);
        return;
      }
      d += dist[loc * N + h]!;
      travel += scaledEntry(dur[loc * N + h]!, k);
      seg.append(
        scaledEntry(dur[loc * N + h]!, k),
        P.service[vt.serviceType * N + h]!,
        0,
        st.selEarly[h]!,
        st.selLate[h]!,
      );
      for (let k = 0; k < K; k++) {
        const dd = P.delivery[h * K + k]!;
        const pp = P.pickup[h * K + k]!;
        loads[k]!.append(dd, pp, Math.max(dd, pp));
      }
      loc = h;
    });
    d += dist[loc * N + vt.endDepot]!;
    travel += scaledEntry(dur[loc * N + vt.endDepot]!, k);
    seg.append(scaledEntry(dur[loc * N + vt.endDepot]!, k), 0, 0, vt.twEarly, vt.twLate);
    const tw = seg.totalTimeWarp(vt.maxDuration);
    let service = 0;
    for (const h of clients) service += P.service[vt.serviceType * N + h]!;
    let cost =
      serviceWeight * service +
      vt.fixedCost +
      vt.unitDistanceCost * d +
      vt.unitTravelCost * travel +
      vt.unitDurationCost * seg.duration +
      ce.timeWarpPenalty * tw;
    for (let k = 0; k < K; k++)
      cost += ce.loadPenalty[k]! * Math.max(loads[k]!.load - P.capacity[t * K + k]!, 0);
    total += cost;
  }
  return total;
}
