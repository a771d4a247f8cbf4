import type { Problem } from '../model/problem.js';

/**
 * Per client, the vehicle types by increasing cost of the round trip start depot -> client -> end depot in the
 * type's edge costs, plus its fixed cost (ties by type index): row (u - numDepots) x T.
 */
export function typesByRoundTrip(P: Problem): Int32Array {
  const T = P.vehicleTypes.length;
  const D = P.numDepots;
  const N = P.numNodes;
  const out = new Int32Array(P.numClients * T);
  const cost = new Float64Array(T);
  const idx = Array.from({ length: T }, (_, t) => t);
  for (let u = D; u < N; u++) {
    P.vehicleTypes.forEach((vt, t) => {
      cost[t] = vt.fixedCost + P.edge(t, vt.startDepot, u) + P.edge(t, u, vt.endDepot);
    });
    idx.sort((a, b) => cost[a]! - cost[b]! || a - b);
    out.set(idx, (u - D) * T);
  }
  return out;
}
