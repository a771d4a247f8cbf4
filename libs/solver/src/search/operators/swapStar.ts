import type { RouteOperator, SearchContext } from '../context.js';
import { Proposal } from '../proposal.js';
import type { SearchRoute } from '../route.js';
import { CircleSector } from './circleSector.js';
import { RouteLoads } from './swapStarLoads.js';

/**
 * SWAP* (Vidal 2022, HGS-CVRP; PyVRP's SwapStar): exchanges a client U of one route with a client V of
 * another, each inserted at its best position in the other route rather than in the other's place. Per
 * route and client it caches the three cheapest insertion points (cost without load penalties) and the
 * removal cost, so a pair of routes is scanned in O(|U| |V|); the best candidate is then evaluated
 * exactly. Routes whose polar sectors (around the depot) do not overlap are skipped, as in HGS-CVRP.
 *
 * The caches depend on a route's visits alone (edge costs, no weights), so they are keyed by the state's
 * content version of the route (SearchState.routeVersion) and kept across loads and weight changes: a ruin
 * step reloads its base plan, most of whose routes the caches already know. Until session 55 they were
 * cleared on every load and every change of weights; keeping them saves 11 to 19 % of the insertion scans
 * (docs/solver.md, "Local search").
 */
export class SwapStar implements RouteOperator {
  readonly name = 'swapStar';
  private readonly C: number;
  private readonly D: number;
  /** The state's content version of each route (SearchState.routeVersion). */
  private readonly version: Float64Array;
  private readonly removalVersion: Float64Array;
  private readonly removal: Float64Array;
  private readonly insStamp: Float64Array;
  private readonly insCost: Float64Array;
  private readonly insAfter: Int32Array;
  private readonly sectors: CircleSector[];
  private readonly sectorVersion: Float64Array;
  private readonly p = new Proposal();
  private readonly pU = new Proposal();
  private readonly pV = new Proposal();
  /** The two routes' loads, for the load penalty change of each pair (HGS-CVRP's SWAP* prices it). */
  private readonly loadsU: RouteLoads;
  private readonly loadsV: RouteLoads;

  constructor(private readonly ctx: SearchContext) {
    const P = ctx.problem;
    const size = RouteLoads.sizes(P);
    this.loadsU = new RouteLoads(P, size);
    this.loadsV = new RouteLoads(P, size);
    const R = P.numVehicles;
    this.C = P.numClients;
    this.D = P.numDepots;
    this.version = ctx.state.routeVersion;
    this.removalVersion = new Float64Array(R).fill(-1);
    this.removal = new Float64Array(P.numNodes);
    this.insStamp = new Float64Array(R * this.C).fill(-1);
    this.insCost = new Float64Array(R * this.C * 3);
    this.insAfter = new Int32Array(R * this.C * 3);
    this.sectors = [];
    for (let r = 0; r < R; r++) this.sectors.push(new CircleSector());
    this.sectorVersion = new Float64Array(R).fill(-1);
  }

  /** Edge cost saved by taking each client out of route r (HGS-CVRP's removal cost). */
  private updateRemoval(r: SearchRoute): void {
    if (this.removalVersion[r.idx] === this.version[r.idx]) return;
    this.removalVersion[r.idx] = this.version[r.idx]!;
    const ev = this.ctx.ev;
    for (let i = 1; i < r.last; i++) {
      if (i === r.breakPos) continue;
      const u = r.nodes[i]!;
      const a = r.loc[i - 1]!;
      // The next location: skip the break, which sits where the driver is.
      const b = i + 1 === r.breakPos ? r.loc[i + 2]! : r.loc[i + 1]!;
      this.removal[u] = ev.edge(r, a, b) - ev.edge(r, a, u) - ev.edge(r, u, b);
    }
  }

  private sector(r: SearchRoute): CircleSector {
    const s = this.sectors[r.idx]!;
    if (this.sectorVersion[r.idx] !== this.version[r.idx]) {
      this.sectorVersion[r.idx] = this.version[r.idx]!;
      const P = this.ctx.problem;
      s.reset();
      const dx = P.x[r.startDepot]!;
      const dy = P.y[r.startDepot]!;
      for (let i = 1; i < r.last; i++) {
        const u = r.nodes[i]!;
        if (i === r.breakPos) continue;
        s.extend(CircleSector.angle(P.x[u]! - dx, P.y[u]! - dy));
      }
    }
    return s;
  }

  /** Fills the top-3 insertion points of client u into route r; returns the cache slot. */
  private insertions(r: SearchRoute, u: number): number {
    const slot = r.idx * this.C + (u - this.D);
    const version = this.version[r.idx]!;
    if (this.insStamp[slot] === version) return slot;
    this.insStamp[slot] = version;
    const ev = this.ctx.ev;
    const loc = r.loc;
    const nodes = r.nodes;
    // The three cheapest so far, kept in locals (the scan is SWAP*'s most frequent work).
    let c0 = Infinity;
    let c1 = Infinity;
    let c2 = Infinity;
    let a0 = -1;
    let a1 = -1;
    let a2 = -1;
    for (let pos = 0; pos < r.last; pos++) {
      // As in HGS-CVRP, insertion points are ranked by edge cost alone (O(1) each); time warp and loads
      // enter the exact evaluation of the best candidate pair.
      const a = loc[pos]!;
      const b = loc[pos + 1]!;
      const c = ev.edge(r, a, u) + ev.edge(r, u, b) - ev.edge(r, a, b);
      if (c < c2) {
        const after = nodes[pos]!;
        if (c < c1) {
          c2 = c1;
          a2 = a1;
          if (c < c0) {
            c1 = c0;
            a1 = a0;
            c0 = c;
            a0 = after;
          } else {
            c1 = c;
            a1 = after;
          }
        } else {
          c2 = c;
          a2 = after;
        }
      }
    }
    const o = slot * 3;
    this.insCost[o] = c0;
    this.insCost[o + 1] = c1;
    this.insCost[o + 2] = c2;
    this.insAfter[o] = a0;
    this.insAfter[o + 1] = a1;
    this.insAfter[o + 2] = a2;
    return slot;
  }

  private bestCost = 0;
  private bestAfter = -1;

  /**
   * Best place to insert u (whose top-3 into V's route are at `slot`, see insertions) into V's route once V
   * leaves it: V's own place, p(V) -> u -> n(V), or the first of the top-3 that is after neither V nor p(V),
   * whichever costs less. HGS-CVRP prices V's place too (getCheapestInsertSimultRemoval); until session 57 it
   * was taken only when no point of the top-3 qualified (docs/solver.md, "Local search").
   */
  private bestInsert(slot: number, u: number, V: number, rV: SearchRoute): void {
    const st = this.ctx.state;
    const posV = st.posOf[V]!;
    const pV = rV.nodes[posV - 1]!;
    const ev = this.ctx.ev;
    const a = rV.loc[posV - 1]!;
    const b = rV.loc[posV + 1]!;
    this.bestCost = ev.edge(rV, a, u) + ev.edge(rV, u, b) - ev.edge(rV, a, b);
    this.bestAfter = pV;
    for (let q = 0; q < 3; q++) {
      const o = slot * 3 + q;
      const after = this.insAfter[o]!;
      if (after < 0) return;
      if (after !== V && after !== pV) {
        if (this.insCost[o]! < this.bestCost) {
          this.bestCost = this.insCost[o]!;
          this.bestAfter = after;
        }
        return;
      }
    }
  }

  private bU = -1;
  private bV = -1;
  private bUAfter = -1;
  private bVAfter = -1;

  evaluate(ru: number, rv: number): number {
    const { state, problem, ev } = this.ctx;
    const RU = state.routes[ru]!;
    const RV = state.routes[rv]!;
    if (problem.hasCoordinates && !CircleSector.overlap(this.sector(RU), this.sector(RV), 0)) return 0;
    this.updateRemoval(RU);
    this.updateRemoval(RV);
    const lu = this.loadsU.fill(RU);
    const lv = this.loadsV.fill(RV);
    // Most pairs of time-bound routes cannot reach a capacity: their load penalty change is 0.
    const fixedU = lu.fixed(lv);
    const fixedV = lv.fixed(lu);
    const lp = ev.ce.loadPenalty;
    let best = 0;
    this.bU = -1;
    for (let i = 1; i < RU.last; i++) {
      if (i === RU.breakPos) continue;
      const U = RU.nodes[i]!;
      const remU = this.removal[U]!;
      const slotU = this.insertions(RV, U);
      for (let j = 1; j < RV.last; j++) {
        if (j === RV.breakPos) continue;
        const V = RV.nodes[j]!;
        let delta = remU + this.removal[V]! + ev.serviceShift(U, RU, RV) + ev.serviceShift(V, RV, RU);
        delta += (fixedU ? 0 : lu.delta(lp, U, V)) + (fixedV ? 0 : lv.delta(lp, V, U));
        if (delta >= 0) continue;
        this.bestInsert(slotU, U, V, RV);
        delta += this.bestCost;
        if (delta >= 0) continue;
        const uAfter = this.bestAfter;
        this.bestInsert(this.insertions(RU, V), V, U, RU);
        delta += this.bestCost;
        if (delta < best) {
          best = delta;
          this.bU = U;
          this.bV = V;
          this.bUAfter = uAfter;
          this.bVAfter = this.bestAfter;
        }
      }
    }
    if (this.bU < 0) return 0;
    this.build(this.pU, RU, this.bU, this.bV, this.bVAfter);
    this.build(this.pV, RV, this.bV, this.bU, this.bUAfter);
    return ev.deltaCost(this.pU, this.pV, 0, true);
  }

  /** Route r without `out`, with `inn` inserted after handle `after` (in out's place if after = p(out)). */
  private build(p: Proposal, r: SearchRoute, out: number, inn: number, after: number): void {
    const st = this.ctx.state;
    const po = st.posOf[out]!;
    const pa = st.posOf[after]!;
    p.begin(r);
    if (pa === po - 1)
      p.range(r, 0, po - 1)
        .node(inn)
        .range(r, po + 1, r.last);
    else if (pa < po)
      p.range(r, 0, pa)
        .node(inn)
        .range(r, pa + 1, po - 1)
        .range(r, po + 1, r.last);
    else
      p.range(r, 0, po - 1)
        .range(r, po + 1, pa)
        .node(inn)
        .range(r, pa + 1, r.last);
  }

  apply(): void {
    this.ctx.state.apply(this.pU, this.pV);
  }
}
