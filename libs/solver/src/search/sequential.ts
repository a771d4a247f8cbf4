import type { CostEvaluator } from '../cost/costEvaluator.js';
import type { Problem } from '../model/problem.js';
import type { Rng } from '../rng.js';
import { detourCost, nextLocation } from './detour.js';
import type { LocalSearch } from './localSearch.js';

/** How a vehicle's route is seeded before it is filled (VROOM's construction has the same choices). */
export const Seed = {
  None: 0,
  /** The client whose round trip from the vehicle's depot costs most. */
  Farthest: 1,
  /** The client with the largest delivery (share of the vehicle's capacity, summed over dimensions). */
  Largest: 2,
  /** The client whose last window closes first. */
  EarliestDeadline: 3,
} as const;
export type Seed = (typeof Seed)[keyof typeof Seed];

export interface SequentialParams {
  /**
   * Weights of the cost a client would cost the vehicles still to come (its cheapest round trip from their
   * depots), one drawn per construction: a vehicle takes first the clients that are dear for the others.
   */
  readonly lambdas: readonly number[];
  /** Each vehicle's place in the order (capacity, then shift) is scaled by a factor drawn in [1, 1 + noise). */
  readonly noise: number;
  /** Seed rules, one drawn per construction (default: all four). */
  readonly seeds?: readonly Seed[];
}

const ALL_SEEDS: readonly Seed[] = [Seed.None, Seed.Farthest, Seed.Largest, Seed.EarliestDeadline];

export const DEFAULT_SEQUENTIAL: SequentialParams = { lambdas: [0, 0.5, 1], noise: 0.1 };

/**
 * Sequential insertion, one vehicle after the other (Solomon's I1 family; VROOM builds its plans so): the
 * vehicles in decreasing order of capacity, then of shift length; each is seeded with one client (drawn rule,
 * see `Seed`) and then filled with the client of least key until none fits without violation or is worth its
 * prize. The key is the insertion cost minus lambda times the client's cheapest round trip from the depots
 * of the vehicles still to come.
 *
 * Why: with clients in far-apart clusters and a capacity that binds, the large vehicles should drive to the
 * far clusters (one trip for many clients) and the small ones serve what is near their depot. A parallel
 * regret insertion gives each client the vehicle where it costs least now, which is as often a small one; the
 * local search then cannot move a truck's twenty clients for four vans' (docs/solver.md, session 19).
 *
 * Cost: each vehicle prices every unrouted client once; after each insertion the values are lower bounds (the
 * route only grows, so a value only rises), and only the least key is priced again until it is exact.
 */
export function sequentialConstruct(
  ls: LocalSearch,
  ce: CostEvaluator,
  rng: Rng,
  params: SequentialParams = DEFAULT_SEQUENTIAL,
): void {
  const P = ls.problem;
  const st = ls.state;
  ls.clear(ce);
  const D = P.numDepots;
  const C = P.numClients;
  if (C === 0 || st.routes.length === 0) return;
  const clients: number[] = [];
  for (let u = D; u < D + C; u++) clients.push(u);
  const all = Int32Array.from({ length: P.numVehicles }, (_, v) => v);
  sequentialFill(ls, rng, params, all, clients);
  for (let u = D; u < D + C; u++) if (P.required[u] && !st.isRouted(u)) ls.insert(u, true);
}

/**
 * Fills the routes of `vehicles` (in the order of `vehicleOrder`, each seeded and then filled as
 * `sequentialConstruct` says) with unrouted clients among `clients`, where they add no violation and are worth
 * their prize. Routes may already hold clients. Clients that fit none stay unrouted.
 */
export function sequentialFill(
  ls: LocalSearch,
  rng: Rng,
  params: SequentialParams,
  vehicles: Int32Array,
  clients: readonly number[],
): void {
  const P = ls.problem;
  const st = ls.state;
  const D = P.numDepots;
  const C = P.numClients;
  const R = vehicles.length;
  if (C === 0 || R === 0 || clients.length === 0) return;
  const lambda = params.lambdas.length === 0 ? 0 : params.lambdas[rng.randint(params.lambdas.length)]!;
  const seeds = params.seeds ?? ALL_SEEDS;
  const seed = seeds[rng.randint(seeds.length)]!;
  const order = vehicleOrder(P, rng, params.noise, vehicles);

  // roundTrip[i * C + c]: the client's round trip from the depot of the i-th vehicle of the order; later[c]:
  // its cheapest over the vehicles after the current one (suffix minimum, 0 after the last).
  const roundTrip = new Float64Array(R * C);
  for (let i = 0; i < R; i++) {
    const r = st.routes[order[i]!]!;
    const end = r.loc[r.last]!;
    for (const u of clients) roundTrip[i * C + u - D] = detourCost(P, r, r.loc[0]!, u, end);
  }
  const suffix: Float64Array[] = new Array<Float64Array>(R);
  const acc = new Float64Array(C).fill(Infinity);
  for (let i = R - 1; i >= 0; i--) {
    suffix[i] = Float64Array.from(acc, (x) => (Number.isFinite(x) ? x : 0));
    for (const u of clients) acc[u - D] = Math.min(acc[u - D]!, roundTrip[i * C + u - D]!);
  }

  const value = new Float64Array(C);
  const exact = new Uint8Array(C);
  const cand: number[] = [];
  for (let i = 0; i < R; i++) {
    const v = order[i]!;
    const r = st.routes[v]!;
    const later = suffix[i]!;
    cand.length = 0;
    for (const u of clients) {
      if (st.isRouted(u)) continue;
      const d = ls.insertionDelta(u, v);
      if (!(d < 0)) continue;
      value[u - D] = d;
      exact[u - D] = 1;
      cand.push(u);
    }
    if (cand.length === 0) continue;
    // The seed, into an empty route only.
    let first = -1;
    if (seed !== Seed.None && r.numClients === 0) {
      let best = -Infinity;
      for (const u of cand) {
        const s = seedScore(P, seed, u, v, roundTrip[i * C + u - D]!);
        if (s > best) {
          best = s;
          first = u;
        }
      }
    }
    for (;;) {
      let pick = first;
      first = -1;
      if (pick < 0) {
        let bestKey = Infinity;
        for (let k = 0; k < cand.length;) {
          const u = cand[k]!;
          const c = u - D;
          if (!(value[c]! < 0)) {
            cand[k] = cand[cand.length - 1]!;
            cand.pop();
            continue;
          }
          const key = value[c]! + P.prize[u]! - lambda * later[c]!;
          if (key < bestKey) {
            bestKey = key;
            pick = u;
          }
          k++;
        }
        if (pick < 0) break;
        if (exact[pick - D] === 0) {
          value[pick - D] = ls.insertionDelta(pick, v);
          exact[pick - D] = 1;
          continue;
        }
      }
      if (!(ls.insertionDelta(pick, v) < 0)) {
        value[pick - D] = Infinity;
        continue;
      }
      ls.applyInsertion();
      const at = cand.indexOf(pick);
      if (at >= 0) {
        cand[at] = cand[cand.length - 1]!;
        cand.pop();
      }
      // The route grew: every value is now a lower bound (old positions cost no less, the two new ones are
      // bounded by their detours), priced exactly only when it is the least key.
      const pos = st.posOf[pick]!;
      const before = r.loc[pos - 1]!;
      const after = nextLocation(r, pos);
      for (const w of cand) {
        const c = w - D;
        const lb =
          -P.prize[w]! + Math.min(detourCost(P, r, before, w, pick), detourCost(P, r, pick, w, after));
        value[c] = Math.min(value[c]!, lb);
        exact[c] = 0;
      }
    }
  }
}

/** Vehicles by decreasing capacity (each dimension as a share of the largest), then decreasing shift. */
function vehicleOrder(P: Problem, rng: Rng, noise: number, vehicles: Int32Array): Int32Array {
  const R = P.numVehicles;
  const K = P.numDims;
  const T = P.vehicleTypes.length;
  const most = new Float64Array(K);
  for (let t = 0; t < T; t++)
    for (let k = 0; k < K; k++) most[k] = Math.max(most[k]!, P.capacity[t * K + k]!);
  const cap = new Float64Array(R);
  const shift = new Float64Array(R);
  for (const v of vehicles) {
    const t = P.vehicleType[v]!;
    let c = 0;
    for (let k = 0; k < K; k++)
      if (most[k]! > 0 && Number.isFinite(most[k]!)) c += P.capacity[t * K + k]! / most[k]!;
    const f = 1 + noise * rng.rand();
    cap[v] = c * f;
    const vt = P.vehicleTypes[t]!;
    const len = Math.min(vt.twLate - vt.twEarly, vt.maxDuration);
    shift[v] = (Number.isFinite(len) ? len : 0) * f;
  }
  const order = vehicles.slice();
  order.sort((a, b) => cap[b]! - cap[a]! || shift[b]! - shift[a]! || a - b);
  return order;
}

function seedScore(P: Problem, seed: Seed, u: number, v: number, roundTrip: number): number {
  if (seed === Seed.Farthest) return roundTrip;
  if (seed === Seed.Largest) {
    const K = P.numDims;
    const t = P.vehicleType[v]!;
    let s = 0;
    for (let k = 0; k < K; k++) {
      const c = P.capacity[t * K + k]!;
      if (c > 0 && Number.isFinite(c)) s += P.delivery[u * K + k]! / c;
    }
    return s;
  }
  // Earliest deadline: the latest end of the client's windows, negated.
  let late = -Infinity;
  for (let w = P.winOffset[u]!; w < P.winOffset[u + 1]!; w++) late = Math.max(late, P.winLate[w]!);
  return Number.isFinite(late) ? -late : -Infinity;
}
