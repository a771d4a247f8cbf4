import { munkres } from 'munkres';
import { CostEvaluator } from '../cost/costEvaluator.js';
import type { Solution, SolutionRoute } from '../solution/solution.js';
import type { LocalSearch } from './localSearch.js';
import { Proposal } from './proposal.js';

/** Time warp plus load excess below which a re-priced route counts as feasible (time and load units). */
const FEASIBLE = 1e-9;

/** Most visit sequences a `ReassignCache` keeps before it starts afresh. */
const CACHE_LIMIT = 4096;

/**
 * Each visit sequence's prices on every vehicle (Infinity where it cannot go), as `reassignVehicles` computed
 * them. Prices do not depend on the search's penalty weights (a route is priced under unit weights, and only
 * a route without violation has a price), so they stay valid for the whole search. Between two calls most
 * routes of a plan are the same sequences (a ruin step changes a few routes of 60), and only the changed ones
 * are priced again. A sequence priced while on one vehicle keeps the windows chosen for that vehicle's timing
 * (clients with two windows, SearchState.reselectWindows) and may sum its segments in another order than on
 * another one: its prices can differ from a fresh pricing, which may break a tie between two optimal
 * assignments the other way. A price only proposes: the reassigned plan is priced again in full and kept only
 * when feasible and cheaper (Island.reassigned). Iteration-limited runs stay reproducible.
 */
export class ReassignCache {
  private readonly rows = new Map<string, Float64Array>();

  get(key: string): Float64Array | undefined {
    return this.rows.get(key);
  }

  set(key: string, row: Float64Array): void {
    if (this.rows.size >= CACHE_LIMIT) this.rows.clear();
    this.rows.set(key, row);
  }

  get size(): number {
    return this.rows.size;
  }
}

/** A route's visit sequence as a cache key: client nodes in order, the break (whoever's it is) as `b`. */
function sequenceKey(nodes: Int32Array, last: number, numNodes: number): string {
  let key = '';
  for (let i = 1; i < last; i++) {
    const h = nodes[i]!;
    key += h < numNodes ? `${h},` : 'b,';
  }
  return key;
}

/**
 * Vehicle reassignment: the routes of a feasible plan keep their visit sequences (break included, at the same
 * place) and are handed to the vehicles that drive them cheapest, all at once, by an optimal assignment of
 * routes to vehicles (Kuhn-Munkres; the `munkres` package). Each sequence is priced on every vehicle with the
 * search's own evaluator (the vehicle's depot, shift, speed, service times, capacities, break window and fixed
 * cost); a vehicle on which it would violate anything cannot take it. Returns the routes of the cheaper plan,
 * or undefined when the plan's own assignment is optimal. Leaves the local search loaded with `plan`.
 *
 * Why: a vehicle with a slow speed factor or a short shift is best given a compact route, and one plan's best
 * vehicle for a route is often another route's: the improvements are cycles of three or more vehicles
 * (measured on the 10 s plans of six regional instances: 0.1 to 2.4 % of their travel, through cycles of up
 * to 22 vehicles), which neither the node operators nor a pairwise route exchange (`swapRoutes`) can make.
 *
 * Cost: one evaluation of each used route on each vehicle of a fleet with more than one vehicle type, O(routes
 * x vehicles x route length), and one assignment, O(vehicles^3): under a millisecond for 60 vehicles. With a
 * `cache`, sequences already priced are not priced again. `ce` is the search's: the local search is left
 * loaded under it.
 */
export function reassignVehicles(
  ls: LocalSearch,
  plan: Solution,
  ce: CostEvaluator,
  cache?: ReassignCache,
): SolutionRoute[] | undefined {
  const P = ls.problem;
  if (P.vehicleTypes.length < 2 || !plan.feasible) return undefined;
  ls.loadAndRepair(plan.routes, ce);
  const st = ls.state;
  const used = plan.routes.filter((r) => st.routes[r.vehicle]!.numClients > 0);
  const V = st.routes.length;
  if (used.length === 0) return undefined;
  const prop = new Proposal();
  const unit = new CostEvaluator(new Float64Array(P.numDims).fill(1), 1);
  ls.ev.ce = unit;
  const costs: number[][] = [];
  let own = 0;
  let worst = 0;
  for (const sr of used) {
    const src = st.routes[sr.vehicle]!;
    const key = cache === undefined ? '' : sequenceKey(src.nodes, src.last, P.numNodes);
    let priced = cache?.get(key);
    if (priced === undefined) {
      priced = new Float64Array(V).fill(Infinity);
      for (let v = 0; v < V; v++) {
        const dst = st.routes[v]!;
        if (dst.hasBreak !== src.hasBreak) continue;
        prop
          .begin(dst)
          .range(dst, 0, 0)
          .range(src, 1, src.last - 1)
          .range(dst, dst.last, dst.last);
        const c = ls.ev.proposalCost(prop);
        if (ls.ev.lastViolation() > FEASIBLE) continue;
        priced[v] = c;
      }
      cache?.set(key, priced);
    }
    const row = Array.from(priced);
    for (const c of row) if (c < Infinity) worst = Math.max(worst, c);
    own += row[sr.vehicle]!;
    costs.push(row);
  }
  ls.ev.ce = ce;
  if (!Number.isFinite(own)) return undefined;
  // A cost no assignment with a finite entry reaches stands for "cannot take it" (munkres wants numbers).
  const big = (worst + 1) * (used.length + 1);
  for (const row of costs) for (let v = 0; v < V; v++) if (!Number.isFinite(row[v]!)) row[v] = big;
  let total = 0;
  const to = new Int32Array(used.length).fill(-1);
  for (const [i, v] of munkres(costs)) {
    if (i >= used.length || v >= V) continue;
    to[i] = v;
    total += costs[i]![v]!;
  }
  if (!(total < own - 1e-9 * Math.max(1, own))) return undefined;
  const out: SolutionRoute[] = [];
  for (let i = 0; i < used.length; i++) {
    if (to[i]! < 0 || costs[i]![to[i]!]! >= big) return undefined;
    out.push({ ...used[i]!, vehicle: to[i]! });
  }
  return out;
}
