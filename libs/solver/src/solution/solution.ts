import type { CostEvaluator } from '../cost/costEvaluator.js';

/** One used vehicle's visits: client node indexes in order; BREAK marks where the break is taken. */
export interface SolutionRoute {
  readonly vehicle: number;
  readonly visits: Int32Array;
}

export const BREAK = -1;

export interface SolutionStats {
  /** Objective part of the routes: fixed + distance + travel + duration costs. */
  readonly cost: number;
  /** Sum of the search prizes (Problem.prize) of optional clients left out: what penalised costs count. */
  readonly prizeLost: number;
  /** Sum of the exact values (Problem.value) of optional clients left out: what the objective counts. */
  readonly valueLost: number;
  readonly distance: number;
  readonly travel: number;
  readonly duration: number;
  readonly timeWarp: number;
  /** Total excess load per dimension over all routes. */
  readonly excess: Float64Array;
  readonly feasible: boolean;
  /** Objective part of each route, in `routes` order (what `cost` sums). */
  readonly routeCosts: Float64Array;
}

/**
 * An immutable, evaluated solution: the routes and their statistics. Penalised cost depends on the penalty
 * weights of the moment, so it is computed on demand.
 */
export class Solution implements SolutionStats {
  readonly cost: number;
  readonly prizeLost: number;
  readonly valueLost: number;
  readonly distance: number;
  readonly travel: number;
  readonly duration: number;
  readonly timeWarp: number;
  readonly excess: Float64Array;
  readonly feasible: boolean;
  readonly routeCosts: Float64Array;
  /** Successor and predecessor of each node (clients only; -1 = depot / not routed). */
  readonly succ: Int32Array;
  readonly pred: Int32Array;
  readonly numRouted: number;

  constructor(
    readonly routes: readonly SolutionRoute[],
    stats: SolutionStats,
    numNodes: number,
  ) {
    this.cost = stats.cost;
    this.prizeLost = stats.prizeLost;
    this.valueLost = stats.valueLost;
    this.distance = stats.distance;
    this.travel = stats.travel;
    this.duration = stats.duration;
    this.timeWarp = stats.timeWarp;
    this.excess = stats.excess;
    this.feasible = stats.feasible;
    this.routeCosts = stats.routeCosts;
    this.succ = new Int32Array(numNodes).fill(-2);
    this.pred = new Int32Array(numNodes).fill(-2);
    let routed = 0;
    for (const r of routes) {
      let prev = -1;
      for (let i = 0; i < r.visits.length; i++) {
        const u = r.visits[i]!;
        if (u === BREAK) continue;
        this.pred[u] = prev;
        if (prev >= 0) this.succ[prev] = u;
        prev = u;
        routed++;
      }
      if (prev >= 0) this.succ[prev] = -1;
    }
    this.numRouted = routed;
  }

  /** Objective: route costs plus the values of the clients left out (exact, unlike the search prizes). */
  get objective(): number {
    return this.cost + this.valueLost;
  }

  penalised(ce: CostEvaluator): number {
    return this.cost + this.prizeLost + ce.penalty(this.excess, this.timeWarp);
  }

  /** Flat encoding: [numRoutes, then per route: vehicle, length, visits...]. */
  encode(): Int32Array {
    return encodeRoutes(this.routes);
  }
}

/** Flat encoding of routes: [numRoutes, then per route: vehicle, length, visits...] (decodeRoutes reads it). */
export function encodeRoutes(routes: readonly SolutionRoute[]): Int32Array {
  let n = 1;
  for (const r of routes) n += 2 + r.visits.length;
  const out = new Int32Array(n);
  out[0] = routes.length;
  let o = 1;
  for (const r of routes) {
    out[o++] = r.vehicle;
    out[o++] = r.visits.length;
    out.set(r.visits, o);
    o += r.visits.length;
  }
  return out;
}

/** Decodes `Solution.encode()` output into routes. */
export function decodeRoutes(enc: Int32Array): SolutionRoute[] {
  const routes: SolutionRoute[] = [];
  const n = enc[0] ?? 0;
  let o = 1;
  for (let r = 0; r < n; r++) {
    const vehicle = enc[o++]!;
    const len = enc[o++]!;
    routes.push({ vehicle, visits: enc.slice(o, o + len) });
    o += len;
  }
  return routes;
}
