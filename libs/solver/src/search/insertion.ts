import type { Problem } from '../model/problem.js';
import { detourCost, nextLocation } from './detour.js';
import type { Evaluator } from './evaluator.js';
import { Proposal } from './proposal.js';
import type { SearchState } from './state.js';

/**
 * Where an unrouted client goes in: the cheapest position by penalised cost (the client's prize counted), each
 * of its windows tried, found next to its granular neighbours, in one given route, or anywhere. Finds only; the
 * move found is kept in `best` for the local search to apply.
 */
export class Insertion {
  /** The move last found (one route), valid when a search returned a finite delta. */
  readonly best = new Proposal();
  private readonly prop = new Proposal();
  private bestDelta = Infinity;
  private found = false;
  private mayViolate = false;
  private stamp = 0;
  /** Per vehicle, the stamp of the granular search that last tried its route's start. */
  private readonly startTried: Int32Array;

  constructor(
    private readonly problem: Problem,
    private readonly state: SearchState,
    private readonly ev: Evaluator,
    /** Each client's k granular neighbours, row by row. */
    private readonly neighbours: Int32Array,
    private readonly k: number,
  ) {
    this.startTried = new Int32Array(problem.numVehicles);
  }

  /**
   * The cheapest position of U after one of its routed neighbours, at the start of their routes, or in one empty
   * route per vehicle type; when a required client finds none there, at the start of every route. Route
   * `exclude` (a vehicle index; -1 for none) is left alone. Returns the delta (Infinity: none found).
   */
  nearNeighbours(U: number, required: boolean, mayViolate: boolean, exclude: number): number {
    const P = this.problem;
    const st = this.state;
    this.reset(mayViolate);
    this.stamp++;
    const row = (U - P.numDepots) * this.k;
    for (let q = 0; q < this.k; q++) {
      const V = this.neighbours[row + q]!;
      if (!st.isRouted(V)) continue;
      const r = st.routes[st.routeOf[V]!]!;
      if (r.idx === exclude) continue;
      this.tryAfter(U, V);
      if (this.startTried[r.idx] !== this.stamp) {
        this.startTried[r.idx] = this.stamp;
        this.tryAfter(U, r.startHandle);
      }
    }
    this.tryEmptyRoutes(U, exclude);
    if (!this.found && required) {
      // No routed neighbour and no empty route: try the start of every route.
      for (const r of st.routes) if (r.idx !== exclude) this.tryAfter(U, r.startHandle);
    }
    return this.result();
  }

  /** The cheapest position of U in route `v` (vehicle index). Returns the delta (Infinity: none found). */
  inRoute(U: number, v: number, mayViolate: boolean): number {
    const r = this.state.routes[v]!;
    this.reset(mayViolate);
    for (let pos = 0; pos < r.last; pos++) this.tryAfter(U, r.nodes[pos]!);
    return this.result();
  }

  /**
   * The cheapest position of U anywhere: every position of every used route, and one empty route per vehicle
   * type, adding no violation. Returns the delta (Infinity: none found).
   */
  everywhere(U: number): number {
    this.reset(false);
    for (const r of this.state.routes) {
      if (r.numClients === 0) continue;
      for (let pos = 0; pos < r.last; pos++) this.tryAfter(U, r.nodes[pos]!);
    }
    this.tryEmptyRoutes(U, -1);
    return this.result();
  }

  private reset(mayViolate: boolean): void {
    this.bestDelta = Infinity;
    this.found = false;
    this.mayViolate = mayViolate;
  }

  private result(): number {
    return this.found ? this.bestDelta : Infinity;
  }

  /** The first empty route of each vehicle type, unless it is `exclude`. */
  private tryEmptyRoutes(U: number, exclude: number): void {
    const P = this.problem;
    for (let t = 0; t < P.vehicleTypes.length; t++) {
      for (let v = P.typeOffset[t]!; v < P.typeOffset[t + 1]!; v++) {
        const r = this.state.routes[v]!;
        if (r.numClients !== 0 || v === exclude) continue;
        this.tryAfter(U, r.startHandle);
        break;
      }
    }
  }

  /**
   * Evaluates U after V (each of U's windows), keeping the best in `best`. The detour's edge cost minus what
   * the route's penalties and duration cost now (`detourCost`, `Evaluator.slack`; into an empty route, the
   * round trip and the fixed cost) is exact for the edges and a lower bound on the delta: once a position is
   * kept, a position whose bound reaches it is skipped in O(1).
   * Without pickups the load penalty with U is exact too (`loadPenaltyWith`), so a position that would add
   * violation the caller does not allow is skipped before pricing, and the rest only adds the new route's
   * durations (`Evaluator.deltaFromBound`); with pickups the proposal is priced in full.
   */
  private tryAfter(U: number, V: number): void {
    const P = this.problem;
    const st = this.state;
    const ev = this.ev;
    const r = st.routes[st.routeOf[V]!]!;
    const pos = st.posOf[V]!;
    const o = P.winOffset[U]!;
    const nw = P.winOffset[U + 1]! - o;
    const delta0 = -P.prize[U]!;
    const x = r.loc[pos]!;
    const y = nextLocation(r, pos);
    let edges = delta0 + detourCost(P, r, x, U, y) - ev.slack(r) + ev.serviceOfClient(U, r);
    // An empty route costs nothing: it pays its fixed cost and the direct leg the detour took off.
    if (r.numClients === 0) edges += r.fixedCost + ev.edge(r, x, y);
    if (this.found && edges > this.bestDelta + 1e-9 * Math.abs(this.bestDelta)) return;
    const exact = !P.hasPickups;
    const load = exact ? ev.loadPenaltyWith(r, U) : 0;
    if (exact && !this.mayViolate && load > ev.violation(r) + 1e-9) return;
    for (let w = o; w < o + nw; w++) {
      this.prop.begin(r).range(r, 0, pos);
      if (nw > 1) this.prop.nodeWin(U, P.winEarly[w]!, P.winLate[w]!);
      else this.prop.node(U);
      this.prop.range(r, pos + 1, r.last);
      const bound = this.found ? this.bestDelta : Infinity;
      const d = exact
        ? ev.deltaFromBound(this.prop, null, edges, load)
        : ev.deltaCost(this.prop, null, delta0, false, bound);
      if (d >= bound) continue;
      // An optional client only goes where it adds no violation, unless the caller allows it.
      if (!this.mayViolate && ev.lastViolation() > ev.violation(r) + 1e-9) continue;
      this.bestDelta = d;
      this.best.copyFrom(this.prop);
      this.found = true;
    }
  }
}
