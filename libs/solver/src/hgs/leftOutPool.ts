import type { Problem } from '../model/problem.js';
import type { Solution } from '../solution/solution.js';
import { ejectionPool } from './ejectionPool.js';
import type { IslandHost } from './islandHost.js';

/**
 * The island's ejection pools for its last left-out clients (docs/solver.md, "Ejection pool"): when the best
 * plan leaves out a few optional clients (at most `poolUpTo`), each of which some vehicle could serve alone,
 * each is tried on top of every client the plan serves, with an ejection pool that keeps the plan feasible at
 * every step (ejectionPool.ts); the local search then shortens the result, which joins the population and
 * leads the trajectory. Holds the waits between pools and the last-pool check for one island.
 */
export class LeftOutPool {
  /** Passes so far (which left-out client a pass starts from). */
  private passes = 0;
  /** No pool before this generation; the wait after the last failed pool (0 after a success). */
  private retryAt = 0;
  private waitNow = 0;
  private dueFor: Solution | undefined;
  private due = false;

  constructor(private readonly host: IslandHost) {}

  /**
   * One pass over the best plan's candidates (after a new best). When no client got in, no pool runs for
   * `poolWait` generations, twice as many after each further failure in a row: on a fleet that cannot serve
   * them every pass costs its whole budget of steps (a 291-job short fleet spent 2 to 4 s of a 10 s run in
   * pools when only a new left-out set called for a new one). `last` (the run's final step, finalPolish)
   * ignores that wait.
   */
  run(stop?: () => boolean, last = false): void {
    const H = this.host;
    const P = H.problem;
    const best = H.best();
    if (best === undefined || P.allRequired) return;
    const left = this.candidates(best);
    if (left.length === 0 || (!last && H.iterations() < this.retryAt)) return;
    const booster = H.pm.boosterCostEvaluator();
    const allowed = (u: number, v: number): boolean => H.servable.by(u, P.vehicleType[v]!);
    let found = false;
    // One failure ends the pass, so that a pass costs at most one pool's steps beyond its successes; each pass
    // starts from the next client, so that one hard client does not hide the others.
    const first = this.passes++ % left.length;
    for (let k = 0; k < left.length; k++) {
      const u = left[(first + k) % left.length]!;
      const from = H.best()!;
      if (servedMask(P, from)[u]) continue;
      H.ls.loadAndRepair(from.routes, booster);
      if (!ejectionPool(H.ls, u, booster, H.rng, H.params.pool, allowed, H.nb, stop)) break;
      const ce = H.pm.costEvaluator();
      H.ls.improve(ce, stop);
      const sol = H.finish(ce, stop);
      if (sol.feasible && sol.objective < from.objective - 1e-9) {
        H.follow(sol);
        found = true;
      }
    }
    this.waitNow = found ? 0 : this.waitNow === 0 ? H.params.poolWait : this.waitNow * 2;
    this.retryAt = H.iterations() + this.waitNow;
  }

  /**
   * Whether the run's last step will run a pool (finalPolish): the best plan leaves out a few clients some
   * vehicle could serve alone. A time-limited run keeps time for it (IslandRunner). Cached per best plan.
   */
  lastDue(): boolean {
    const best = this.host.best();
    if (!this.host.params.ejectionPool || best === undefined) return false;
    if (this.dueFor !== best) {
      this.dueFor = best;
      this.due = this.candidates(best).length > 0;
    }
    return this.due;
  }

  /**
   * The optional clients `plan` leaves out that some vehicle could serve alone, when there are at most
   * `poolUpTo` of them (none otherwise, and none with every client required): what a pool would try to let in.
   */
  private candidates(plan: Solution): number[] {
    const H = this.host;
    const P = H.problem;
    const left: number[] = [];
    if (P.allRequired) return left;
    const served = servedMask(P, plan);
    for (let u = P.numDepots; u < P.numNodes; u++) {
      if (P.required[u] || served[u] || !H.servable.alone(u)) continue;
      if (left.length === H.params.poolUpTo) return [];
      left.push(u);
    }
    return left;
  }
}

/** 1 for each node that some route of `sol` visits. */
function servedMask(P: Problem, sol: Solution): Uint8Array {
  const served = new Uint8Array(P.numNodes);
  for (const r of sol.routes) for (const u of r.visits) if (u >= 0 && u < P.numNodes) served[u] = 1;
  return served;
}
