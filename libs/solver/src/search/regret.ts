import type { CostEvaluator } from '../cost/costEvaluator.js';
import type { Rng } from '../rng.js';
import type { LocalSearch } from './localSearch.js';

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
}

export const DEFAULT_REGRET: RegretParams = { lambdas: [1000], noise: 0.5 };

/**
 * Regret insertion (Potvin & Rousseau 1993), parallel over every vehicle: each unrouted client's cheapest
 * insertion that adds no violation is known for every route (an empty route is one of them); the client with
 * the largest key goes in next, at its best place. The key is the client's prize minus that cheapest cost plus
 * lambda times its regret: second-best minus best insertion cost, capped at the smallest prize (a client that
 * fits in one route only has the cap). A more valuable client (VROOM priority) comes before a less valuable
 * one whatever the costs, since prizes differ by more than a whole route costs. After each insertion only the
 * costs in the route that changed are computed again. Clients that fit nowhere stay out; a required one is
 * then inserted with violations.
 *
 * Why: the cheapest insertion in random order (LocalSearch.construct) fills the routes of a too-small fleet
 * with whatever comes first, and a client whose only possible vehicle (a late shift, a large vehicle) was
 * filled early is lost; regret serves such clients first. On the 135-job, 5-vehicle short fleet of the
 * benchmarks, random-order cheapest insertion builds plans of 87 to 122 jobs (docs/solver.md).
 *
 * Cost: one insertion evaluation per client and route at first, then per client and position of the route
 * that changed at each step: O(n^2 x mean route length) evaluations, so the island uses it up to a size
 * (`GeneticParams.regretUpTo`).
 */
export function regretConstruct(ls: LocalSearch, ce: CostEvaluator, rng: Rng, params = DEFAULT_REGRET): void {
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

  // delta[(u - D) * R + v]: cheapest insertion of u into vehicle v's route (Infinity: none without violation).
  const delta = new Float64Array(C * R);
  const pending: number[] = [];
  for (let u = D; u < D + C; u++) {
    pending.push(u);
    const row = (u - D) * R;
    for (let v = 0; v < R; v++) delta[row + v] = ls.insertionDelta(u, v);
  }
  const lambda = params.lambdas.length === 0 ? 1 : params.lambdas[rng.randint(params.lambdas.length)]!;
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
    for (let i = 0; i < pending.length;) {
      const u = pending[i]!;
      const row = (u - D) * R;
      let best = Infinity;
      let second = Infinity;
      let route = -1;
      for (let v = 0; v < R; v++) {
        const d = delta[row + v]!;
        if (d < best) {
          second = best;
          best = d;
          route = v;
        } else if (d < second) second = d;
      }
      // Nowhere, or not worth its prize: routes only fill up, so it stays out of this construction.
      if (route < 0 || !(best < 0)) {
        pending[i] = pending[pending.length - 1]!;
        pending.pop();
        continue;
      }
      // best counts -prize: prize - added cost = -best, so a more valuable client comes first.
      const prize = P.prize[u]!;
      const key =
        prize -
        (best + prize) * costNoise[u - D]! +
        lambda * Math.min(second - best, cap) * regretNoise[u - D]!;
      if (key > pickKey) {
        pickKey = key;
        pick = i;
        pickRoute = route;
      }
      i++;
    }
    if (pick < 0) break;
    const u = pending[pick]!;
    pending[pick] = pending[pending.length - 1]!;
    pending.pop();
    if (!(ls.insertionDelta(u, pickRoute) < 0)) continue;
    ls.applyInsertion();
    for (const w of pending) {
      const i = (w - D) * R + pickRoute;
      // A route that could not take w without violation cannot after one more client either.
      if (delta[i] !== Infinity) delta[i] = ls.insertionDelta(w, pickRoute);
    }
  }
  for (let u = D; u < D + C; u++) if (P.required[u] && !st.isRouted(u)) ls.insert(u, true);
}
