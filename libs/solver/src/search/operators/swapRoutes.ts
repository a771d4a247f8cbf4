import type { RouteOperator, SearchContext } from '../context.js';
import { Proposal } from '../proposal.js';
import type { SearchRoute } from '../route.js';

/**
 * Route exchange: the two vehicles trade their whole visit sequences (breaks included: a break that moves
 * becomes the new vehicle's). It differs from doing nothing only when the vehicles do (depot, shift, speed,
 * service times, capacity, break), so it is tried only between vehicles of different types.
 *
 * Why: with several depots and clients in far-apart clusters, a plan can send a vehicle of one depot to the
 * cluster next to another depot while a vehicle of that depot drives the other way. The node operators only
 * pair granular neighbours, and the last clients of two routes in two clusters never are; SWAP* skips routes
 * whose polar sectors do not overlap. Moving such a route client by client pays the far leg at every step.
 */
export class SwapRoutes implements RouteOperator {
  readonly name = 'swapRoutes';
  private readonly pU = new Proposal();
  private readonly pV = new Proposal();
  /** Evaluate without the lower-bound shortcut (tests). */
  exact = false;

  constructor(private readonly ctx: SearchContext) {}

  /** Whether the fleet has vehicles of more than one type (else the operator never applies). */
  static applicable(ctx: SearchContext): boolean {
    return ctx.problem.vehicleTypes.length > 1;
  }

  evaluate(ru: number, rv: number): number {
    const st = this.ctx.state;
    const rU = st.routes[ru]!;
    const rV = st.routes[rv]!;
    if (rU === rV || rU.type === rV.type || rU.hasBreak !== rV.hasBreak) return 0;
    if (rU.numClients === 0 || rV.numClients === 0) return 0;
    if (!this.exact) {
      const lb = this.bound(rU, rV);
      if (lb >= 0) return lb;
    }
    this.pU
      .begin(rU)
      .range(rU, 0, 0)
      .range(rV, 1, rV.last - 1)
      .range(rU, rU.last, rU.last);
    this.pV
      .begin(rV)
      .range(rV, 0, 0)
      .range(rU, 1, rU.last - 1)
      .range(rV, rV.last, rV.last);
    return this.ctx.ev.deltaCost(this.pU, this.pV, 0, this.exact);
  }

  /**
   * Lower bound on the delta: the new depot legs exact, each moved sequence's internal edges at the cheapest
   * any vehicle could drive them, minus the two routes' present costs and what penalties and duration cost
   * could at most save. Fixed costs do not change (both routes keep clients).
   */
  private bound(rU: SearchRoute, rV: SearchRoute): number {
    const ev = this.ctx.ev;
    const own = (r: SearchRoute): number =>
      r.unitDistanceCost * r.cumDist[r.last]! + r.unitTravelCost * r.cumTravel[r.last]!;
    // A break has no place of its own (its loc repeats the previous one): skip it at either end.
    const first = (r: SearchRoute): number => (r.breakPos === 1 ? 2 : 1);
    const lastOf = (r: SearchRoute): number => (r.breakPos === r.last - 1 ? r.last - 2 : r.last - 1);
    const inner = (r: SearchRoute): number => r.cumLb[lastOf(r)]! - r.cumLb[first(r)]!;
    const newU =
      ev.edge(rU, rU.loc[0]!, rV.loc[first(rV)]!) +
      inner(rV) +
      ev.edge(rU, rV.loc[lastOf(rV)]!, rU.loc[rU.last]!);
    const newV =
      ev.edge(rV, rV.loc[0]!, rU.loc[first(rU)]!) +
      inner(rU) +
      ev.edge(rV, rU.loc[lastOf(rU)]!, rV.loc[rV.last]!);
    const service = ev.serviceMove(rU, 1, rU.last - 1, rV) + ev.serviceMove(rV, 1, rV.last - 1, rU);
    return newU + newV - own(rU) - own(rV) - ev.slack(rU) - ev.slack(rV) + service;
  }

  apply(): void {
    this.ctx.state.apply(this.pU, this.pV);
  }
}
