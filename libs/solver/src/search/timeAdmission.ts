import { scaledEntry } from '../model/matrix.js';
import type { Problem } from '../model/problem.js';
import type { Rng } from '../rng.js';
import { admitInOrder } from './admitInOrder.js';

const cache = new WeakMap<Problem, Float64Array>();

/**
 * Each client's time footprint (footprint[u - numDepots], seconds): its least service time over the fleet's
 * vehicle types, plus the mean of the travel times to its two nearest other nodes (each way averaged, read
 * through the first vehicle type's profile): in a dense route a visit adds about one such edge. Computed once
 * per problem.
 */
export function timeFootprints(P: Problem): Float64Array {
  const known = cache.get(P);
  if (known !== undefined) return known;
  const N = P.numNodes;
  const D = P.numDepots;
  const types = P.vehicleTypes.filter((t) => t.numAvailable > 0);
  const footprint = new Float64Array(P.numClients);
  const first = types[0];
  if (first !== undefined) {
    const m = P.durations[first.profile]!;
    const k = P.travelScale[first.profile]!;
    for (let u = D; u < N; u++) {
      let service = Infinity;
      for (const t of types) service = Math.min(service, P.service[t.serviceType * N + u]!);
      let a = Infinity;
      let b = Infinity;
      for (let v = 0; v < N; v++) {
        if (v === u) continue;
        const d = (scaledEntry(m[u * N + v]!, k) + scaledEntry(m[v * N + u]!, k)) / 2;
        if (d < a) {
          b = a;
          a = d;
        } else if (d < b) b = d;
      }
      const travel = Number.isFinite(b) ? (a + b) / 2 : Number.isFinite(a) ? a : 0;
      footprint[u - D] = (Number.isFinite(service) ? service : 0) + travel;
    }
  }
  cache.set(P, footprint);
  return footprint;
}

/** The summed footprint of the clients a plan serves (timeAdmission's budget). */
export function servedFootprint(P: Problem, routes: readonly { readonly visits: Int32Array }[]): number {
  const footprint = timeFootprints(P);
  const D = P.numDepots;
  let sum = 0;
  for (const r of routes) for (const u of r.visits) if (u >= D) sum += footprint[u - D]!;
  return sum;
}

/**
 * Which clients a construction defers on a fleet short of working time, given `budget`: the summed footprint
 * (timeFootprints) of the clients the island's best plan serves while it leaves out a share of them (Island;
 * undefined otherwise), by admitInOrder as capacityAdmission (regret.ts): the more valuable clients first, then
 * the smallest footprints while the admitted ones stay within the budget; the rest are deferred (1) to the
 * construction's second pass. Returns null without a budget, without time constraints
 * (no shift, window or break: nothing is short of time), when every client fits in the budget, or when the
 * draw of the share `timeFirst` says not this time (a random number is drawn only when time is short and the
 * share is positive).
 */
export function timeAdmission(
  P: Problem,
  rng: Rng,
  share: number,
  budget: number | undefined,
): Uint8Array | null {
  const D = P.numDepots;
  const C = P.numClients;
  if (budget === undefined || share <= 0 || C === 0 || P.allRequired || !P.hasTimeConstraints) return null;
  const footprint = timeFootprints(P);
  let total = 0;
  for (let c = 0; c < C; c++) total += footprint[c]!;
  if (total <= budget || !(rng.rand() < share)) return null;
  let used = 0;
  return admitInOrder(P, rng, {
    size: (u) => footprint[u - D]!,
    fits: (u) => used + footprint[u - D]! <= budget,
    take: (u) => {
      used += footprint[u - D]!;
    },
  });
}
