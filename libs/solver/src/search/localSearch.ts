import type { CostEvaluator } from '../cost/costEvaluator.js';
import type { Problem } from '../model/problem.js';
import { typesByRoundTrip } from './emptyTypes.js';
import type { Rng } from '../rng.js';
import type { Solution, SolutionRoute } from '../solution/solution.js';
import type { NodeOperator, RouteOperator, SearchContext } from './context.js';
import { Evaluator, ScaledEvaluator } from './evaluator.js';
import { Insertion } from './insertion.js';
import { BreakMove } from './operators/breakMove.js';
import { Exchange } from './operators/exchange.js';
import { SwapStar } from './operators/swapStar.js';
import { SwapTails } from './operators/swapTails.js';
import { SwapHeads } from './operators/swapHeads.js';
import { MergeRoutes } from './operators/mergeRoutes.js';
import { SwapRoutes } from './operators/swapRoutes.js';
import { TwoOpt } from './operators/twoOpt.js';
import { Proposal } from './proposal.js';
import { SearchState } from './state.js';
import { dominatedFloor } from './valueFloor.js';

/** Whether every penalty weight of a is at least that of b. */
function heavier(a: CostEvaluator, b: CostEvaluator): boolean {
  if (a.timeWarpPenalty < b.timeWarpPenalty) return false;
  for (let k = 0; k < a.loadPenalty.length; k++) if (a.loadPenalty[k]! < b.loadPenalty[k]!) return false;
  return true;
}

/** A move must improve by more than this to be applied (guards against cycling on rounding noise). */
const EPS = 1e-6;

export interface LocalSearchOptions {
  readonly swapStar: boolean;
  /** Try unrouted optional clients at every position once the granular search is done. */
  readonly insertionSweep?: boolean;
  /**
   * During the search (not in construction or ruin and recreate), an unrouted optional client may go in where
   * it adds a violation, when its prize outweighs the penalty: the search then crosses infeasible plans to fit
   * more clients, as it does for required ones.
   */
  readonly violatingInsertions?: boolean;
  /** An unrouted optional client that cannot go in may take a routed neighbour's place (replaceNeighbour). */
  readonly replaceNeighbours?: boolean;
  /** Head exchange between vehicles of different types (SwapHeads); never tried on a fleet of one type. */
  readonly swapHeads?: boolean;
  /** Whole-route exchange between vehicles of different types (SwapRoutes); never tried on a fleet of one type. */
  readonly swapRoutes?: boolean;
  /** Route merge into an unused vehicle of another type (operators/mergeRoutes.ts). */
  readonly mergeRoutes?: boolean;
  /**
   * Most vehicle types whose empty route a client is tried in, per pass: the types whose round trip from
   * their depot to the client costs least (`emptyTypeOrder`). Unset: every type, in random order.
   */
  readonly emptyRouteTypes?: number;
}

/**
 * Granular local search in PyVRP's style: for each client U (random order) and each neighbour V, try the
 * node operators on (U, V) and on (U, p(V)) when p(V) starts the route or is the break, applying the first
 * improving move; pairs whose routes did not change since U was last tested are skipped. Then route
 * operators (SWAP*) on pairs of routes, and both again until neither improves. Optional clients are
 * removed when that pays more than their prize, and unrouted ones inserted when it costs less.
 */
export class LocalSearch implements SearchContext {
  readonly state: SearchState;
  readonly ev: Evaluator;
  readonly handles;
  readonly nodeOps: NodeOperator[] = [];
  readonly routeOps: RouteOperator[] = [];
  /** The SWAP* operator among `routeOps`, if any. */
  private readonly swapStarOp: SwapStar | undefined;
  /**
   * Whether SWAP* runs in the next improve() calls (default true; its caches stay valid while it is off, since
   * they follow every route update).
   */
  swapStarOn = true;
  private readonly breakMove: BreakMove;
  private readonly orderNodes: Int32Array;
  private readonly orderRoutes: Int32Array;
  private readonly lastTested: Int32Array;
  private readonly lastTestedRoute: Int32Array;
  private readonly lastUpdated: Int32Array;
  private readonly breakChecked: Int32Array;
  /**
   * Per client, the update count when its empty-route moves were last tried, and the state's emptyVersion
   * then: while neither its route nor the set of empty routes changed since, the moves cannot improve (their
   * deltas read only those routes) and are skipped.
   */
  private readonly emptyTested: Int32Array;
  private readonly emptyTestedVersion: Int32Array;
  private numUpdates = 0;
  private searchCompleted = false;
  private readonly k: number;
  private readonly prop = new Proposal();
  private readonly best = new Proposal();
  private readonly typeOrder: Int32Array;
  /** Per client, the vehicle types by increasing round trip to it (with emptyRouteTypes), else empty. */
  private readonly emptyTypeOrder: Int32Array;
  private readonly emptyTypes: number;
  private shouldStop: (() => boolean) | undefined;
  /** True when the last improve() was cut short by its stop callback. */
  interrupted = false;
  /** See LocalSearchOptions.violatingInsertions; callers may switch it per search. */
  violatingInsertions: boolean;
  /** See LocalSearchOptions.replaceNeighbours; callers may switch it per search (Island.replaceNow). */
  replaceNeighbours: boolean;
  /**
   * What replaceNeighbour counts per unit of service time the newcomer saves over the client it replaces, in
   * cost units (0: only the route's penalised cost and the prizes count). On a fleet short of working time a
   * shorter stop is room for one more.
   */
  replaceServiceWeight = 0;
  /** See dropToFeasible and search/valueFloor.ts. */
  private readonly valueFloor: number;
  /**
   * Optional clients the search must not leave out while set (`pin`): a client Island.polishValues let in on
   * purpose, which the search would otherwise drop first, since removing it alone undoes all the violation it
   * brought.
   */
  private readonly pinned: Uint8Array;
  private readonly insertion: Insertion;

  constructor(
    readonly problem: Problem,
    private readonly neighbours: Int32Array,
    private readonly rng: Rng,
    private readonly options: LocalSearchOptions = { swapStar: true },
  ) {
    this.violatingInsertions = options.violatingInsertions === true;
    this.replaceNeighbours = options.replaceNeighbours === true;
    this.valueFloor = dominatedFloor(problem);
    this.state = new SearchState(problem);
    this.handles = this.state.handles;
    const Ev = problem.readsScaled ? ScaledEvaluator : Evaluator;
    this.ev = new Ev(problem, this.handles, this.state.selEarly, this.state.selLate);
    this.k = problem.numClients > 0 ? neighbours.length / problem.numClients : 0;
    this.insertion = new Insertion(problem, this.state, this.ev, neighbours, this.k);
    this.nodeOps.push(new Exchange(this, 1, 0));
    this.nodeOps.push(new Exchange(this, 2, 0));
    this.nodeOps.push(new Exchange(this, 1, 1));
    this.nodeOps.push(new Exchange(this, 2, 1));
    this.nodeOps.push(new Exchange(this, 2, 2));
    this.nodeOps.push(new SwapTails(this));
    if (options.swapHeads === true && SwapHeads.applicable(this)) this.nodeOps.push(new SwapHeads(this));
    if (TwoOpt.applicable(this)) this.nodeOps.push(new TwoOpt(this));
    if (options.swapRoutes === true && SwapRoutes.applicable(this)) this.routeOps.push(new SwapRoutes(this));
    this.swapStarOp = options.swapStar ? new SwapStar(this) : undefined;
    if (this.swapStarOp) this.routeOps.push(this.swapStarOp);
    if (options.mergeRoutes === true && MergeRoutes.applicable(this))
      this.routeOps.push(new MergeRoutes(this));
    this.breakMove = new BreakMove(this);
    const C = problem.numClients;
    this.orderNodes = new Int32Array(C);
    for (let c = 0; c < C; c++) this.orderNodes[c] = problem.numDepots + c;
    this.orderRoutes = new Int32Array(problem.numVehicles);
    for (let v = 0; v < problem.numVehicles; v++) this.orderRoutes[v] = v;
    this.typeOrder = new Int32Array(problem.vehicleTypes.length);
    for (let t = 0; t < this.typeOrder.length; t++) this.typeOrder[t] = t;
    const T = problem.vehicleTypes.length;
    this.emptyTypes = Math.min(T, options.emptyRouteTypes ?? T);
    this.emptyTypeOrder = this.emptyTypes < T ? typesByRoundTrip(problem) : new Int32Array(0);
    this.lastTested = new Int32Array(this.handles.count);
    this.lastTestedRoute = new Int32Array(problem.numVehicles);
    this.lastUpdated = new Int32Array(problem.numVehicles);
    this.breakChecked = new Int32Array(problem.numVehicles);
    this.emptyTested = new Int32Array(problem.numNodes).fill(-1);
    this.emptyTestedVersion = new Int32Array(problem.numNodes);
    this.lastInsertTry = new Int32Array(problem.numNodes).fill(-1);
    this.replacedInCall = new Int32Array(problem.numNodes).fill(-1);
    this.pinned = new Uint8Array(problem.numNodes);
    this.promising = new Uint8Array(problem.numNodes);
  }

  /** Sets (true) or clears the pin of each of `nodes`: pinned clients are never left out (see `pinned`). */
  pin(nodes: readonly number[], on: boolean): void {
    for (const u of nodes) this.pinned[u] = on ? 1 : 0;
  }

  /** Loads routes, inserts missing required clients, improves to a local optimum and exports. */
  run(routes: readonly SolutionRoute[], ce: CostEvaluator): Solution {
    this.loadAndRepair(routes, ce);
    this.improve(ce);
    return this.export();
  }

  /**
   * Loads routes and inserts unrouted required clients at their best granular position. Routes equal to a
   * route of `baseline` (a local optimum, e.g. the first parent) are marked as already searched among
   * themselves: moves between two of them are not re-tested until one changes.
   */
  loadAndRepair(
    routes: readonly SolutionRoute[],
    ce: CostEvaluator,
    baseline?: readonly SolutionRoute[],
  ): void {
    this.ev.ce = ce;
    this.searchedUnder = ce;
    this.state.load(routes);
    this.resetBookkeeping();
    if (baseline) this.markUnchanged(routes, baseline);
    const P = this.problem;
    for (let c = 0; c < P.numClients; c++) {
      const u = this.orderNodes[c]!;
      if (P.required[u] && !this.state.isRouted(u)) this.insert(u, true);
    }
  }

  /**
   * Improves the loaded state under `ce` until no operator improves, or until `shouldStop` (polled every few
   * dozen clients) says to stop; the state is valid either way.
   */
  improve(ce: CostEvaluator, shouldStop?: () => boolean, only?: readonly number[], expand = false): void {
    this.only = expand ? undefined : only;
    this.expanding = expand && only !== undefined;
    if (this.expanding) {
      this.promising.fill(0);
      for (const u of only!) this.promising[u] = 1;
    }
    this.shouldStop = shouldStop;
    this.interrupted = false;
    this.ev.ce = ce;
    // Under new weights the earlier "no improving move" verdicts are void, except that when every weight
    // went up (a repair booster) moves among routes without violations still cannot improve: only the
    // violating routes need a new look.
    const prev = this.searchedUnder;
    if (ce !== prev) {
      if (prev && heavier(ce, prev)) {
        for (const r of this.state.routes) if (this.ev.violation(r) > 0) this.markUpdated(r.idx, r.idx);
      } else this.resetTests();
    }
    this.searchedUnder = ce;
    this.improveCall++;
    this.rng.shuffle(this.orderNodes);
    this.rng.shuffle(this.orderRoutes);
    this.rng.shuffle(this.nodeOps);
    this.rng.shuffle(this.typeOrder);
    for (;;) {
      this.search();
      if (this.interrupted) break;
      const before = this.numUpdates;
      this.intensify();
      if (this.interrupted) break;
      if (this.numUpdates === before && (!this.options.insertionSweep || this.sweepInsertions() === 0)) break;
    }
    this.shouldStop = undefined;
    this.only = undefined;
    this.expanding = false;
  }

  /** The clients of the routes that violate a constraint under the current weights, appended to `out`. */
  violatingClients(out: number[]): number[] {
    const N = this.problem.numNodes;
    for (const r of this.state.routes) {
      if (this.ev.violation(r) <= 0) continue;
      for (let i = 1; i < r.last; i++) if (r.nodes[i]! < N) out.push(r.nodes[i]!);
    }
    return out;
  }

  /** The clients the node operators start from in this improve() (every client when undefined). */
  private only: readonly number[] | undefined;
  /**
   * Whether this improve() starts the node operators only from promising clients (PyVRP's promising nodes):
   * those it was given, and every client next to where a move applied, before or after it.
   */
  private expanding = false;
  /** Per node, 1 while promising (see `expanding`). */
  private readonly promising: Uint8Array;

  /** Marks client h and the clients before and after it in its route (if routed) promising. */
  private markPromising(h: number): void {
    const P = this.problem;
    if (h < P.numDepots || h >= P.numNodes) return;
    this.promising[h] = 1;
    const st = this.state;
    const ri = st.routeOf[h]!;
    if (ri < 0) return;
    const r = st.routes[ri]!;
    const pos = st.posOf[h]!;
    const before = r.nodes[pos - 1]!;
    const after = r.nodes[pos + 1]!;
    if (before >= P.numDepots && before < P.numNodes) this.promising[before] = 1;
    if (after >= P.numDepots && after < P.numNodes) this.promising[after] = 1;
  }

  /** Marks every client of route ri promising. */
  private markRoutePromising(ri: number): void {
    const r = this.state.routes[ri]!;
    const N = this.problem.numNodes;
    for (let i = 1; i < r.last; i++) if (r.nodes[i]! < N) this.promising[r.nodes[i]!] = 1;
  }

  private poll(): boolean {
    if (this.shouldStop?.()) this.interrupted = true;
    return this.interrupted;
  }

  /**
   * Builds routes by cheapest insertion, clients in random order (required ones may go in with penalties;
   * optional ones only where they add no violation).
   */
  construct(ce: CostEvaluator, deferred: Uint8Array | null = null): void {
    this.clear(ce);
    const order = Array.from(this.orderNodes);
    this.rng.shuffle(order);
    const D = this.problem.numDepots;
    // Two passes: clients that found no place the first time get another chance once routes have formed.
    // After each insertion the route's break moves to where it leaves the most slack. Clients `deferred`
    // (regret.ts, capacityAdmission) wait for the second pass.
    for (let pass = 0; pass < 2; pass++)
      for (const u of order) {
        if (this.state.isRouted(u) || (pass === 0 && deferred !== null && deferred[u - D] === 1)) continue;
        if (this.insert(u, this.problem.required[u] === 1) && this.problem.hasBreaks)
          this.breakMove.improve(this.state.routeOf[u]!, EPS);
      }
  }

  /**
   * Restores feasibility by leaving optional clients out: in each violating route, repeatedly removes the
   * optional client with the best violation reduction per unit of prize, then tries to put the removed
   * clients back where they fit. Returns how many clients stay out. `keep` (client nodes) are never removed:
   * the clients just let in by Island.polishValues, which would otherwise be the first to go, since removing
   * one alone undoes all the violation it brought. With `leastValueFirst`, when the least valuable clients are
   * dominated (search/valueFloor.ts: VROOM jobs without priority), one of them is removed whenever removing one
   * reduces the violation (the one that reduces it most), before any more valuable client: a plan that let in
   * a priority job must not pay for it with another one when plain clients can make the room.
   */
  dropToFeasible(ce: CostEvaluator, keep: readonly number[] = [], leastValueFirst = false): number {
    const P = this.problem;
    const st = this.state;
    this.ev.ce = ce;
    const floor = leastValueFirst ? this.valueFloor : -1;
    const removed: number[] = [];
    for (const r of st.routes) {
      const visits = r.last;
      for (let guard = 0; guard < visits && this.ev.violation(r) > 0; guard++) {
        let best = -1;
        let bestScore = 0;
        let bestAtFloor = -1;
        let bestFloor = 0;
        const before = this.ev.violation(r);
        for (let i = 1; i < r.last; i++) {
          const u = r.nodes[i]!;
          if (i === r.breakPos || P.required[u] || this.pinned[u] || keep.includes(u)) continue;
          this.prop
            .begin(r)
            .range(r, 0, i - 1)
            .range(r, i + 1, r.last);
          this.ev.proposalCost(this.prop);
          const after = this.ev.clients === 0 ? 0 : this.ev.lastViolation();
          const reduction = before - after;
          if (!(reduction > 0)) continue;
          if (floor >= 0 && P.value[u] === floor) {
            if (reduction > bestFloor) {
              bestFloor = reduction;
              bestAtFloor = i;
            }
            continue;
          }
          const score = reduction / Math.max(P.prize[u]!, 1e-9);
          if (score > bestScore) {
            bestScore = score;
            best = i;
          }
        }
        if (bestAtFloor >= 0) best = bestAtFloor;
        if (best < 0) break;
        const u = r.nodes[best]!;
        this.prop
          .begin(r)
          .range(r, 0, best - 1)
          .range(r, best + 1, r.last);
        st.apply(this.prop, null);
        st.unroute(u);
        this.markUpdated(r.idx, r.idx);
        removed.push(u);
      }
    }
    let out = 0;
    for (const u of removed) if (!this.insert(u, false)) out++;
    return out;
  }

  export(): Solution {
    return this.state.export(this.problem.timeTolerance);
  }

  /** Penalised cost of the current state. */
  currentCost(): number {
    let c = 0;
    for (const r of this.state.routes) c += this.ev.routeCost(r);
    const P = this.problem;
    for (let u = P.numDepots; u < P.numNodes; u++) if (!this.state.isRouted(u)) c += P.prize[u]!;
    return c;
  }

  /** The cost evaluator the bookkeeping (what was tested) refers to. */
  private searchedUnder: CostEvaluator | undefined;

  private markUnchanged(routes: readonly SolutionRoute[], baseline: readonly SolutionRoute[]): void {
    const key = (r: SolutionRoute): string => `${r.vehicle}:${r.visits.join(',')}`;
    const base = new Set(baseline.map(key));
    // Tested at time 0; routes that differ from the baseline count as updated at time 1.
    this.lastTested.fill(0);
    this.lastTestedRoute.fill(0);
    this.breakChecked.fill(0);
    // emptyTested stays at -1 (resetBookkeeping): the baseline's search may have ended in its first pass,
    // before any empty-route move was tried.
    this.numUpdates = 1;
    this.lastUpdated.fill(1);
    for (const r of routes) if (base.has(key(r))) this.lastUpdated[r.vehicle] = 0;
  }

  private resetTests(): void {
    this.lastInsertTry.fill(-1);
    this.lastTested.fill(-1);
    this.emptyTested.fill(-1);
    this.lastTestedRoute.fill(-1);
    this.breakChecked.fill(-1);
  }

  private resetBookkeeping(): void {
    this.lastInsertTry.fill(-1);
    this.lastTested.fill(-1);
    this.emptyTested.fill(-1);
    this.lastTestedRoute.fill(-1);
    this.lastUpdated.fill(0);
    this.breakChecked.fill(-1);
    this.numUpdates = 0;
  }

  private search(): void {
    const P = this.problem;
    const st = this.state;
    const k = this.k;
    const D = P.numDepots;
    this.searchCompleted = false;
    for (let step = 0; !this.searchCompleted; step++) {
      this.searchCompleted = true;
      // Also once per pass: a pass over fewer than 32 clients (`only`) never reaches the poll below.
      if (step > 0 && this.poll()) return;
      const nodes = this.only ?? this.orderNodes;
      for (let c = 0; c < nodes.length; c++) {
        if ((c & 31) === 31 && this.poll()) return;
        const U = nodes[c]!;
        if (this.expanding && this.promising[U] === 0) continue;
        const lastTested = this.lastTested[U]!;
        this.lastTested[U] = this.numUpdates;
        if (!P.allRequired) this.optionalMoves(U);
        if (!st.isRouted(U)) continue;
        const row = (U - D) * k;
        for (let q = 0; q < k; q++) {
          const V = this.neighbours[row + q]!;
          if (!st.isRouted(V)) continue;
          const rU = st.routeOf[U]!;
          const rV = st.routeOf[V]!;
          if (this.lastUpdated[rU]! > lastTested || this.lastUpdated[rV]! > lastTested) {
            if (this.applyNodeOps(U, V)) continue;
            const route = st.routes[st.routeOf[V]!]!;
            const pv = route.nodes[st.posOf[V]! - 1]!;
            if ((pv === route.startHandle || pv === route.breakHandle) && this.applyNodeOps(U, pv)) continue;
          }
        }
        if (step > 0) {
          const rU = st.routeOf[U]!;
          if (
            this.lastUpdated[rU]! > this.emptyTested[U]! ||
            this.emptyTestedVersion[U] !== st.emptyVersion
          ) {
            this.emptyTested[U] = this.numUpdates;
            this.emptyTestedVersion[U] = st.emptyVersion;
            this.emptyRouteMoves(U);
          }
        }
      }
      if (P.hasBreaks) this.breakMoves();
    }
  }

  private intensify(): void {
    if (this.routeOps.length === 0) return;
    const st = this.state;
    const R = st.routes.length;
    this.searchCompleted = false;
    while (!this.searchCompleted) {
      this.searchCompleted = true;
      for (let a = 0; a < R; a++) {
        if (this.poll()) return;
        const ru = this.orderRoutes[a]!;
        if (st.routes[ru]!.numClients === 0) continue;
        const lastTested = this.lastTestedRoute[ru]!;
        this.lastTestedRoute[ru] = this.numUpdates;
        for (let rv = ru + 1; rv < R; rv++) {
          if (st.routes[rv]!.numClients === 0) continue;
          if (this.lastUpdated[ru]! > lastTested || this.lastUpdated[rv]! > lastTested) {
            this.applyRouteOps(ru, rv);
            if (st.routes[ru]!.numClients === 0) break;
          }
        }
      }
    }
  }

  private applyNodeOps(U: number, V: number): boolean {
    const st = this.state;
    for (let o = 0; o < this.nodeOps.length; o++) {
      const op = this.nodeOps[o]!;
      const delta = op.evaluate(U, V);
      if (delta < -EPS) {
        const rU = st.routeOf[U]!;
        const rV = st.routeOf[V]!;
        if (this.expanding) {
          this.markPromising(U);
          this.markPromising(V);
        }
        op.apply(U, V);
        if (this.expanding) {
          this.markPromising(U);
          this.markPromising(V);
        }
        this.markUpdated(rU, rV);
        return true;
      }
    }
    return false;
  }

  private applyRouteOps(ru: number, rv: number): boolean {
    for (const op of this.routeOps) {
      if (op === this.swapStarOp && !this.swapStarOn) continue;
      const delta = op.evaluate(ru, rv);
      if (delta < -EPS) {
        op.apply(ru, rv);
        if (this.expanding) {
          this.markRoutePromising(ru);
          this.markRoutePromising(rv);
          if (op.alsoChanged !== undefined && op.alsoChanged >= 0) this.markRoutePromising(op.alsoChanged);
        }
        this.markUpdated(ru, rv);
        if (op.alsoChanged !== undefined && op.alsoChanged >= 0)
          this.markUpdated(op.alsoChanged, op.alsoChanged);
        return true;
      }
    }
    return false;
  }

  markUpdated(ru: number, rv: number): void {
    this.numUpdates++;
    this.searchCompleted = false;
    this.lastUpdated[ru] = this.numUpdates;
    this.lastUpdated[rv] = this.numUpdates;
  }

  /**
   * Tries U in the first empty route of each vehicle type (random type order), or with `emptyRouteTypes` of
   * the first that many types with an empty route, nearest first.
   */
  private emptyRouteMoves(U: number): void {
    const P = this.problem;
    const st = this.state;
    if (this.emptyTypeOrder.length > 0) {
      const T = P.vehicleTypes.length;
      const row = (U - P.numDepots) * T;
      let tried = 0;
      for (let q = 0; q < T && tried < this.emptyTypes; q++) {
        const t = this.emptyTypeOrder[row + q]!;
        for (let v = P.typeOffset[t]!; v < P.typeOffset[t + 1]!; v++) {
          const r = st.routes[v]!;
          if (r.numClients !== 0) continue;
          if (this.applyNodeOps(U, r.startHandle)) return;
          tried++;
          break;
        }
      }
      return;
    }
    for (let q = 0; q < this.typeOrder.length; q++) {
      const t = this.typeOrder[q]!;
      for (let v = P.typeOffset[t]!; v < P.typeOffset[t + 1]!; v++) {
        const r = st.routes[v]!;
        if (r.numClients !== 0) continue;
        if (this.applyNodeOps(U, r.startHandle)) return;
        break;
      }
    }
  }

  private breakMoves(): void {
    const st = this.state;
    for (let v = 0; v < st.routes.length; v++) {
      const r = st.routes[v]!;
      if (!r.hasBreak || r.numClients === 0) continue;
      if (this.breakChecked[v]! >= this.lastUpdated[v]!) continue;
      this.breakChecked[v] = this.lastUpdated[v]!;
      if (this.breakMove.improve(v, EPS)) {
        if (this.expanding) this.markRoutePromising(v);
        this.markUpdated(v, v);
        this.breakChecked[v] = this.lastUpdated[v]!;
      }
    }
  }

  /** Removal or insertion of an optional client U when that pays. */
  private optionalMoves(U: number): void {
    const P = this.problem;
    const st = this.state;
    if (!P.required[U] && !this.pinned[U] && st.isRouted(U)) {
      const r = st.routes[st.routeOf[U]!]!;
      const pos = st.posOf[U]!;
      this.prop
        .begin(r)
        .range(r, 0, pos - 1)
        .range(r, pos + 1, r.last);
      const delta = this.ev.deltaCost(this.prop, null, P.prize[U]!, false);
      if (delta < -EPS) {
        if (this.expanding) this.markPromising(U);
        st.apply(this.prop, null);
        st.unroute(U);
        this.markUpdated(r.idx, r.idx);
      }
    }
    if (!st.isRouted(U)) {
      // Skip a client whose last insertion attempt failed when none of its neighbours' routes changed since.
      const last = this.lastInsertTry[U]!;
      if (last >= 0 && !this.neighbourRoutesChanged(U, last)) return;
      this.lastInsertTry[U] = this.numUpdates;
      const required = P.required[U] === 1;
      if (this.insert(U, required, required || this.violatingInsertions)) this.lastInsertTry[U] = -1;
      else if (!required && this.replaceNeighbours && this.replaceNeighbour(U)) this.lastInsertTry[U] = -1;
    }
  }

  /**
   * Unrouted optional U takes the place of a routed optional neighbour V when the penalised cost falls (route
   * cost plus V's prize minus U's): VROOM's unassigned exchange. A full route keeps its count of clients but
   * may get cheaper ones, and the one left out can go in elsewhere later. Each of U's windows is tried.
   */
  private replaceNeighbour(U: number): boolean {
    const P = this.problem;
    const st = this.state;
    if (this.replacedInCall[U] === this.improveCall) return false;
    const row = (U - P.numDepots) * this.k;
    const o = P.winOffset[U]!;
    const nw = P.winOffset[U + 1]! - o;
    let bestDelta = -EPS;
    let bestV = -1;
    for (let q = 0; q < this.k; q++) {
      const V = this.neighbours[row + q]!;
      if (!st.isRouted(V) || P.required[V] || this.pinned[V]) continue;
      const r = st.routes[st.routeOf[V]!]!;
      const pos = st.posOf[V]!;
      const so = r.serviceType * P.numNodes;
      for (let w = o; w < o + nw; w++) {
        this.prop.begin(r).range(r, 0, pos - 1);
        if (nw > 1) this.prop.nodeWin(U, P.winEarly[w]!, P.winLate[w]!);
        else this.prop.node(U);
        this.prop.range(r, pos + 1, r.last);
        const svc = this.replaceServiceWeight * (P.service[so + U]! - P.service[so + V]!);
        const d = this.ev.deltaCost(this.prop, null, P.prize[V]! - P.prize[U]! + svc, false, bestDelta);
        if (d >= bestDelta) continue;
        if (!this.violatingInsertions && this.ev.lastViolation() > this.ev.violation(r) + 1e-9) continue;
        bestDelta = d;
        bestV = V;
        this.best.copyFrom(this.prop);
      }
    }
    if (bestV < 0) return false;
    const target = this.best.target;
    st.apply(this.best, null);
    st.unroute(bestV);
    if (this.expanding) this.markRoutePromising(target.idx);
    this.replacedInCall[U] = this.improveCall;
    this.markUpdated(target.idx, target.idx);
    return true;
  }

  private neighbourRoutesChanged(U: number, since: number): boolean {
    const row = (U - this.problem.numDepots) * this.k;
    for (let q = 0; q < this.k; q++) {
      const r = this.state.routeOf[this.neighbours[row + q]!]!;
      if (r >= 0 && this.lastUpdated[r]! > since) return true;
    }
    return false;
  }

  /**
   * Inserts U at the cheapest position after a routed neighbour, after the start of those neighbours'
   * routes, or into one empty route per vehicle type; each of U's windows is tried. A required client is
   * always inserted; an optional one only when the penalised cost falls by more than its prize. Route
   * `exclude` (a vehicle index; -1 for none) is left alone: the route-removal ruin's emptied route.
   */
  insert(U: number, required: boolean, mayViolate = required, exclude = -1): boolean {
    const d = this.insertion.nearNeighbours(U, required, mayViolate, exclude);
    if (d === Infinity || (!required && d >= -EPS)) return false;
    this.applyBest();
    return true;
  }

  /** Empties every route (all clients unrouted) and evaluates under `ce` from now on. */
  clear(ce: CostEvaluator): void {
    this.ev.ce = ce;
    this.searchedUnder = ce;
    this.state.clear();
    this.resetBookkeeping();
  }

  /**
   * The cheapest insertion of unrouted U into route `v` (vehicle index), each of its windows tried, as a delta
   * of the penalised cost that counts U's prize (negative: worth it); Infinity when no position adds no
   * violation (or, with `mayViolate`, when there is none at all). The move is kept for `applyInsertion`.
   */
  insertionDelta(U: number, v: number, mayViolate = false): number {
    return this.insertion.inRoute(U, v, mayViolate);
  }

  /**
   * Applies the insertion last found by `insertionDelta` (which must have found one), then moves the route's
   * break to where it leaves the most slack.
   */
  applyInsertion(): void {
    const r = this.applyBest();
    if (this.problem.hasBreaks) this.breakMove.improve(r, EPS);
  }

  /** Applies the insertion kept in `insertion.best` (one route) and marks its route updated; returns that route. */
  private applyBest(): number {
    const best = this.insertion.best;
    const r = best.target.idx;
    this.state.apply(best, null);
    if (this.expanding) this.markRoutePromising(r);
    this.markUpdated(r, r);
    return r;
  }

  /**
   * Inserts unrouted U into route `v` (vehicle index) at its cheapest position by penalised cost, each of its
   * windows tried, violations allowed. Returns false when the route cannot take it at all (U routed already).
   */
  insertInto(U: number, v: number): boolean {
    if (this.state.isRouted(U) || this.insertionDelta(U, v, true) === Infinity) return false;
    this.applyBest();
    return true;
  }

  /**
   * Tries every unrouted optional client at every position of every route (the granular insertion only
   * looks next to neighbours, which misses the gaps a full fleet leaves). Returns how many went in.
   */
  private sweepInsertions(): number {
    const P = this.problem;
    if (P.allRequired) return 0;
    let inserted = 0;
    for (let c = 0; c < this.orderNodes.length; c++) {
      const U = this.orderNodes[c]!;
      if (P.required[U] || this.state.isRouted(U)) continue;
      if (this.insertion.everywhere(U) < -EPS) {
        this.applyBest();
        inserted++;
      }
    }
    return inserted;
  }

  /** numUpdates at the last failed insertion attempt of an unrouted client (-1: none). */
  private readonly lastInsertTry: Int32Array;
  /**
   * The improve() call in which a client last came in by replaceNeighbour. With `replaceServiceWeight` that
   * move does not price what the other moves price (they ignore service time), so a few moves could cycle,
   * each "improving" under its own measure; one entry by replacement per client and call bounds them.
   */
  private readonly replacedInCall: Int32Array;
  private improveCall = 0;
}
