import type { CostEvaluator } from '../cost/costEvaluator.js';
import type { Rng } from '../rng.js';
import type { Problem } from '../model/problem.js';
import type { LocalSearch } from './localSearch.js';
import type { SearchRoute } from './route.js';
import { fleetCapacity } from '../model/fleetCapacity.js';
import { detourCost, nextLocation } from './detour.js';
import { admitInOrder } from './admitInOrder.js';
import { timeAdmission } from './timeAdmission.js';

export interface RegretParams {
  /**
   * Regret weights, one drawn per construction: a client's key is its prize minus its cheapest insertion cost
   * plus lambda times its regret (VROOM's construction uses such a weight, and keeps the best of several). 0 is
   * parallel cheapest insertion, which packs the most clients into a fleet far too small; larger weights serve
   * first the clients that few vehicles can take.
   */
  readonly lambdas: readonly number[];
  /**
   * Each client's insertion cost and regret are multiplied by factors drawn in [1, 1 + noise), so that
   * successive constructions differ (diversity of the initial population).
   */
  readonly noise: number;
  /**
   * After each insertion, keep a lower bound (see `lowerInsertion`) for every other client's value in the route
   * that changed and price exactly only the bounds among a client's two cheapest: the same plans as pricing
   * every value again (property-tested), in a fraction of the evaluations. false prices every value again.
   */
  readonly lowerBounds?: boolean;
  /**
   * Share of the constructions where the most valuable clients left go first whatever the keys (drawn per
   * construction when clients differ in value); the others compare keys alone, where lambda times a regret
   * outweighs priorities (see regretConstruct). Default 1.
   */
  readonly valueFirst?: number;
  /**
   * Share of the constructions that, when the fleet's summed capacity is short of the summed demand in some
   * dimension, admit first only the clients that fit that capacity, smallest footprint first (see
   * `capacityAdmission`); the others are considered once no admitted client fits anywhere. Default 1.
   */
  readonly capacityFirst?: number;
  /**
   * Share of the constructions that, on a fleet with capacity for every client but too little working time
   * (timeAdmission, while the best plan leaves out `shortLeftOut` of the clients), admit first the clients of
   * the smallest time footprint. Default 1: on the fleets short of time it served more jobs in 12 pairs and
   * fewer in 6 of 24 (+50 jobs), and it never applies where the first plans serve 95 % of the clients
   * (docs/benchmarks.md, session 67).
   */
  readonly timeFirst?: number;
}

export const DEFAULT_REGRET: RegretParams = {
  lambdas: [1000],
  noise: 0.5,
  valueFirst: 1,
  capacityFirst: 1,
  timeFirst: 1,
};

/**
 * The clients a construction defers to its second pass: by capacity when the fleet is short of it
 * (capacityAdmission), else by working time within `timeBudget` (timeAdmission); null when neither applies.
 */
export function admission(
  P: Problem,
  rng: Rng,
  params: RegretParams,
  timeBudget?: number,
): Uint8Array | null {
  return (
    capacityAdmission(P, rng, params.capacityFirst ?? 1) ??
    timeAdmission(P, rng, params.timeFirst ?? 0, timeBudget)
  );
}

/**
 * Regret insertion (Potvin & Rousseau 1993), parallel over every vehicle: each unrouted client's cheapest
 * insertion that adds no violation is known for every route (an empty route is one of them); among the most
 * valuable clients left (VROOM priority first), the one with the largest key goes in next, at its best place.
 * The key is the client's prize minus that cheapest cost plus lambda times its regret: second-best minus best
 * insertion cost, capped at the smallest prize (a client that fits in one route only has the cap). Value
 * comes before the key because lambda times a regret can outweigh any prize difference: with lambda 1000, a
 * plain job that one vehicle alone can take came before every priority job, and the plans built left a
 * third of the priority out (docs/solver.md). After each insertion only the costs in the route that changed
 * are computed again. Clients that fit nowhere stay out; a required one is then inserted with violations.
 *
 * Why: the cheapest insertion in random order (LocalSearch.construct) fills the routes of a too-small fleet
 * with whatever comes first, and a client whose only possible vehicle (a late shift, a large vehicle) was
 * filled early is lost; regret serves such clients first. On the 135-job, 5-vehicle short fleet of the
 * benchmarks, random-order cheapest insertion builds plans of 87 to 122 jobs (docs/solver.md).
 *
 * Cost: one insertion evaluation per client and route at first; then, at each step, an O(1) lower bound per
 * client for the route that changed, and a full pricing of that route (one evaluation per position, most cut
 * short by LocalSearch's detour filter) only for the clients whose two cheapest routes it may now be among.
 * Without the bounds that is every client at every step: O(n^2 x mean route length) evaluations.
 */
export function regretConstruct(
  ls: LocalSearch,
  ce: CostEvaluator,
  rng: Rng,
  params = DEFAULT_REGRET,
  timeBudget?: number,
): void {
  const P = ls.problem;
  const st = ls.state;
  ls.clear(ce);
  const D = P.numDepots;
  const C = P.numClients;
  const R = st.routes.length;
  if (C === 0 || R === 0) return;
  let cap = Infinity;
  for (let u = D; u < D + C; u++) cap = Math.min(cap, P.prize[u]!);
  if (!Number.isFinite(cap) || cap <= 0) cap = 1;

  // delta[(u - D) * R + v]: u's cheapest insertion into vehicle v's route (Infinity: none without violation),
  // exact when exact[...] is 1, else a lower bound (see `lowerInsertion`).
  const delta = new Float64Array(C * R);
  const exact = new Uint8Array(C * R).fill(1);
  // Lower bounds need costs that only grow with the route (no duration cost, see lowerInsertion).
  let valuesDiffer = false;
  for (let u = D + 1; u < D + C && !valuesDiffer; u++) valuesDiffer = P.prize[u] !== P.prize[D];
  // The draw only when values differ, so that constructions where all are equal stay as they were.
  const valueFirst = valuesDiffer && rng.rand() < (params.valueFirst ?? 1);
  const lazy = params.lowerBounds !== false && st.routes.every((r) => r.unitDurationCost === 0);
  const pending: number[] = [];
  for (let u = D; u < D + C; u++) {
    pending.push(u);
    const row = (u - D) * R;
    for (let v = 0; v < R; v++) delta[row + v] = ls.insertionDelta(u, v);
  }
  const lambda = params.lambdas.length === 0 ? 1 : params.lambdas[rng.randint(params.lambdas.length)]!;
  // Deferred clients (1) wait until no admitted one fits anywhere: null when neither capacity nor time is short.
  const deferred = admission(P, rng, params, timeBudget);
  let admittedOnly = deferred !== null;
  const costNoise = new Float64Array(C);
  const regretNoise = new Float64Array(C);
  for (let c = 0; c < C; c++) {
    costNoise[c] = 1 + params.noise * rng.rand();
    regretNoise[c] = 1 + params.noise * rng.rand();
  }

  while (pending.length > 0) {
    let pick = -1;
    let pickRoute = -1;
    let pickKey = -Infinity;
    let pickPrize = -Infinity;
    for (let i = 0; i < pending.length;) {
      const u = pending[i]!;
      const row = (u - D) * R;
      let best = Infinity;
      let second = Infinity;
      let route = -1;
      let secondRoute = -1;
      for (let v = 0; v < R; v++) {
        const d = delta[row + v]!;
        if (d < best) {
          second = best;
          secondRoute = route;
          best = d;
          route = v;
        } else if (d < second) {
          second = d;
          secondRoute = v;
        }
      }
      // A lower bound among the two cheapest: price it exactly and look again (the others cost at least
      // their bound, so once both are exact they are the two cheapest).
      if (route >= 0 && exact[row + route] === 0) {
        delta[row + route] = ls.insertionDelta(u, route);
        exact[row + route] = 1;
        continue;
      }
      if (secondRoute >= 0 && exact[row + secondRoute] === 0) {
        delta[row + secondRoute] = ls.insertionDelta(u, secondRoute);
        exact[row + secondRoute] = 1;
        continue;
      }
      // Nowhere, or not worth its prize: routes only fill up, so it stays out of this construction.
      if (route < 0 || !(best < 0)) {
        pending[i] = pending[pending.length - 1]!;
        pending.pop();
        continue;
      }
      if (admittedOnly && deferred![u - D] === 1) {
        i++;
        continue;
      }
      // best counts -prize: prize - added cost = -best, so a more valuable client comes first.
      const prize = P.prize[u]!;
      const key =
        prize -
        (best + prize) * costNoise[u - D]! +
        lambda * Math.min(second - best, cap) * regretNoise[u - D]!;
      // The most valuable first, whatever the keys: lambda times a regret can outweigh any prize difference.
      if (valueFirst ? prize > pickPrize || (prize === pickPrize && key > pickKey) : key > pickKey) {
        pickPrize = prize;
        pickKey = key;
        pick = i;
        pickRoute = route;
      }
      i++;
    }
    if (pick < 0) {
      if (!admittedOnly) break;
      admittedOnly = false;
      continue;
    }
    const u = pending[pick]!;
    pending[pick] = pending[pending.length - 1]!;
    pending.pop();
    if (!(ls.insertionDelta(u, pickRoute) < 0)) continue;
    ls.applyInsertion();
    const r = st.routes[pickRoute]!;
    const pos = st.posOf[u]!;
    const before = r.loc[pos - 1]!;
    const after = nextLocation(r, pos);
    for (const w of pending) {
      const i = (w - D) * R + pickRoute;
      // A route that could not take w without violation cannot after one more client either.
      if (delta[i] === Infinity) continue;
      if (lazy) {
        delta[i] = Math.min(delta[i]!, lowerInsertion(P, r, w, before, u, after));
        exact[i] = 0;
      } else delta[i] = ls.insertionDelta(w, pickRoute);
    }
  }
  for (let u = D; u < D + C; u++) if (P.required[u] && !st.isRouted(u)) ls.insert(u, true);
}

/**
 * A lower bound on inserting w between `before` and u or between u and `after` (the two legs that inserting
 * u into route r created): w's prize counted negative plus the cheaper detour, violations ignored. Every other
 * position of r has the edge cost it had before u came in, and no more slack, so the smaller of w's earlier
 * value for r and this bound is a lower bound on its value now: an exact price is only needed when that bound
 * is among w's two cheapest. (With a duration cost, one more client can shrink the waiting another would add,
 * so the earlier value is no bound, and every value is priced exactly.)
 */
function lowerInsertion(P: Problem, r: SearchRoute, w: number, a: number, u: number, b: number): number {
  return -P.prize[w]! + Math.min(detourCost(P, r, a, w, u), detourCost(P, r, u, w, b));
}

/**
 * Which clients a construction defers when the fleet cannot carry every client's delivery: in some dimension
 * the summed capacity of all vehicles is below the summed demand. Every client worth more than the least
 * valuable (required ones, priority jobs) is admitted; then the least valuable in increasing order of footprint
 * (the largest share of the fleet's capacity it takes in a short dimension, times a factor drawn in [1, 1.25)
 * for diversity), for as long as the admitted demand stays within the summed capacity in every dimension. The
 * rest are deferred (1; the rule is admitInOrder). Returns null when no dimension is short, with pickups, or
 * when the draw of the share `capacityFirst` says not this time (a random number is drawn only when capacity
 * is short).
 *
 * Why: when capacity is what bounds the jobs served, regret fills the vehicles with whatever its keys pick,
 * large deliveries included; a knapsack bound says the most jobs come from the smallest ones. On a 488-job
 * instance whose 60 vans hold about 344 of them, the first plans built by regret alone served 303, and the
 * search needed about 8 s to reach VROOM's 341 (docs/solver.md).
 */
export function capacityAdmission(P: Problem, rng: Rng, share: number): Uint8Array | null {
  const K = P.numDims;
  if (K === 0 || P.numClients === 0 || P.hasPickups) return null;
  const { capacity, demand, short } = fleetCapacity(P);
  if (!short || !(rng.rand() < share)) return null;
  const used = new Float64Array(K);
  return admitInOrder(P, rng, {
    size: (u) => {
      let f = 0;
      for (let k = 0; k < K; k++)
        if (demand[k]! > capacity[k]!) f = Math.max(f, P.delivery[u * K + k]! / capacity[k]!);
      return f;
    },
    fits: (u) => {
      for (let k = 0; k < K; k++) if (used[k]! + P.delivery[u * K + k]! > capacity[k]!) return false;
      return true;
    },
    take: (u) => {
      for (let k = 0; k < K; k++) used[k] = used[k]! + P.delivery[u * K + k]!;
    },
  });
}
