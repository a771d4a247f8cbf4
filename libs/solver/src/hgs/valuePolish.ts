import type { Solution } from '../solution/solution.js';
import { insertWithEjections } from './ejectionChain.js';
import type { IslandHost } from './islandHost.js';

/**
 * A new best plan that leaves out clients worth more than some routed one (VROOM priorities) gets one more
 * chance for each of them, most valuable first: in turn in every vehicle that could serve it alone
 * (`checkAlone`), it goes in where it costs least in that route, violations allowed; then optional clients
 * are dropped to feasibility (never the client just let in) and the removed ones go back where they fit,
 * the valuable ones it pushed out let in elsewhere in turn (ejectionChain.ts, `polishChain` links). The
 * best plan so found is kept when its objective is better. Deterministic (no random draws), so
 * iteration-limited runs stay reproducible. One per island.
 */
export class ValuePolish {
  /** The candidates (comma-joined) of the last pass over equally valuable clients only, when it found nothing. */
  private failed: string | undefined;

  constructor(private readonly host: IslandHost) {}

  run(stop?: () => boolean): void {
    const H = this.host;
    const P = H.problem;
    const params = H.params;
    const best = H.best();
    if (best === undefined || P.allRequired) return;
    const routed = new Uint8Array(P.numNodes);
    let least = Infinity;
    for (const r of best.routes)
      for (const u of r.visits)
        if (u >= P.numDepots && u < P.numNodes) {
          routed[u] = 1;
          least = Math.min(least, P.value[u]!);
        }
    const candidates: number[] = [];
    let leftOut = 0;
    for (let u = P.numDepots; u < P.numNodes; u++) if (!routed[u] && !P.required[u]) leftOut++;
    const equal = params.polishEqual && leftOut <= params.polishEqualUpTo;
    let onlyEqual = true;
    for (let u = P.numDepots; u < P.numNodes; u++) {
      if (routed[u]) continue;
      if (P.value[u]! > least) {
        candidates.push(u);
        onlyEqual = false;
      } else if (equal && P.value[u]! >= least) candidates.push(u);
    }
    candidates.sort((a, b) => P.value[b]! - P.value[a]! || a - b);
    // Equally valuable clients the last pass found no way in for are not tried again until that set changes:
    // on a full fleet nearly every new best only shortens travel, and the pass over every vehicle costs
    // generations.
    const key = candidates.join(',');
    if (onlyEqual && key === this.failed) return;
    const ce = H.pm.costEvaluator();
    const V = P.vehicleType.length;
    let anyFound = false;
    for (const u of candidates.slice(0, params.polishCandidates)) {
      const from = H.best()!;
      let found: Solution | undefined;
      for (let v = 0; v < V; v++) {
        if (!H.servable.by(u, P.vehicleType[v]!)) continue;
        H.ls.loadAndRepair(from.routes, ce);
        if (params.polishChain > 0) {
          const booster = H.pm.boosterCostEvaluator();
          if (!insertWithEjections(H.ls, u, v, booster, least, params.polishChain, params.polishRepair, stop))
            continue;
        } else {
          if (!H.ls.insertInto(u, v)) continue;
          // The client just let in stays: removing it alone would undo all the violation it brought.
          H.ls.dropToFeasible(H.pm.boosterCostEvaluator(), [u]);
        }
        const sol = H.ls.export();
        const bar = found?.objective ?? from.objective;
        if (sol.feasible && sol.objective < bar - 1e-9) found = sol;
      }
      if (found !== undefined) {
        anyFound = true;
        // Like a repaired solution, not registered: the penalty manager counts the search's own results only.
        H.accept(found, ce, false);
        H.follow(found);
      }
    }
    this.failed = onlyEqual && !anyFound ? key : undefined;
  }
}
