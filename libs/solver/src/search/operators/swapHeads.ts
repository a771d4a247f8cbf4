import type { NodeOperator, SearchContext } from '../context.js';
import { Proposal } from '../proposal.js';
import { rangeCost } from '../rangeCost.js';
import type { SearchRoute } from '../route.js';

/**
 * Head exchange: V's vehicle drives U's route up to U and goes on with what followed V; U's vehicle drives
 * V's route up to V and goes on with what followed U. The same two visit sequences as 2-opt* (SwapTails),
 * each driven by the other vehicle, so it only differs from 2-opt* when the two vehicles do (shift, speed,
 * service times, capacity, break): between vehicles of one type it is never tried. With V the start of its
 * route, U's head goes in front of V's whole route: a vehicle whose shift starts earlier takes over the
 * morning of another. Each resulting route must hold exactly one break when its vehicle has one (a break that
 * moves with a head becomes the new vehicle's).
 *
 * Why: on a heterogeneous fleet a plan can leave a vehicle's early hours unused while a slower vehicle serves
 * the early jobs; moving them one at a time pays the detour from the depot each time, and 2-opt* keeps each
 * head on its own vehicle.
 */
export class SwapHeads implements NodeOperator {
  readonly name = 'swapHeads';
  private readonly pU = new Proposal();
  private readonly pV = new Proposal();
  /** Evaluate without the lower-bound shortcut (tests). */
  exact = false;
  /** Set by a bound that came out negative: its exact edge part and load penalties (see Exchange). */
  private bounded = false;
  private boundEdges = 0;
  private boundLoad = 0;

  constructor(private readonly ctx: SearchContext) {}

  /** Whether the fleet has vehicles of more than one type (else the operator never applies). */
  static applicable(ctx: SearchContext): boolean {
    return ctx.problem.vehicleTypes.length > 1;
  }

  evaluate(U: number, V: number): number {
    const { state, ev } = this.ctx;
    const rU = state.routes[state.routeOf[U]!]!;
    const rV = state.routes[state.routeOf[V]!]!;
    if (rU === rV || rU.type === rV.type) return 0;
    const posU = state.posOf[U]!;
    const posV = state.posOf[V]!;
    if (posU < 1 || posU >= rU.last || posV >= rV.last) return 0;
    const headU = rU.hasBreak && rU.breakPos <= posU ? 1 : 0;
    const tailU = rU.hasBreak && rU.breakPos > posU ? 1 : 0;
    const headV = rV.hasBreak && rV.breakPos <= posV ? 1 : 0;
    const tailV = rV.hasBreak && rV.breakPos > posV ? 1 : 0;
    if (headU + tailV !== (rV.hasBreak ? 1 : 0) || headV + tailU !== (rU.hasBreak ? 1 : 0)) return 0;
    this.bounded = false;
    // The bound needs both routes to keep a client (U's head always does): U keeps a tail that does not end
    // with its break, or V's head holds a client.
    const tailKept = posU + 1 < rU.last && rU.breakPos !== rU.last - 1;
    const headVClient = posV >= (rV.breakPos === 1 ? 2 : 1);
    if (!this.exact && (tailKept || headVClient)) {
      const lb = this.bound(rU, posU, rV, posV);
      if (lb >= 0) return lb;
    }
    this.pV
      .begin(rV)
      .range(rV, 0, 0)
      .range(rU, 1, posU)
      .range(rV, posV + 1, rV.last);
    this.pU
      .begin(rU)
      .range(rU, 0, 0)
      .range(rV, 1, posV)
      .range(rU, posU + 1, rU.last);
    if (this.bounded && !this.ctx.problem.hasPickups)
      return ev.deltaFromBound(this.pU, this.pV, this.boundEdges, this.boundLoad);
    return ev.deltaCost(this.pU, this.pV, 0, this.exact);
  }

  /**
   * Lower bound on the delta while both routes keep a client (U's tail or V's head holds one): the exact cost
   * of the edges that change, the tails' (they stay on their vehicles) and the moved heads' (as the receiving
   * vehicle drives them), minus what penalties and duration cost could at most save; while that is negative, plus what must remain: the
   * tails' own time warp (a segment joined after another only gains time warp) and the load penalties after
   * the exchange. Fixed costs do not change (both routes keep clients).
   */
  private bound(rU: SearchRoute, posU: number, rV: SearchRoute, posV: number): number {
    const ev = this.ctx.ev;
    // A break has no place of its own (its loc repeats the previous one): skip it where a piece starts.
    const tV = rV.stopAfter(posV);
    const tU = rU.stopAfter(posU);
    const hU = rU.breakPos === 1 ? 2 : 1;
    const hV = rV.breakPos === 1 ? 2 : 1;
    // V's vehicle: its start, U's head, V's tail; U's vehicle: its start, V's head (none when V starts its
    // route or V's head is its break), U's tail. The heads first at the cheapest any vehicle drives them
    // (cumLb), which rejects most pairs without filling another profile's sums (SearchRoute.inProfile).
    const headV = posV >= hV;
    const lbU = rU.cumLb[posU]! - rU.cumLb[hU]!;
    const lbV = headV ? rV.cumLb[posV]! - rV.cumLb[hV]! : 0;
    const newV =
      ev.edge(rV, rV.loc[0]!, rU.loc[hU]!) +
      ev.edge(rV, rU.loc[posU]!, rV.loc[tV]!) +
      rangeCost(rV, tV, rV.last, rV);
    const newU =
      (headV
        ? ev.edge(rU, rU.loc[0]!, rV.loc[hV]!) + ev.edge(rU, rV.loc[posV]!, rU.loc[tU]!)
        : ev.edge(rU, rU.loc[0]!, rU.loc[tU]!)) + rangeCost(rU, tU, rU.last, rU);
    let base =
      newU +
      newV -
      rangeCost(rU, 0, rU.last, rU) -
      rangeCost(rV, 0, rV.last, rV) -
      ev.slack(rU) -
      ev.slack(rV) +
      ev.serviceMove(rU, 1, posU, rV) +
      ev.serviceMove(rV, 1, posV, rU);
    if (base + lbU + lbV >= 0) return base + lbU + lbV;
    base += rangeCost(rU, hU, posU, rV) + (headV ? rangeCost(rV, hV, posV, rU) : 0);
    if (base >= 0) return base;
    const tw = ev.ce.timeWarpPenalty * (rU.sTW[tU]! + rV.sTW[tV]!);
    if (base + tw >= 0) return base + tw;
    // Kept for the exact evaluation (Evaluator.deltaFromBound): base is the exact change of edge and service
    // cost less the slack, and the loads are exact without pickups; not when V's route is empty (an
    // empty-route move), whose opening's fixed cost the bound leaves out.
    const load =
      ev.loadPenaltyAfter(rU, 1, posU, rV, 1, posV) + ev.loadPenaltyAfter(rV, 1, posV, rU, 1, posU);
    this.bounded = rV.numClients > 0;
    this.boundEdges = base;
    this.boundLoad = load;
    return base + tw + load;
  }

  apply(): void {
    this.ctx.state.apply(this.pU, this.pV);
  }
}
