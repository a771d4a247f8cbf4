import type { NodeOperator, SearchContext } from '../context.js';
import { Proposal } from '../proposal.js';
import type { SearchRoute } from '../route.js';

/**
 * (N, M)-exchange (PyVRP's Exchange<N, M>): moves the N consecutive visits starting at U after V (M = 0:
 * relocate), or swaps them with the M visits starting at V (M > 0: swap), within a route or between two.
 * A segment holding a route's break may move only within its own route. With N = 1 and M = 0, a client
 * with several time windows is tried with each of them.
 */
export class Exchange implements NodeOperator {
  readonly name: string;
  private readonly pU = new Proposal();
  private readonly pV = new Proposal();
  private same = false;
  /** Evaluate without shortcuts (tests): always build the proposals and return the exact delta. */
  exact = false;
  /**
   * Set by a bound that came out negative: its edge change minus the routes' slack, and the load penalties
   * after the move, so that the exact evaluation only adds the new routes' durations (Evaluator.deltaFromBound).
   */
  private bounded = false;
  private boundEdges = 0;
  private boundLoad = 0;

  constructor(
    private readonly ctx: SearchContext,
    readonly N: number,
    readonly M: number,
  ) {
    this.name = `exchange${N}${M}`;
  }

  evaluate(U: number, V: number): number {
    const { state } = this.ctx;
    const N = this.N;
    const M = this.M;
    const rU = state.routes[state.routeOf[U]!]!;
    const rV = state.routes[state.routeOf[V]!]!;
    const posU = state.posOf[U]!;
    const posV = state.posOf[V]!;
    if (posU === 0 || posU + N - 1 > rU.last - 1) return 0;
    const same = rU === rV;
    this.same = same;
    if (!same && rU.breakPos >= posU && rU.breakPos <= posU + N - 1) return 0;
    if (M > 0) {
      if (posV === 0 || posV + M - 1 > rV.last - 1) return 0;
      if (!same && rV.breakPos >= posV && rV.breakPos <= posV + M - 1) return 0;
    }
    if (same && posU <= posV + Math.max(M, 1) - 1 && posV <= posU + N - 1) return 0;
    this.bounded = false;
    if (M === 0) {
      if (same && posU === posV + 1) return 0;
      const lb = this.exact ? -1 : this.relocateBound(rU, posU, rV, posV);
      if (lb >= 0) return lb;
      return this.relocate(U, rU, posU, rV, posV);
    }
    if (N === M && U >= V) return 0;
    if (same && (posU + N === posV || posV + M === posU)) return 0;
    const lb = this.exact ? -1 : this.swapBound(rU, posU, rV, posV);
    if (lb >= 0) return lb;
    return this.swap(rU, posU, rV, posV);
  }

  /**
   * Lower bound on the relocate delta from the changed edges alone (penalties can at most vanish), or -1
   * when the shortcut does not apply (a route emptied or opened, or within one route a move that only moves
   * the break). A break right after U's segment or right after V is skipped: it has no location of its own
   * (its loc repeats the stop before it), so the changed edges lead to the stop after it, and the time warp
   * that must remain is the suffix's after it (the break's own window depends on the stop before it when
   * breaks are taken on the way). Within one route, when V is the break right after U's segment, or U's
   * segment follows V but for the break, the stops keep their order and only the break moves: -1.
   */
  private relocateBound(rU: SearchRoute, posU: number, rV: SearchRoute, posV: number): number {
    const N = this.N;
    const ev = this.ctx.ev;
    const same = rU === rV;
    if (!same && rU.numClients <= N) return -1;
    if (!same && rV.numClients === 0) return this.openBound(rU, posU, rV, posV);
    const aU = rU.stopAfter(posU + N - 1);
    const aV = rV.stopAfter(posV);
    if (same && (aV === posU || (posV === rU.breakPos && posV === posU + N))) return -1;
    const lu = rU.loc;
    const pu = lu[posU - 1]!;
    const u1 = lu[posU]!;
    const uN = lu[posU + N - 1]!;
    const nu = lu[aU]!;
    const v = rV.loc[posV]!;
    const nv = rV.loc[aV]!;
    let delta =
      ev.edge(rU, pu, nu) -
      ev.edge(rU, pu, u1) -
      ev.edge(rU, uN, nu) +
      ev.edge(rV, v, u1) +
      ev.edge(rV, uN, nv) -
      ev.edge(rV, v, nv);
    if (rU.costKey !== rV.costKey)
      for (let i = posU; i < posU + N - 1; i++)
        delta += ev.edge(rV, lu[i]!, lu[i + 1]!) - ev.edge(rU, lu[i]!, lu[i + 1]!);
    delta += ev.serviceMove(rU, posU, posU + N - 1, rV);
    // Penalties that must remain: time warp inside the untouched prefix and suffix (joining segments only
    // adds time warp) and the load excess after the move (only worth computing while the bound is negative).
    const twp = ev.ce.timeWarpPenalty;
    if (!same) {
      delta -= ev.slack(rU) + ev.slack(rV);
      if (delta >= 0) return delta;
      const tw = twp * (rU.pTW[posU - 1]! + rU.sTW[aU]! + rV.pTW[posV]! + rV.sTW[aV]!);
      if (delta + tw >= 0) return delta + tw;
      const lpU = ev.loadPenaltyAfter(rU, posU, posU + N - 1, null, 1, 0);
      return this.keep(delta, tw, lpU, ev.loadPenaltyAfter(rV, 1, 0, rU, posU, posU + N - 1));
    }
    delta -= ev.slack(rU);
    if (delta >= 0) return delta;
    const tw = twp * (posU < posV ? rU.pTW[posU - 1]! + rU.sTW[aV]! : rU.pTW[posV]! + rU.sTW[aU]!);
    if (delta + tw >= 0) return delta + tw;
    return this.keep(delta, tw, ev.loadPenaltyAfter(rU, 1, 0, null, 1, 0), 0);
  }

  /**
   * Lower bound on relocating U's segment into the empty route rV (the empty-route moves of LocalSearch), a
   * filter only: the changed edges (an empty route costs nothing, so none of rV's goes), the service priced
   * on rV's type, less rU's slack; while negative, plus the time warp left in rU's prefix and suffix and the
   * load penalties after the move. It leaves out the opened route's fixed and duration cost and the time warp
   * inside it (all >= 0). -1 while negative: the exact evaluation then prices the opened route in full, as
   * before (the deltaFromBound shortcut does not know a route's fixed cost).
   */
  private openBound(rU: SearchRoute, posU: number, rV: SearchRoute, posV: number): number {
    const N = this.N;
    const ev = this.ctx.ev;
    const aU = rU.stopAfter(posU + N - 1);
    const aV = rV.stopAfter(posV);
    const lu = rU.loc;
    const pu = lu[posU - 1]!;
    const u1 = lu[posU]!;
    const uN = lu[posU + N - 1]!;
    const nu = lu[aU]!;
    let delta =
      ev.edge(rU, pu, nu) -
      ev.edge(rU, pu, u1) -
      ev.edge(rU, uN, nu) +
      ev.edge(rV, rV.loc[posV]!, u1) +
      ev.edge(rV, uN, rV.loc[aV]!);
    if (rU.costKey !== rV.costKey)
      for (let i = posU; i < posU + N - 1; i++)
        delta += ev.edge(rV, lu[i]!, lu[i + 1]!) - ev.edge(rU, lu[i]!, lu[i + 1]!);
    delta += ev.serviceMove(rU, posU, posU + N - 1, rV) - ev.slack(rU);
    if (delta >= 0) return delta;
    delta += ev.ce.timeWarpPenalty * (rU.pTW[posU - 1]! + rU.sTW[aU]!);
    if (delta >= 0) return delta;
    delta +=
      ev.loadPenaltyAfter(rU, posU, posU + N - 1, null, 1, 0) +
      ev.loadPenaltyAfter(rV, 1, 0, rU, posU, posU + N - 1);
    return delta >= 0 ? delta : -1;
  }

  /** A bound's last step: keeps its parts for the exact evaluation and returns edges + tw + loads. */
  private keep(edges: number, tw: number, loadU: number, loadV: number): number {
    this.bounded = true;
    this.boundEdges = edges;
    this.boundLoad = loadU + loadV;
    return edges + tw + loadU + loadV;
  }

  /** The exact delta of the proposals just built: from the bound's parts when it has them, else in full. */
  private delta(pV: Proposal | null): number {
    const ev = this.ctx.ev;
    if (this.bounded && !this.ctx.problem.hasPickups)
      return ev.deltaFromBound(this.pU, pV, this.boundEdges, this.boundLoad);
    return ev.deltaCost(this.pU, pV, 0, this.exact);
  }

  private swapBound(rU: SearchRoute, posU: number, rV: SearchRoute, posV: number): number {
    const N = this.N;
    const M = this.M;
    const ev = this.ctx.ev;
    const same = rU === rV;
    if (rV.breakPos === posV) return -1;
    // A break right after a segment is skipped, as in relocateBound; within one route, segments that are
    // next to each other but for the break leave it to the full evaluation.
    const aU = rU.stopAfter(posU + N - 1);
    const aV = rV.stopAfter(posV + M - 1);
    if (same && (aU === posV || aV === posU)) return -1;
    const lu = rU.loc;
    const lv = rV.loc;
    const pu = lu[posU - 1]!;
    const u1 = lu[posU]!;
    const uN = lu[posU + N - 1]!;
    const nu = lu[aU]!;
    const pv = lv[posV - 1]!;
    const v1 = lv[posV]!;
    const vM = lv[posV + M - 1]!;
    const nv = lv[aV]!;
    let delta =
      ev.edge(rU, pu, v1) +
      ev.edge(rU, vM, nu) -
      ev.edge(rU, pu, u1) -
      ev.edge(rU, uN, nu) +
      ev.edge(rV, pv, u1) +
      ev.edge(rV, uN, nv) -
      ev.edge(rV, pv, v1) -
      ev.edge(rV, vM, nv);
    if (rU.costKey !== rV.costKey) {
      for (let i = posU; i < posU + N - 1; i++)
        delta += ev.edge(rV, lu[i]!, lu[i + 1]!) - ev.edge(rU, lu[i]!, lu[i + 1]!);
      for (let i = posV; i < posV + M - 1; i++)
        delta += ev.edge(rU, lv[i]!, lv[i + 1]!) - ev.edge(rV, lv[i]!, lv[i + 1]!);
    }
    delta += ev.serviceMove(rU, posU, posU + N - 1, rV) + ev.serviceMove(rV, posV, posV + M - 1, rU);
    const twp = ev.ce.timeWarpPenalty;
    if (!same) {
      delta -= ev.slack(rU) + ev.slack(rV);
      if (delta >= 0) return delta;
      const tw = twp * (rU.pTW[posU - 1]! + rU.sTW[aU]! + rV.pTW[posV - 1]! + rV.sTW[aV]!);
      if (delta + tw >= 0) return delta + tw;
      const lpU = ev.loadPenaltyAfter(rU, posU, posU + N - 1, rV, posV, posV + M - 1);
      return this.keep(delta, tw, lpU, ev.loadPenaltyAfter(rV, posV, posV + M - 1, rU, posU, posU + N - 1));
    }
    delta -= ev.slack(rU);
    if (delta >= 0) return delta;
    const tw = twp * (posU < posV ? rU.pTW[posU - 1]! + rU.sTW[aV]! : rU.pTW[posV - 1]! + rU.sTW[aU]!);
    if (delta + tw >= 0) return delta + tw;
    return this.keep(delta, tw, ev.loadPenaltyAfter(rU, 1, 0, null, 1, 0), 0);
  }

  private relocate(U: number, rU: SearchRoute, posU: number, rV: SearchRoute, posV: number): number {
    const { problem } = this.ctx;
    const o = problem.winOffset[U]!;
    const nw = this.N === 1 && U < problem.numNodes ? problem.winOffset[U + 1]! - o : 1;
    if (nw <= 1) {
      this.buildRelocate(U, rU, posU, rV, posV, -1);
      return this.delta(this.same ? null : this.pV);
    }
    let best = Infinity;
    let bestW = o;
    for (let w = o; w < o + nw; w++) {
      this.buildRelocate(U, rU, posU, rV, posV, w);
      const d = this.delta(this.same ? null : this.pV);
      if (d < best) {
        best = d;
        bestW = w;
      }
    }
    this.buildRelocate(U, rU, posU, rV, posV, bestW);
    return best;
  }

  /** Builds the relocate proposals; w >= 0 selects window w (global index) for U. */
  private buildRelocate(
    U: number,
    rU: SearchRoute,
    posU: number,
    rV: SearchRoute,
    posV: number,
    w: number,
  ): void {
    const N = this.N;
    if (!this.same) {
      this.pU
        .begin(rU)
        .range(rU, 0, posU - 1)
        .range(rU, posU + N, rU.last);
      this.pV.begin(rV).range(rV, 0, posV);
      this.addU(this.pV, U, rU, posU, w);
      this.pV.range(rV, posV + 1, rV.last);
    } else if (posU < posV) {
      this.pU
        .begin(rU)
        .range(rU, 0, posU - 1)
        .range(rU, posU + N, posV);
      this.addU(this.pU, U, rU, posU, w);
      this.pU.range(rU, posV + 1, rU.last);
    } else {
      this.pU.begin(rU).range(rU, 0, posV);
      this.addU(this.pU, U, rU, posU, w);
      this.pU.range(rU, posV + 1, posU - 1).range(rU, posU + N, rU.last);
    }
  }

  private addU(p: Proposal, U: number, rU: SearchRoute, posU: number, w: number): void {
    if (w >= 0) p.nodeWin(U, this.ctx.problem.winEarly[w]!, this.ctx.problem.winLate[w]!);
    else p.range(rU, posU, posU + this.N - 1);
  }

  private swap(rU: SearchRoute, posU: number, rV: SearchRoute, posV: number): number {
    const N = this.N;
    const M = this.M;
    if (!this.same) {
      this.pU
        .begin(rU)
        .range(rU, 0, posU - 1)
        .range(rV, posV, posV + M - 1)
        .range(rU, posU + N, rU.last);
      this.pV
        .begin(rV)
        .range(rV, 0, posV - 1)
        .range(rU, posU, posU + N - 1)
        .range(rV, posV + M, rV.last);
      return this.delta(this.pV);
    }
    if (posU < posV) {
      this.pU
        .begin(rU)
        .range(rU, 0, posU - 1)
        .range(rU, posV, posV + M - 1)
        .range(rU, posU + N, posV - 1)
        .range(rU, posU, posU + N - 1)
        .range(rU, posV + M, rU.last);
    } else {
      this.pU
        .begin(rU)
        .range(rU, 0, posV - 1)
        .range(rU, posU, posU + N - 1)
        .range(rU, posV + M, posU - 1)
        .range(rU, posV, posV + M - 1)
        .range(rU, posU + N, rU.last);
    }
    return this.delta(null);
  }

  /** Applies the move last evaluated (the local search calls it right after a negative evaluate). */
  apply(): void {
    this.ctx.state.apply(this.pU, this.same ? null : this.pV);
  }
}
