import type { CostEvaluator } from '../cost/costEvaluator.js';
import type { Rng } from '../rng.js';
import type { LocalSearch } from '../search/localSearch.js';
import { Proposal } from '../search/proposal.js';
import type { SearchRoute } from '../search/route.js';

export interface EjectionPoolParams {
  /** Clients ejected at most by one insertion (Nagata and Braysy's k_max). */
  readonly maxEjected: number;
  /** Ejected clients lie within this many positions of the insertion point, either side. */
  readonly reach: number;
  /** Pool steps (one client taken from the pool each) before giving up. */
  readonly steps: number;
  /** Clients removed and put back by each perturbation. */
  readonly perturbClients: number;
  /** Whether the perturbation puts each client back at a random feasible position (else the cheapest). */
  readonly randomPerturb: boolean;
  /**
   * Whether candidates that the stored suffix's latest start or the route's capacity already rule out are
   * skipped before they are priced (`lateAfter`, `overloaded`): the same plans, in less time. Off only in the
   * test that checks exactly that.
   */
  readonly prune: boolean;
}

export const DEFAULT_EJECTION_POOL: EjectionPoolParams = {
  maxEjected: 4,
  reach: 5,
  steps: 500,
  perturbClients: 6,
  randomPerturb: false,
  prune: true,
};

/**
 * Tries to serve `target` (unrouted) on top of every client the loaded plan serves, keeping the plan feasible
 * at every step: the ejection pool of Nagata and Braysy's route minimisation (2009), on a fixed fleet. The
 * pool starts with the target. Each step takes the last client of the pool and puts it in where it fits
 * without any violation, at least travel; when it fits nowhere, its counter goes up and it goes in at the
 * position that ejects the clients of least total counter (at most `maxEjected`, within `reach` positions of
 * it, in one route whose vehicle may serve it), which join the pool; then a perturbation removes a few
 * clients near a random one and puts them back at a random feasible place each (or into the pool). Clients
 * that keep failing get high counters, so the ones ejected in their stead are the easy ones.
 *
 * Why: on a nearly full fleet the last left-out client often has a late window that only the late ends of a
 * few full routes reach. Making room there takes several moves of other clients into other routes, each of
 * them adding travel; a search that prices travel (even with the client's prize) does not take the first of
 * them, while this pool never looks at travel until the client is in.
 *
 * `allowed(u, v)` says whether vehicle v may serve client u at all (capacity, reach). Returns true with the
 * state feasible and serving the target and every client it served before; false leaves the state in some
 * feasible state that may serve fewer clients (the caller reloads). `ce` must price every violation (a
 * booster), since a candidate is feasible when its violation is 0. Deterministic given `rng`.
 */
export function ejectionPool(
  ls: LocalSearch,
  target: number,
  ce: CostEvaluator,
  rng: Rng,
  params: EjectionPoolParams,
  allowed: (u: number, v: number) => boolean,
  nb: Int32Array,
  stop?: () => boolean,
): boolean {
  if (ls.state.isRouted(target)) return false;
  const pool = new EjectionPool(ls, ce, rng, params, allowed, nb);
  return pool.run(target, stop);
}

class EjectionPool {
  private readonly prop = new Proposal();
  private readonly best = new Proposal();
  private readonly counter: Int32Array;
  private readonly pool: number[] = [];
  private readonly ejected: number[] = [];
  private bestEjected: number[] = [];
  private bestCounter = 0;
  private bestDelta = 0;
  /** The earliest time the driver can leave the client insertEjecting is placing (its window's opening plus service). */
  private leave = 0;
  private readonly tol: number;

  constructor(
    private readonly ls: LocalSearch,
    private readonly ce: CostEvaluator,
    private readonly rng: Rng,
    private readonly params: EjectionPoolParams,
    private readonly allowed: (u: number, v: number) => boolean,
    private readonly nb: Int32Array,
  ) {
    this.counter = new Int32Array(ls.problem.numNodes).fill(1);
    this.tol = ls.problem.timeTolerance;
  }

  run(target: number, stop?: () => boolean): boolean {
    this.ls.ev.ce = this.ce;
    this.pool.push(target);
    for (let step = 0; step < this.params.steps; step++) {
      if (this.pool.length === 0) return true;
      if (stop?.()) return false;
      const u = this.pool.pop()!;
      if (this.insertFeasibly(u, false)) continue;
      this.counter[u]!++;
      if (!this.insertEjecting(u)) this.pool.unshift(u);
      this.perturb();
    }
    return this.pool.length === 0;
  }

  /**
   * Penalised cost of proposal p, or Infinity when it violates a constraint. Most candidates do, so the
   * checks come first (load, then timing) and the edge costs only for the feasible ones.
   */
  private costIfFeasible(p: Proposal): number {
    const ev = this.ls.ev;
    const c2 = ev.pass2(p);
    if (ev.loadPenaltyValue > 0) return Infinity;
    const c3 = ev.pass3(p);
    if (ev.timeWarp > this.tol) return Infinity;
    const c1 = ev.pass1(p);
    return ev.clients === 0 ? 0 : c1 + c2 + c3;
  }

  /**
   * Puts unrouted u in where it adds no violation: the least travel (penalised cost) or, with `random`, a
   * random one of the feasible positions. Returns whether it did.
   */
  private insertFeasibly(u: number, random: boolean): boolean {
    const P = this.ls.problem;
    const ev = this.ls.ev;
    let found = false;
    let bestDelta = Infinity;
    let seen = 0;
    const o = P.winOffset[u]!;
    const nw = P.winOffset[u + 1]! - o;
    for (const r of this.ls.state.routes) {
      if (!this.allowed(u, r.idx)) continue;
      const base = ev.routeCost(r);
      const service = P.service[r.serviceType * P.numNodes + u]!;
      for (let pos = 0; pos < r.last; pos++) {
        for (let w = o; w < o + nw; w++) {
          if (this.lateAfter(r, pos + 1, P.winEarly[w]! + service)) continue;
          this.prop.begin(r).range(r, 0, pos);
          if (nw > 1) this.prop.nodeWin(u, P.winEarly[w]!, P.winLate[w]!);
          else this.prop.node(u);
          this.prop.range(r, pos + 1, r.last);
          const d = this.costIfFeasible(this.prop) - base;
          if (d === Infinity) continue;
          seen++;
          // Random: reservoir sampling over the feasible positions.
          if (random ? this.rng.rand() * seen < 1 : d < bestDelta) {
            bestDelta = d;
            this.best.copyFrom(this.prop);
            found = true;
          }
        }
      }
    }
    if (!found) return false;
    this.apply(this.best);
    return true;
  }

  /**
   * Puts unrouted u in, ejecting at most `maxEjected` clients of the same route within `reach` positions, the
   * least total counter first, then the least penalised cost; the ejected clients join the pool.
   */
  private insertEjecting(u: number): boolean {
    const P = this.ls.problem;
    const ev = this.ls.ev;
    this.bestCounter = Infinity;
    this.bestDelta = Infinity;
    this.bestEjected = [];
    const o = P.winOffset[u]!;
    const nw = P.winOffset[u + 1]! - o;
    // By size: every counter is at least 1, so once a set of some size is found, larger ones rarely tie it
    // and are cut at their first clients.
    for (let size = 1; size <= this.params.maxEjected && size <= this.bestCounter; size++)
      for (const r of this.ls.state.routes) {
        if (r.numClients === 0 || !this.allowed(u, r.idx)) continue;
        const base = ev.routeCost(r);
        const service = P.service[r.serviceType * P.numNodes + u]!;
        for (let pos = 0; pos < r.last; pos++) {
          const lo = Math.max(1, pos - this.params.reach + 1);
          const hi = Math.min(r.last - 1, pos + this.params.reach);
          for (let w = o; w < o + nw; w++) {
            this.leave = P.winEarly[w]! + service;
            if (this.lateAfter(r, hi + 1, this.leave)) continue;
            this.ejectFrom(r, u, pos, lo, hi, size, 0, nw > 1 ? w : -1, base);
          }
        }
      }
    if (this.bestCounter === Infinity) return false;
    const ejected = this.bestEjected;
    this.apply(this.best);
    for (const e of ejected) {
      this.ls.state.unroute(e);
      this.pool.push(e);
    }
    return true;
  }

  /**
   * Whether every proposal that leaves route r's visits from position `at` on as they are, and serves some
   * client before them that the driver leaves at `leave` at the earliest (its window's opening plus its
   * service), is late by more than the tolerance: the stored suffix from `at` (no time warp in a feasible
   * plan) must start by its latest start, and the visits and travel in between only make the driver later
   * (a break on the way too). Sound, so the pool finds the same sets, only without pricing these. Not
   * decided when `at` is the break: its travel out starts where the driver is, which an ejection changes.
   */
  private lateAfter(r: SearchRoute, at: number, leave: number): boolean {
    if (!this.params.prune || at === r.breakPos || r.sTW[at]! > 0) return false;
    return leave - r.sL[at]! > this.tol;
  }

  /**
   * Enumerates the sets of `left` more positions from `from` to `hi` (ascending), evaluating each complete
   * one whose counters do not exceed the best set's.
   */
  private ejectFrom(
    r: SearchRoute,
    u: number,
    pos: number,
    from: number,
    hi: number,
    left: number,
    sum: number,
    w: number,
    base: number,
  ): void {
    if (left === 0) {
      this.evaluate(r, u, pos, w, sum, base);
      return;
    }
    const N = this.ls.problem.numNodes;
    for (let i = from; i <= hi; i++) {
      // Inserting after an ejected position is the same as after the one before it.
      if (i === pos || i === r.breakPos) continue;
      const c = r.nodes[i]!;
      if (c >= N) continue;
      const s = sum + this.counter[c]!;
      if (s > this.bestCounter) continue;
      this.ejected.push(i);
      this.ejectFrom(r, u, pos, i + 1, hi, left - 1, s, w, base);
      this.ejected.pop();
    }
  }

  /** Evaluates route r with u after position pos and the positions in `ejected` left out. */
  private evaluate(r: SearchRoute, u: number, pos: number, w: number, sum: number, base: number): void {
    if (this.overloaded(r, u)) return;
    // The visits after u and after the last ejected position keep their stored suffix.
    const lastOut = this.ejected.length > 0 ? this.ejected[this.ejected.length - 1]! : -1;
    if (this.lateAfter(r, Math.max(pos, lastOut) + 1, this.leave)) return;
    const p = this.prop.begin(r);
    let start = 0;
    let placed = false;
    for (const e of this.ejected) {
      if (!placed && pos < e) {
        p.range(r, start, pos);
        this.addNode(u, w);
        start = pos + 1;
        placed = true;
      }
      p.range(r, start, e - 1);
      start = e + 1;
    }
    if (!placed) {
      p.range(r, start, pos);
      this.addNode(u, w);
      start = pos + 1;
    }
    p.range(r, start, r.last);
    const d = this.costIfFeasible(p) - base;
    if (d === Infinity) return;
    if (sum < this.bestCounter || (sum === this.bestCounter && d < this.bestDelta)) {
      this.bestCounter = sum;
      this.bestDelta = d;
      this.best.copyFrom(p);
      this.bestEjected = this.ejected.map((i) => r.nodes[i]!);
    }
  }

  /**
   * Whether route r with u in and the positions in `ejected` out carries more than its capacity in some
   * dimension: without pickups the load is the sum of the deliveries, which is what the evaluator's load
   * penalty prices, so this only skips proposals that would be refused anyway (none with pickups).
   */
  private overloaded(r: SearchRoute, u: number): boolean {
    const P = this.ls.problem;
    if (!this.params.prune || P.hasPickups) return false;
    const K = P.numDims;
    for (let k = 0; k < K; k++) {
      let total = r.pDel[r.last * K + k]! + P.delivery[u * K + k]!;
      for (const e of this.ejected) total -= P.delivery[r.nodes[e]! * K + k]!;
      // A margin for sums taken in another order than the evaluator's (fractional loads).
      const cap = P.capacity[r.type * K + k]!;
      if (total > cap + 1e-9 * Math.max(1, cap)) return true;
    }
    return false;
  }

  private addNode(u: number, w: number): void {
    const P = this.ls.problem;
    if (w < 0) this.prop.node(u);
    else this.prop.nodeWin(u, P.winEarly[w]!, P.winLate[w]!);
  }

  /**
   * Removes a random routed client and its routed neighbours (up to `perturbClients` in all, each only when
   * its route stays feasible without it) and puts each back at a random feasible position, or into the pool.
   */
  private perturb(): void {
    const P = this.ls.problem;
    const st = this.ls.state;
    const D = P.numDepots;
    const C = P.numClients;
    let seed = -1;
    for (let tries = 0; tries < 20 && seed < 0; tries++) {
      const c = D + Math.floor(this.rng.rand() * C);
      if (st.isRouted(c)) seed = c;
    }
    if (seed < 0) return;
    const K = this.nb.length / C;
    const removed: number[] = [];
    const candidates = [seed];
    for (let q = 0; q < K; q++) candidates.push(this.nb[(seed - D) * K + q]!);
    for (const c of candidates) {
      if (removed.length >= this.params.perturbClients) break;
      if (!st.isRouted(c)) continue;
      const r = st.routes[st.routeOf[c]!]!;
      const i = st.posOf[c]!;
      this.prop
        .begin(r)
        .range(r, 0, i - 1)
        .range(r, i + 1, r.last);
      if (this.costIfFeasible(this.prop) === Infinity) continue;
      this.apply(this.prop);
      st.unroute(c);
      removed.push(c);
    }
    this.rng.shuffle(removed);
    for (const c of removed) if (!this.insertFeasibly(c, this.params.randomPerturb)) this.pool.push(c);
  }

  private apply(p: Proposal): void {
    const r = p.target.idx;
    this.ls.state.apply(p, null);
    this.ls.markUpdated(r, r);
  }
}
