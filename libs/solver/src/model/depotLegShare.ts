import { scaledEntry } from './matrix.js';
import type { Problem } from './problem.js';

/**
 * An estimate of the share of a route's cost spent going to and from its depot: m / (m + L x n), where m is
 * the mean over clients of the cheapest round trip any vehicle makes to it (start depot, client, end depot,
 * in that vehicle's edge costs), n the mean cost of a client's cheapest edge to another client (the cheapest
 * any vehicle pays), and L the clients per vehicle. 0 without clients or vehicles.
 *
 * Near 1, routes are a few clients far from the depot: what each vehicle's route costs is mostly which area
 * it drives to, and a plan is made by deciding which vehicle goes where (search/sequential.ts). Near 0.5 and
 * below (long routes, dense clients), the order of the clients is what costs.
 */
export function depotLegShare(P: Problem): number {
  const D = P.numDepots;
  const C = P.numClients;
  const N = P.numNodes;
  if (C === 0 || P.numVehicles === 0) return 0;
  let trips = 0;
  for (let u = D; u < N; u++) {
    let best = Infinity;
    P.vehicleTypes.forEach((vt, t) => {
      best = Math.min(best, P.edge(t, vt.startDepot, u) + P.edge(t, u, vt.endDepot));
    });
    trips += best;
  }
  let near = 0;
  if (C > 1) {
    const m = P.minEdgeCost;
    const k = P.minEdgeScale;
    for (let u = D; u < N; u++) {
      let best = Infinity;
      for (let w = D; w < N; w++) if (w !== u) best = Math.min(best, scaledEntry(m[u * N + w]!, k));
      near += best;
    }
  }
  const meanTrip = trips / C;
  const meanNear = near / C;
  const perVehicle = C / P.numVehicles;
  const total = meanTrip + perVehicle * meanNear;
  return total > 0 && Number.isFinite(total) ? meanTrip / total : 0;
}
