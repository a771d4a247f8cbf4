import type { NodeOperator, SearchContext } from '../context.js';
import { Proposal } from '../proposal.js';

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
    if (
      !this.exact &&
      rU.profile === rV.profile &&
      rU.endDepot === rV.endDepot &&
      rU.unitDistanceCost === rV.unitDistanceCost &&
      rU.unitTravelCost === rV.unitTravelCost &&
      rU.breakPos !== posU + 1 &&
      rV.breakPos !== posV + 1 &&
      posV - (rV.breakPos >= 1 && rV.breakPos <= posV ? 1 : 0) > 0 &&
      posU - (rU.breakPos >= 1 && rU.breakPos <= posU ? 1 : 0) > 0
    ) {
      // Lower bound from the two changed edges (see Exchange.relocateBound).
      const u = rU.loc[posU]!;
      const nu = rU.loc[posU + 1]!;
      const v = rV.loc[posV]!;
      const nv = rV.loc[posV + 1]!;
      const lb =
        ev.edge(rU, u, nv) +
        ev.edge(rU, v, nu) -
        ev.edge(rU, u, nu) -
        ev.edge(rU, v, nv) -
        ev.slack(rU) -
        ev.slack(rV);
      if (lb >= 0) return lb;
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
    return ev.deltaCost(this.pU, this.pV, 0, this.exact);
  }

  apply(): void {
    this.ctx.state.apply(this.pU, this.pV);
  }
}
