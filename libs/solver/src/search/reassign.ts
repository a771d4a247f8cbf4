import { munkres } from 'munkres';
import type { CostEvaluator } from '../cost/costEvaluator.js';
import type { Solution, SolutionRoute } from '../solution/solution.js';
import type { LocalSearch } from './localSearch.js';
import { Proposal } from './proposal.js';

/** Violation below which a re-priced route counts as feasible (penalty units; the weights are positive). */
const FEASIBLE = 1e-9;

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
 * x vehicles x route length), and one assignment, O(vehicles^3): under a millisecond for 60 vehicles.
 */
export function reassignVehicles(
  ls: LocalSearch,
  plan: Solution,
  ce: CostEvaluator,
): SolutionRoute[] | undefined {
  const P = ls.problem;
  if (P.vehicleTypes.length < 2 || !plan.feasible) return undefined;
  ls.loadAndRepair(plan.routes, ce);
  const st = ls.state;
  const used = plan.routes.filter((r) => st.routes[r.vehicle]!.numClients > 0);
  const V = st.routes.length;
  if (used.length === 0) return undefined;
  const prop = new Proposal();
  const costs: number[][] = [];
  let own = 0;
  let worst = 0;
  for (const sr of used) {
    const src = st.routes[sr.vehicle]!;
    const row = new Array<number>(V).fill(Infinity);
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
      row[v] = c;
      worst = Math.max(worst, c);
    }
    own += row[sr.vehicle]!;
    costs.push(row);
  }
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
