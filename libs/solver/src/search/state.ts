import type { Problem } from '../model/problem.js';
import { BREAK, Solution, type SolutionRoute } from '../solution/solution.js';
import { Handles } from './handles.js';
import type { Proposal } from './proposal.js';
import { ScaledSearchRoute, SearchRoute } from './route.js';

/**
 * The mutable search representation: one SearchRoute per vehicle, where each node is (route, position),
 * and the time window currently selected for each client and break (clients with several windows are
 * evaluated with one at a time; relocation and insertion try all of them).
 */
export class SearchState {
  readonly handles: Handles;
  readonly routes: SearchRoute[];
  readonly routeOf: Int32Array;
  readonly posOf: Int32Array;
  readonly selEarly: Float64Array;
  readonly selLate: Float64Array;
  readonly multiWindow: boolean;
  private readonly tmpA: number[] = [];
  private readonly tmpB: number[] = [];
  /** load(): per vehicle, the route to load (undefined: none) and whether it differs from the state's. */
  private readonly loadTarget: (SolutionRoute | undefined)[];
  private readonly loadChanged: Uint8Array;
  /** Per route, 1 while it serves no client (as of its last update). */
  private readonly emptyRoute: Uint8Array;
  /**
   * Bumped whenever a route becomes empty or stops being empty: while it stays the same, so does the set of
   * empty routes a client may be moved into (LocalSearch's memo of empty-route moves).
   */
  emptyVersion = 0;
  /**
   * Per route, bumped by every updateRoute (which every change of a route's visits goes through): caches of
   * what depends on a route's visits alone (SWAP*'s insertion points, removal costs and sectors) stay valid
   * while it does, across loads, weight changes and local searches. Never reset, so an old stamp cannot match
   * a later content (a float: exact up to 2^53 updates).
   */
  readonly routeVersion: Float64Array;

  constructor(readonly problem: Problem) {
    const P = problem;
    this.handles = new Handles(P.numNodes, P.numVehicles);
    const H = this.handles.count;
    this.routeOf = new Int32Array(H).fill(-1);
    this.posOf = new Int32Array(H).fill(-1);
    this.selEarly = new Float64Array(H);
    this.selLate = new Float64Array(H).fill(Infinity);
    let multi = false;
    for (let u = P.numDepots; u < P.numNodes; u++) {
      const o = P.winOffset[u]!;
      this.selEarly[u] = P.winEarly[o]!;
      this.selLate[u] = P.winLate[o]!;
      if (P.winOffset[u + 1]! - o > 1) multi = true;
    }
    this.emptyRoute = new Uint8Array(P.numVehicles);
    this.routeVersion = new Float64Array(P.numVehicles);
    this.loadTarget = new Array<SolutionRoute | undefined>(P.numVehicles).fill(undefined);
    this.loadChanged = new Uint8Array(P.numVehicles);
    this.routes = [];
    for (let v = 0; v < P.numVehicles; v++) {
      const r = P.readsScaled
        ? new ScaledSearchRoute(P, this.handles, v)
        : new SearchRoute(P, this.handles, v);
      this.routes.push(r);
      const t = P.vehicleType[v]!;
      if (r.hasBreak) {
        const o = P.breakOffset[t]!;
        this.selEarly[r.breakHandle] = P.breakEarly[o]!;
        this.selLate[r.breakHandle] = P.breakLate[o]!;
        if (P.breakOffset[t + 1]! - o > 1) multi = true;
      }
    }
    this.multiWindow = multi;
    this.clear();
  }

  /** Empties every route (routes of vehicles with a break keep their break node). */
  clear(): void {
    this.routeOf.fill(-1);
    this.posOf.fill(-1);
    for (const r of this.routes) this.empty(r);
  }

  updateRoute(r: SearchRoute): void {
    r.update(this.routeOf, this.posOf, this.selEarly, this.selLate);
    this.routeVersion[r.idx]!++;
    const empty = r.numClients === 0 ? 1 : 0;
    if (this.emptyRoute[r.idx] !== empty) {
      this.emptyRoute[r.idx] = empty;
      this.emptyVersion++;
    }
  }

  /**
   * Leaves route r without clients (a vehicle with a break keeps its break node). Its clients' positions are
   * not cleared: call this only once they were written into another route.
   */
  empty(r: SearchRoute): void {
    r.clear();
    if (r.hasBreak) r.push(r.breakHandle);
    this.updateRoute(r);
  }

  /**
   * Loads routes (vehicle + visits); clients not listed stay unrouted. A route whose visits are already the
   * loaded ones (and whose selected windows stay the same) is left as it is: its cached arrays, positions and
   * version are those a rebuild would give. Why: the ruin steps load the trajectory's plan before every step,
   * and most of its routes are those the state holds from the step before (docs/solver.md "Loading").
   */
  load(routes: readonly SolutionRoute[]): void {
    const R = this.routes.length;
    const target = this.loadTarget;
    target.fill(undefined);
    for (const sr of routes) target[sr.vehicle] = sr;
    const changed = this.loadChanged;
    for (let v = 0; v < R; v++) {
      const r = this.routes[v]!;
      changed[v] = holds(r, target[v]) ? 0 : 1;
      // The clients of a route that changes leave it first: one may go to a route rebuilt before its own.
      if (changed[v] === 1)
        for (let i = 1; i < r.last; i++) if (r.nodes[i] !== r.breakHandle) this.unroute(r.nodes[i]!);
    }
    for (let v = 0; v < R; v++) {
      const r = this.routes[v]!;
      if (changed[v] === 0) {
        if (this.multiWindow && this.reselectWindows(r)) this.updateRoute(r);
        continue;
      }
      const sr = target[v];
      r.clear();
      let sawBreak = false;
      if (sr !== undefined)
        for (let i = 0; i < sr.visits.length; i++) {
          const u = sr.visits[i]!;
          if (u !== BREAK) r.push(u);
          else if (r.hasBreak && !sawBreak) {
            r.push(r.breakHandle);
            sawBreak = true;
          }
        }
      if (r.hasBreak && !sawBreak) r.insert(Math.max(1, r.last >> 1), r.breakHandle);
      if (this.multiWindow) this.reselectWindows(r);
      this.updateRoute(r);
    }
  }

  /**
   * For clients and breaks with several windows: simulate the route from its earliest start and pick, at
   * each visit, the first window that has not closed on arrival (the choice that leaves earliest). Returns
   * whether any selection changed.
   */
  reselectWindows(r: SearchRoute): boolean {
    const P = this.problem;
    let changed = false;
    const N = P.numNodes;
    const dur = P.durations[r.profile]!;
    let t = r.twEarly;
    let lastLoc = r.startDepot;
    for (let i = 1; i < r.last; i++) {
      const h = r.nodes[i]!;
      let o: number;
      let end: number;
      let we: Float64Array;
      let wl: Float64Array;
      let s: number;
      // On the way (Problem.breaksOnTheWay), the break's window opens earlier by the leg after it.
      let shift = 0;
      if (h === r.breakHandle) {
        o = P.breakOffset[r.type]!;
        end = P.breakOffset[r.type + 1]!;
        we = P.breakEarly;
        wl = P.breakLate;
        s = P.breakDuration[r.type]!;
        shift = P.breakLead(r.profile, lastLoc, i + 1 === r.last ? r.endDepot : r.nodes[i + 1]!);
      } else {
        t += r.leg(dur, lastLoc * N + h, r.travelScale);
        lastLoc = h;
        o = P.winOffset[h]!;
        end = P.winOffset[h + 1]!;
        we = P.winEarly;
        wl = P.winLate;
        s = P.service[r.serviceType * N + h]!;
      }
      let w = o;
      while (w < end - 1 && wl[w]! < t) w++;
      if (this.selEarly[h] !== we[w]! || this.selLate[h] !== wl[w]!) changed = true;
      this.selEarly[h] = we[w]!;
      this.selLate[h] = wl[w]!;
      t = Math.max(t, we[w]! - shift) + s;
    }
    return changed;
  }

  /** Writes both proposals (read fully before writing), then updates the routes. */
  apply(pU: Proposal, pV: Proposal | null): void {
    const a = this.materialise(pU, this.tmpA);
    const b = pV !== null && pV.target !== pU.target ? this.materialise(pV, this.tmpB) : null;
    this.write(pU.target, a);
    if (b !== null && pV !== null) this.write(pV.target, b);
    // Unrouted marks for nodes that left every route are handled by callers (removal/insertion).
    this.updateRoute(pU.target);
    if (b !== null && pV !== null) this.updateRoute(pV.target);
  }

  private materialise(p: Proposal, out: number[]): number[] {
    out.length = 0;
    const T = p.target;
    for (let q = 0; q < p.n; q++) {
      if (p.kind[q] === 1) {
        const h = p.a[q]!;
        if (this.handles.isBreak(h)) out.push(T.breakHandle);
        else out.push(h);
        if (p.hasWin[q]) {
          const hh = this.handles.isBreak(h) ? T.breakHandle : h;
          this.selEarly[hh] = p.we[q]!;
          this.selLate[hh] = p.wl[q]!;
        }
        continue;
      }
      const S = p.src[q]!;
      for (let k = p.a[q]!; k <= p.b[q]!; k++) {
        if (k === 0 || k === S.last) continue;
        const h = S.nodes[k]!;
        out.push(h === S.breakHandle ? T.breakHandle : h);
      }
    }
    return out;
  }

  private write(r: SearchRoute, visits: number[]): void {
    r.setVisits(visits);
  }

  /** Marks a node as unrouted. */
  unroute(h: number): void {
    this.routeOf[h] = -1;
    this.posOf[h] = -1;
  }

  isRouted(u: number): boolean {
    return this.routeOf[u]! >= 0;
  }

  /** Exports the current routes as an immutable Solution. */
  export(timeTolerance: number): Solution {
    const P = this.problem;
    const routes: SolutionRoute[] = [];
    let cost = 0;
    let distance = 0;
    let travel = 0;
    let duration = 0;
    let timeWarp = 0;
    const excess = new Float64Array(P.numDims);
    const routeCosts: number[] = [];
    for (const r of this.routes) {
      if (r.numClients === 0) continue;
      routeCosts.push(r.cost);
      const visits = new Int32Array(r.last - 1);
      for (let i = 1; i < r.last; i++) {
        const h = r.nodes[i]!;
        visits[i - 1] = h === r.breakHandle ? BREAK : h;
      }
      routes.push({ vehicle: r.idx, visits });
      cost += r.cost;
      distance += r.distance;
      travel += r.travel;
      duration += r.duration;
      timeWarp += r.timeWarp;
      for (let k = 0; k < P.numDims; k++) excess[k] = excess[k]! + r.excess[k]!;
    }
    let prizeLost = 0;
    let valueLost = 0;
    for (let u = P.numDepots; u < P.numNodes; u++)
      if (this.routeOf[u]! < 0) {
        prizeLost += P.prize[u]!;
        valueLost += P.value[u]!;
      }
    let feasible = timeWarp <= timeTolerance * Math.max(1, routes.length);
    for (let k = 0; k < P.numDims; k++) if (excess[k]! > 0) feasible = false;
    if (P.allRequired) {
      for (let u = P.numDepots; u < P.numNodes; u++) if (this.routeOf[u]! < 0) feasible = false;
    } else {
      for (let u = P.numDepots; u < P.numNodes; u++)
        if (P.required[u] && this.routeOf[u]! < 0) feasible = false;
    }
    return new Solution(
      routes,
      {
        cost,
        prizeLost,
        valueLost,
        distance,
        travel,
        duration,
        timeWarp,
        excess,
        feasible,
        routeCosts: Float64Array.from(routeCosts),
      },
      P.numNodes,
    );
  }
}

/**
 * Whether route r already holds the visits `sr` gives it (none when undefined: the break alone, or nothing),
 * BREAK being r's own break. Answers false where loading would normalise `sr` (a second BREAK, or none for a
 * vehicle with a break): the route is then rebuilt, which is always right.
 */
function holds(r: SearchRoute, sr: SolutionRoute | undefined): boolean {
  if (sr === undefined) return r.hasBreak ? r.last === 2 && r.nodes[1] === r.breakHandle : r.last === 1;
  const visits = sr.visits;
  if (r.last - 1 !== visits.length) return false;
  let breaks = 0;
  for (let i = 0; i < visits.length; i++) {
    const u = visits[i]!;
    const h = r.nodes[i + 1]!;
    if (u === BREAK) {
      if (!r.hasBreak || h !== r.breakHandle) return false;
      breaks++;
    } else if (h !== u) return false;
  }
  return breaks === (r.hasBreak ? 1 : 0);
}
