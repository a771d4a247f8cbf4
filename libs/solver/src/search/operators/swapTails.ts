import type { NodeOperator, SearchContext } from '../context.js';
import { Proposal } from '../proposal.js';
import { rangeCost } from '../rangeCost.js';
import type { SearchRoute } from '../route.js';

/**
 * 2-opt* (PyVRP's SwapTails): U's route keeps its visits up to U and continues with what followed V;
 * V's route keeps its visits up to V and continues with what followed U. Each resulting route must hold
 * exactly one break when its vehicle has one (a break that moves with a tail becomes the new vehicle's).
 */
export class SwapTails implements NodeOperator {
  readonly name = 'swapTails';
  private readonly pU = new Proposal();
  private readonly pV = new Proposal();
  /** Evaluate without shortcuts (tests). */
  exact = false;
  /** Set by a bound that came out negative: its exact edge part and load penalties (see Exchange). */
  private bounded = false;
  private boundEdges = 0;
  private boundLoad = 0;

  constructor(private readonly ctx: SearchContext) {}

  evaluate(U: number, V: number): number {
    const { state, ev } = this.ctx;
    const rU = state.routes[state.routeOf[U]!]!;
    const rV = state.routes[state.routeOf[V]!]!;
    if (rU === rV) return 0;
    const posU = state.posOf[U]!;
    const posV = state.posOf[V]!;
    if (posU >= rU.last || posV >= rV.last) return 0;
    if (posU === rU.last - 1 && posV === rV.last - 1) return 0;
    const headU = rU.hasBreak && rU.breakPos <= posU ? 1 : 0;
    const tailU = rU.hasBreak && rU.breakPos > posU ? 1 : 0;
    const headV = rV.hasBreak && rV.breakPos <= posV ? 1 : 0;
    const tailV = rV.hasBreak && rV.breakPos > posV ? 1 : 0;
    if (headU + tailV !== (rU.hasBreak ? 1 : 0) || headV + tailU !== (rV.hasBreak ? 1 : 0)) return 0;
    this.bounded = false;
    // Whether each head keeps a client of its own (the break alone is none).
    const keepsU = posU - (rU.breakPos >= 1 && rU.breakPos <= posU ? 1 : 0) > 0;
    const keepsV = posV - (rV.breakPos >= 1 && rV.breakPos <= posV ? 1 : 0) > 0;
    if (
      !this.exact &&
      keepsU &&
      (keepsV || (posV === 0 && rV.numClients > 0 && rU.stopAfter(posU) <= rU.last - 1))
    ) {
      // Both routes keep clients (V the start of a used route: U's tail, which has a client, goes there
      // alone), so fixed costs stay and the exact shortcut after the bound applies.
      const lb = this.bound(rU, posU, rV, posV);
      if (lb >= 0) return lb;
    } else if (
      !this.exact &&
      posV === 0 &&
      rV.numClients === 0 &&
      rU.breakPos !== posU + 1 &&
      rV.breakPos !== 1 &&
      keepsU
    ) {
      // U's tail into an empty route (LocalSearch's empty-route moves): the same bound is a valid one there
      // (rV's own edges, which an empty route is not charged, come off; its opening's fixed cost is left
      // out), used as a filter only, since the exact shortcut after it does not know the fixed cost.
      const lb = this.bound(rU, posU, rV, posV);
      if (lb >= 0) return lb;
      this.bounded = false;
    }
    this.pU
      .begin(rU)
      .range(rU, 0, posU)
      .range(rV, posV + 1, rV.last - 1)
      .range(rU, rU.last, rU.last);
    this.pV
      .begin(rV)
      .range(rV, 0, posV)
      .range(rU, posU + 1, rU.last - 1)
      .range(rV, rV.last, rV.last);
    if (this.bounded && !this.ctx.problem.hasPickups)
      return ev.deltaFromBound(this.pU, this.pV, this.boundEdges, this.boundLoad);
    return ev.deltaCost(this.pU, this.pV, 0, this.exact);
  }

  /**
   * Lower bound on the delta: the exact cost of the edges that change and of the moved tails as the receiving
   * vehicle drives them (search/rangeCost.ts), minus what penalties and duration cost could at most save;
   * while negative, plus what must remain (see `keep`).
   */
  private bound(rU: SearchRoute, posU: number, rV: SearchRoute, posV: number): number {
    const ev = this.ctx.ev;
    const u = rU.loc[posU]!;
    const v = rV.loc[posV]!;
    const lastU = rU.last;
    const lastV = rV.last;
    // A break right after U (V) has no place of its own: the changed edges lead to the stop after it,
    // wherever the break goes, and each moved tail is costed from that stop on.
    const aU = rU.stopAfter(posU);
    const aV = rV.stopAfter(posV);
    const tailU = aU <= lastU - 1;
    const tailV = aV <= lastV - 1;
    const ownU =
      rU.unitDistanceCost * (rU.cumDist[lastU]! - rU.cumDist[posU]!) +
      rU.unitTravelCost * (rU.cumTravel[lastU]! - rU.cumTravel[posU]!);
    const ownV =
      rV.unitDistanceCost * (rV.cumDist[lastV]! - rV.cumDist[posV]!) +
      rV.unitTravelCost * (rV.cumTravel[lastV]! - rV.cumTravel[posV]!);
    let newU: number;
    let newV: number;
    // Slack, less the service priced on the vehicle types that take over the tails (0 unless priced).
    const slack =
      ev.slack(rU) +
      ev.slack(rV) -
      ev.serviceMove(rU, posU + 1, lastU - 1, rV) -
      ev.serviceMove(rV, posV + 1, lastV - 1, rU);
    if (rU.costKey === rV.costKey && rU.endDepot === rV.endDepot) {
      // Same costs: only the two linking edges change.
      const nu = rU.loc[aU]!;
      const nv = rV.loc[aV]!;
      const base = ev.edge(rU, u, nv) + ev.edge(rU, v, nu) - ev.edge(rU, u, nu) - ev.edge(rU, v, nv) - slack;
      return base >= 0 ? base : this.keep(base, rU, posU, rV, posV);
    }
    // The moved tails first at the cheapest any vehicle drives them (cumLb), which rejects most pairs without
    // filling another profile's sums (SearchRoute.inProfile); then as the receiving vehicle drives them.
    const lbV = tailV ? rV.cumLb[lastV - 1]! - rV.cumLb[aV]! : 0;
    const lbU = tailU ? rU.cumLb[lastU - 1]! - rU.cumLb[aU]! : 0;
    if (tailV) newU = ev.edge(rU, u, rV.loc[aV]!) + ev.edge(rU, rV.loc[lastV - 1]!, rU.endDepot);
    else newU = ev.edge(rU, u, rU.endDepot);
    if (tailU) newV = ev.edge(rV, v, rU.loc[aU]!) + ev.edge(rV, rU.loc[lastU - 1]!, rV.endDepot);
    else newV = ev.edge(rV, v, rV.endDepot);
    const weak = newU + newV + lbU + lbV - ownU - ownV - slack;
    if (weak >= 0) return weak;
    if (tailV) newU += rangeCost(rV, aV, lastV - 1, rU);
    if (tailU) newV += rangeCost(rU, aU, lastU - 1, rV);
    const base = newU + newV - ownU - ownV - slack;
    return base >= 0 ? base : this.keep(base, rU, posU, rV, posV);
  }

  /**
   * A negative bound's last step: adds the penalties that remain (time warp inside each kept head, load excess
   * after the exchange) and keeps the exact edge part and the loads for the exact evaluation.
   */
  private keep(base: number, rU: SearchRoute, posU: number, rV: SearchRoute, posV: number): number {
    const ev = this.ctx.ev;
    const lastU = rU.last;
    const lastV = rV.last;
    const tw = ev.ce.timeWarpPenalty * (rU.pTW[posU]! + rV.pTW[posV]!);
    const load =
      ev.loadPenaltyAfter(rU, posU + 1, lastU - 1, rV, posV + 1, lastV - 1) +
      ev.loadPenaltyAfter(rV, posV + 1, lastV - 1, rU, posU + 1, lastU - 1);
    this.bounded = true;
    this.boundEdges = base;
    this.boundLoad = load;
    return base + tw + load;
  }

  apply(): void {
    this.ctx.state.apply(this.pU, this.pV);
  }
}
