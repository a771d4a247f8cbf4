import type { Rng } from '../rng.js';
import type { LocalSearch } from './localSearch.js';
import type { SearchRoute } from './route.js';

export interface RuinParams {
  /** Most consecutive clients removed from one route (SISR's L_max). */
  readonly maxString: number;
  /** Mean number of clients removed per ruin (SISR's c-bar). */
  readonly meanRemoved: number;
  /** Share of the ruins seeded next to a left-out client (when some are left out). */
  readonly focusShare: number;
  /**
   * Share of the ruins that empty a whole route (the smaller of two drawn at random, when it has at most
   * `meanRemoved` clients) instead of cutting strings.
   */
  readonly routeShare: number;
}

export const DEFAULT_RUIN: RuinParams = {
  maxString: 10,
  meanRemoved: 25,
  focusShare: 0.8,
  routeShare: 0.1,
};

/**
 * Ruin and recreate in the style of SISR (Christiaens & Vanden Berghe 2020) on the loaded search state:
 * strings of consecutive clients are removed from the routes nearest a random seed client, then the removed
 * clients, and the unrouted clients near them, are put back one by one at their cheapest granular position
 * (most valuable first, ties in one of several orders). The routes it touches are marked updated, so a local
 * search that follows only re-examines them. Returns the number of clients removed; `touched` receives every
 * client it removed or tried to put back.
 *
 * It is what packs a fleet that is too small: reinserting a neighbourhood in another order often fits a
 * client that no single move could bring in. Optional clients go back only where they add no violation, so
 * a feasible state stays feasible in load; required ones always go back.
 */
export function ruinAndRecreate(
  ls: LocalSearch,
  neighbours: Int32Array,
  rng: Rng,
  params: RuinParams = DEFAULT_RUIN,
  touched?: number[],
): number {
  const P = ls.problem;
  const st = ls.state;
  const D = P.numDepots;
  const C = P.numClients;
  if (C === 0) return 0;
  const k = neighbours.length / C;

  if (params.routeShare > 0 && rng.rand() < params.routeShare) {
    const emptied = emptyRoute(ls, rng, params, touched);
    if (emptied > 0) return emptied;
  }

  // The seed: with probability focusShare (when some clients are left out) the routed neighbour of an unrouted client, which
  // then goes back first, so the ruin makes room exactly where a left-out client could fit; otherwise a random
  // routed client.
  let seed = -1;
  let focus = -1;
  if (!P.allRequired && rng.rand() < params.focusShare) {
    const unrouted: number[] = [];
    for (let u = D; u < D + C; u++) if (!st.isRouted(u)) unrouted.push(u);
    if (unrouted.length > 0) {
      const w = unrouted[rng.randint(unrouted.length)]!;
      const row = (w - D) * k;
      for (let q = 0; q < k && seed < 0; q++) {
        const v = neighbours[row + rng.randint(Math.min(k, 5))]!;
        if (st.isRouted(v)) seed = v;
      }
      if (seed >= 0) focus = w;
    }
  }
  for (let tries = 0; tries < 8 && seed < 0; tries++) {
    const u = D + rng.randint(C);
    if (st.isRouted(u)) seed = u;
  }
  if (seed < 0) return 0;

  // SISR: the mean string length is bounded by the mean route size, the number of strings by the removal goal.
  let routed = 0;
  let usedRoutes = 0;
  for (const r of st.routes)
    if (r.numClients > 0) {
      routed += r.numClients;
      usedRoutes++;
    }
  const meanRoute = routed / Math.max(1, usedRoutes);
  const lMax = Math.max(1, Math.min(params.maxString, meanRoute));
  const ksMax = (4 * params.meanRemoved) / (1 + lMax) - 1;
  const strings = Math.max(1, Math.floor(rng.rand() * ksMax) + 1);

  const removed: number[] = [];
  const ruined = new Set<number>();
  const candidates = [seed];
  const row = (seed - D) * k;
  for (let q = 0; q < k; q++) candidates.push(neighbours[row + q]!);
  for (const v of candidates) {
    if (ruined.size >= strings) break;
    if (!st.isRouted(v)) continue;
    const r = st.routes[st.routeOf[v]!]!;
    if (ruined.has(r.idx)) continue;
    ruined.add(r.idx);
    const length = 1 + rng.randint(Math.max(1, Math.min(lMax, r.numClients)));
    // A string of `length` positions containing v's position, at a random offset; the break stays.
    const pos = st.posOf[v]!;
    let from = pos - rng.randint(length);
    if (from < 1) from = 1;
    const to = Math.min(r.last - 1, from + length - 1);
    from = Math.max(1, to - length + 1);
    removed.push(...cut(ls, r, from, to));
  }
  if (removed.length === 0) return 0;

  // What goes back: the removed clients and the unrouted clients next to them.
  const pending = new Set<number>(removed);
  for (const u of removed) {
    const base = (u - D) * k;
    for (let q = 0; q < k; q++) {
      const v = neighbours[base + q]!;
      if (!st.isRouted(v)) pending.add(v);
    }
  }
  pending.delete(focus);
  const order = putBack(ls, rng, Array.from(pending), focus);
  if (touched) touched.push(...order);
  return removed.length;
}

/**
 * Removes positions `from` to `to` of route `r` (the break stays) and unroutes them; returns the clients, last
 * position first. The route is marked updated.
 */
function cut(ls: LocalSearch, r: SearchRoute, from: number, to: number): number[] {
  const st = ls.state;
  const out: number[] = [];
  for (let i = to; i >= from; i--) {
    if (i === r.breakPos) continue;
    out.push(r.nodes[i]!);
    r.remove(i);
  }
  st.updateRoute(r);
  for (const u of out) st.unroute(u);
  ls.markUpdated(r.idx, r.idx);
  return out;
}

/**
 * Puts `clients` back one by one at their cheapest granular position (not into route `exclude`): most valuable
 * first (a priority job before a plain one), then in a drawn order (one of the four recreate keys, ties in
 * random order); `focus` (when >= 0) before all. Returns the order used, `focus` included.
 */
function putBack(ls: LocalSearch, rng: Rng, clients: number[], focus = -1, exclude = -1): number[] {
  const P = ls.problem;
  rng.shuffle(clients);
  const key = recreateKey(ls, rng.randint(4));
  clients.sort((a, b) => P.prize[b]! - P.prize[a]! || key(a) - key(b));
  if (focus >= 0) clients.unshift(focus);
  for (const u of clients) {
    const required = P.required[u] === 1;
    if (!ls.state.isRouted(u)) ls.insert(u, required, required, exclude);
  }
  return clients;
}

/**
 * Route removal: the smaller of two used routes drawn at random, if it has at most `meanRemoved` clients (else
 * 0 is returned and the caller cuts strings), loses all its clients, which go back (most valuable first, in one
 * of the recreate orders) into the plan's other routes only: a route fewer, when the others can absorb them,
 * saves a depot round trip. What fits nowhere stays out (optional) or goes in with violations (required) for
 * the local search and the repair to settle.
 */
function emptyRoute(ls: LocalSearch, rng: Rng, params: RuinParams, touched?: number[]): number {
  const st = ls.state;
  const used: number[] = [];
  for (const r of st.routes) if (r.numClients > 0) used.push(r.idx);
  if (used.length < 2) return 0;
  const a = st.routes[used[rng.randint(used.length)]!]!;
  const b = st.routes[used[rng.randint(used.length)]!]!;
  const r = b.numClients < a.numClients ? b : a;
  // No bigger than a string ruin's mean: long routes (30 to 70 clients) are left to the strings.
  if (r.numClients > params.meanRemoved) return 0;
  const order = putBack(ls, rng, cut(ls, r, 1, r.last - 1), -1, r.idx);
  if (touched) touched.push(...order);
  return order.length;
}

/** Sort keys for the reinsertion order (SISR): random, farthest from the depot, tightest window, largest. */
function recreateKey(ls: LocalSearch, which: number): (u: number) => number {
  const P = ls.problem;
  switch (which) {
    case 1: {
      const N = P.numNodes;
      const dur = P.durations[0]!;
      return (u) => -dur[u]! - dur[u * N]!;
    }
    case 2:
      return (u) => {
        const o = P.winOffset[u]!;
        return Math.min(1e12, P.winLate[P.winOffset[u + 1]! - 1]! - P.winEarly[o]!);
      };
    case 3: {
      const K = P.numDims;
      return (u) => {
        let s = 0;
        for (let d = 0; d < K; d++) s -= P.delivery[u * K + d]!;
        return s;
      };
    }
    default:
      return () => 0;
  }
}
