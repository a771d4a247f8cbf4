import type { CostEvaluator } from '../cost/costEvaluator.js';
import type { Problem } from '../model/problem.js';
import { scaledEntry, type Matrix } from '../model/matrix.js';
import { DurationSegment } from '../segments/duration.js';
import type { Handles } from './handles.js';
import type { Proposal } from './proposal.js';
import type { SearchRoute } from './route.js';

/**
 * Evaluates proposals in three passes of increasing cost, as PyVRP's CostEvaluator::deltaCost does:
 * (1) fixed, distance and travel costs, (2) load penalties, (3) duration cost and time-warp penalty. Every
 * pass only adds non-negative terms to a delta that starts at minus the current penalised costs, so as soon
 * as the running delta is >= 0 the move cannot improve and evaluation stops (unless `exact` is asked).
 */
export class Evaluator {
  private ceValue!: CostEvaluator;
  /**
   * Cost per second of service, under the route's vehicle type, added to every route's search cost (0: off).
   * The island sets it while the fleet is short of time (GeneticParams.serviceWeight): a plan that serves
   * its jobs on the types that serve them fastest leaves shift time for more jobs. Operators' bounds add its
   * exact change (`serviceMove`, `serviceShift`), so that they stay lower bounds.
   */
  serviceWeight = 0;
  private stamp = 0;
  private readonly seg = new DurationSegment();
  private readonly accDel: Float64Array;
  private readonly accPick: Float64Array;
  private readonly accLoad: Float64Array;
  /** Set by pass1: clients in the last evaluated proposal. */
  clients = 0;
  /** Set by pass1/pass3: raw distance, travel, duration, time warp of the last evaluated proposal. */
  distance = 0;
  travel = 0;
  duration = 0;
  timeWarp = 0;
  /** Set by pass2: load penalty of the last evaluated proposal. */
  loadPenaltyValue = 0;

  constructor(
    readonly problem: Problem,
    readonly handles: Handles,
    readonly selEarly: Float64Array,
    readonly selLate: Float64Array,
  ) {
    this.accDel = new Float64Array(problem.numDims);
    this.accPick = new Float64Array(problem.numDims);
    this.accLoad = new Float64Array(problem.numDims);
  }

  get ce(): CostEvaluator {
    return this.ceValue;
  }

  set ce(ce: CostEvaluator) {
    this.ceValue = ce;
    this.stamp++;
  }

  /**
   * The part of a route's penalised cost that is not fixed or edge cost: penalties plus duration cost. A
   * move's delta is at least (edge and fixed cost change) - slack(routes), which operators use as an O(1)
   * filter before building proposals.
   */
  slack(r: SearchRoute): number {
    if (r.slackStamp === this.stamp) return r.slackValue;
    let c = 0;
    if (r.numClients > 0) {
      c = this.ceValue.timeWarpPenalty * r.timeWarp + r.unitDurationCost * r.duration;
      const lp = this.ceValue.loadPenalty;
      for (let k = 0; k < r.excess.length; k++) c += lp[k]! * r.excess[k]!;
    }
    r.slackValue = c;
    r.slackStamp = this.stamp;
    return c;
  }

  /**
   * Load penalty of route r once its positions i..j leave (none when i > j) and positions a..b of route s
   * join (none when s is null): exact without pickups; 0 (a valid lower bound) with them.
   */
  loadPenaltyAfter(
    r: SearchRoute,
    i: number,
    j: number,
    s: SearchRoute | null,
    a: number,
    b: number,
  ): number {
    const P = this.problem;
    if (P.hasPickups) return 0;
    const K = P.numDims;
    const lp = this.ceValue.loadPenalty;
    const cap = P.capacity;
    let pen = 0;
    for (let k = 0; k < K; k++) {
      let total = r.pDel[r.last * K + k]!;
      if (j >= i) total -= r.pDel[j * K + k]! - r.pDel[(i - 1) * K + k]!;
      if (s !== null && b >= a) total += s.pDel[b * K + k]! - s.pDel[(a - 1) * K + k]!;
      const ex = total - cap[r.type * K + k]!;
      if (ex > 0) pen += lp[k]! * ex;
    }
    return pen;
  }

  /** Load penalty of route r with client h added (exact without pickups; 0, a lower bound, with them). */
  loadPenaltyWith(r: SearchRoute, h: number): number {
    const P = this.problem;
    if (P.hasPickups) return 0;
    const K = P.numDims;
    const lp = this.ceValue.loadPenalty;
    const cap = P.capacity;
    const del = P.delivery;
    let pen = 0;
    for (let k = 0; k < K; k++) {
      const ex = r.pDel[r.last * K + k]! + del[h * K + k]! - cap[r.type * K + k]!;
      if (ex > 0) pen += lp[k]! * ex;
    }
    return pen;
  }

  /** Travel time at index i of a duration matrix read with scale k (`ScaledEvaluator` applies k). */
  leg(dur: Matrix, i: number, k: number): number {
    void k;
    return dur[i]!;
  }

  /**
   * Edge cost a -> b (matrix nodes) for route r, on a problem whose edge costs are read as stored (every
   * Problem.edgeScale is 1; `ScaledEvaluator` reads the others). Two classes rather than a test of the scale
   * in this, the search's most frequent read: the test made islands on unscaled problems about 10 % slower.
   */
  edge(r: SearchRoute, a: number, b: number): number {
    return r.costMatrix[a * this.problem.numNodes + b]!;
  }

  /** Violation penalty of a route as it is now (load and time warp). */
  violation(r: SearchRoute): number {
    if (r.numClients === 0) return 0;
    let c = this.ceValue.timeWarpPenalty * r.timeWarp;
    const lp = this.ceValue.loadPenalty;
    for (let k = 0; k < r.excess.length; k++) c += lp[k]! * r.excess[k]!;
    return c;
  }

  /** Violation penalty of the proposal last passed through pass2 and pass3. */
  lastViolation(): number {
    return this.loadPenaltyValue + this.ceValue.timeWarpPenalty * this.timeWarp;
  }

  /** Penalised cost of a route as it is now. */
  routeCost(r: SearchRoute): number {
    if (r.numClients === 0) return 0;
    const c = r.fixedCost + r.unitDistanceCost * r.distance + r.unitTravelCost * r.travel + this.slack(r);
    return this.serviceWeight > 0 ? c + this.serviceWeight * r.serviceIn(1, r.last, r.serviceType) : c;
  }

  /**
   * Weighted change of service when positions i..j of route `from` are served by `to`'s vehicle type instead
   * of its own: 0 when service is not priced or both types serve alike.
   */
  serviceMove(from: SearchRoute, i: number, j: number, to: SearchRoute): number {
    const w = this.serviceWeight;
    if (w === 0 || from.serviceType === to.serviceType || j < i) return 0;
    return w * (from.serviceIn(i, j, to.serviceType) - from.serviceIn(i, j, from.serviceType));
  }

  /** Weighted service of client h on route r's vehicle type: what inserting h adds (0 unless priced). */
  serviceOfClient(h: number, r: SearchRoute): number {
    const w = this.serviceWeight;
    return w === 0 ? 0 : w * this.problem.service[r.serviceType * this.problem.numNodes + h]!;
  }

  /** Weighted change of client h's service when route `to`'s type serves it instead of route `from`'s. */
  serviceShift(h: number, from: SearchRoute, to: SearchRoute): number {
    const w = this.serviceWeight;
    if (w === 0 || from.serviceType === to.serviceType) return 0;
    const N = this.problem.numNodes;
    const svc = this.problem.service;
    return w * (svc[to.serviceType * N + h]! - svc[from.serviceType * N + h]!);
  }

  /** Service of a proposal's clients under its target's service type. */
  private serviceOf(p: Proposal): number {
    const T = p.target;
    const P = this.problem;
    const N = P.numNodes;
    const off = T.serviceType * N;
    let sum = 0;
    for (let q = 0; q < p.n; q++) {
      if (p.kind[q] === 1) {
        const h = p.a[q]!;
        if (h >= P.numDepots && h < N) sum += P.service[off + h]!;
        continue;
      }
      sum += p.src[q]!.serviceIn(p.a[q]!, p.b[q]!, T.serviceType);
    }
    return sum;
  }

  /**
   * Delta of replacing pU.target (and pV.target, when given and different) by the proposals, plus delta0
   * (prizes). Returns a value >= threshold (default 0) as soon as the delta cannot end below it, unless exact.
   */
  deltaCost(pU: Proposal, pV: Proposal | null, delta0: number, exact: boolean, threshold = 0): number {
    const rU = pU.target;
    let delta = delta0 - this.routeCost(rU);
    if (pV !== null && pV.target !== rU) delta -= this.routeCost(pV.target);
    delta += this.pass1(pU);
    const cU = this.clients;
    let cV = 0;
    if (pV !== null) {
      delta += this.pass1(pV);
      cV = this.clients;
    }
    if (!exact && delta >= threshold) return delta;
    this.loadPenaltyValue = 0;
    this.timeWarp = 0;
    if (cU > 0) delta += this.pass2(pU);
    if (pV !== null && cV > 0) delta += this.pass2(pV);
    if (!exact && delta >= threshold) return delta;
    if (cU > 0) delta += this.pass3(pU);
    if (pV !== null && cV > 0) delta += this.pass3(pV);
    return delta;
  }

  /**
   * The delta of a move whose other parts are known: `edges`, the change of fixed, distance and travel cost
   * (and of priced service, `serviceWeight`) minus the current routes' slack, and `load`, the load penalties
   * after the move (an operator's bound computes both on the way). Adds the new routes' duration cost and
   * time warp (pass3) only, so it equals deltaCost for a move that neither empties nor opens a route, on a
   * problem without pickups (where `loadPenaltyAfter` is exact). Returns a value >= 0 as soon as the delta
   * cannot end below 0.
   */
  deltaFromBound(pU: Proposal, pV: Proposal | null, edges: number, load: number): number {
    this.loadPenaltyValue = load;
    const delta = edges + load + this.pass3(pU);
    if (pV === null || delta >= 0) return delta;
    return delta + this.pass3(pV);
  }

  /** Full penalised cost of one proposal (0 if it serves no client). */
  proposalCost(p: Proposal): number {
    const c1 = this.pass1(p);
    if (this.clients === 0) return 0;
    return c1 + this.pass2(p) + this.pass3(p);
  }

  /** Penalised cost without load penalties (for SWAP*'s insertion and removal estimates). */
  proposalCostNoLoad(p: Proposal): number {
    const c1 = this.pass1(p);
    if (this.clients === 0) return 0;
    return c1 + this.pass3(p);
  }

  /**
   * Fixed + distance + travel cost; sets `clients`, `distance`, `travel`. Distances (travel times) are summed
   * only when some vehicle pays for them (`Problem.distanceCosts`, `travelCosts`), else they stay 0: each sum
   * reads one more matrix, and matrix reads are what the search waits for.
   */
  pass1(p: Proposal): number {
    const T = p.target;
    const P = this.problem;
    const N = P.numNodes;
    const wd = P.distanceCosts;
    const wt = P.travelCosts;
    const dist = P.distances[T.profile]!;
    const dur = P.durations[T.profile]!;
    const kt = T.travelScale;
    const brkEnd = N + this.handles.numVehicles;
    let lastLoc = -1;
    let dsum = 0;
    let tsum = 0;
    let clients = 0;
    for (let q = 0; q < p.n; q++) {
      if (p.kind[q] === 1) {
        const h = p.a[q]!;
        if (h >= N && h < brkEnd) continue;
        if (lastLoc >= 0) {
          if (wd) dsum += dist[lastLoc * N + h]!;
          if (wt) tsum += this.leg(dur, lastLoc * N + h, kt);
        }
        lastLoc = h;
        clients++;
        continue;
      }
      const S = p.src[q]!;
      let i = p.a[q]!;
      const j = p.b[q]!;
      if (i === S.breakPos) {
        i++;
        if (i > j) continue;
      }
      const first = S.loc[i]!;
      if (lastLoc >= 0) {
        if (wd) dsum += dist[lastLoc * N + first]!;
        if (wt) tsum += this.leg(dur, lastLoc * N + first, kt);
      }
      if (S.profile === T.profile) {
        dsum += S.cumDist[j]! - S.cumDist[i]!;
        tsum += S.cumTravel[j]! - S.cumTravel[i]!;
      } else if (S.cumTravelBy.length > 0) {
        S.inProfile(T.profile);
        if (wd) dsum += S.cumDistBy[T.profile]![j]! - S.cumDistBy[T.profile]![i]!;
        if (wt) tsum += S.cumTravelBy[T.profile]![j]! - S.cumTravelBy[T.profile]![i]!;
      } else {
        let prev = first;
        const bp = S.breakPos;
        for (let k = i + 1; k <= j; k++) {
          if (k === bp) continue;
          const l = S.loc[k]!;
          if (wd) dsum += dist[prev * N + l]!;
          if (wt) tsum += this.leg(dur, prev * N + l, kt);
          prev = l;
        }
      }
      lastLoc = S.loc[j]!;
      let c = j - i + 1;
      if (i === 0) c--;
      if (j === S.last) c--;
      if (S.breakPos > i && S.breakPos <= j) c--;
      clients += c;
    }
    this.clients = clients;
    this.distance = dsum;
    this.travel = tsum;
    if (clients === 0) return 0;
    const sv = this.serviceWeight > 0 ? this.serviceWeight * this.serviceOf(p) : 0;
    return T.fixedCost + T.unitDistanceCost * dsum + T.unitTravelCost * tsum + sv;
  }

  /** Load penalty of a proposal. */
  pass2(p: Proposal): number {
    const P = this.problem;
    const K = P.numDims;
    this.loadPenaltyValue = 0;
    if (K === 0) return 0;
    const T = p.target;
    const cap = P.capacity;
    const lp = this.ce.loadPenalty;
    const del = P.delivery;
    const H = this.handles;
    let pen = 0;
    if (!P.hasPickups) {
      for (let k = 0; k < K; k++) {
        let total = 0;
        for (let q = 0; q < p.n; q++) {
          if (p.kind[q] === 1) {
            const h = p.a[q]!;
            if (!H.isBreak(h)) total += del[h * K + k]!;
          } else {
            const S = p.src[q]!;
            const i = p.a[q]!;
            const j = p.b[q]!;
            total += S.pDel[j * K + k]! - (i > 0 ? S.pDel[(i - 1) * K + k]! : 0);
          }
        }
        const ex = total - cap[T.type * K + k]!;
        if (ex > 0) pen += lp[k]! * ex;
      }
      this.loadPenaltyValue = pen;
      return pen;
    }
    const aD = this.accDel;
    const aP = this.accPick;
    const aL = this.accLoad;
    aD.fill(0);
    aP.fill(0);
    aL.fill(0);
    const pick = P.pickup;
    for (let q = 0; q < p.n; q++) {
      if (p.kind[q] === 1) {
        const h = p.a[q]!;
        if (H.isBreak(h)) continue;
        for (let k = 0; k < K; k++) mergeInto(aD, aP, aL, k, del[h * K + k]!, pick[h * K + k]!);
        continue;
      }
      const S = p.src[q]!;
      const i = p.a[q]!;
      const j = p.b[q]!;
      if (i <= 1) {
        for (let k = 0; k < K; k++) {
          const o = j * K + k;
          const dB = S.pDel[o]!;
          const pB = S.pPick[o]!;
          const lB = S.pLoad[o]!;
          aL[k] = Math.max(aL[k]! + dB, lB + aP[k]!);
          aD[k] = aD[k]! + dB;
          aP[k] = aP[k]! + pB;
        }
      } else if (j >= S.last - 1) {
        for (let k = 0; k < K; k++) {
          const o = i * K + k;
          const dB = S.sDel[o]!;
          const pB = S.sPick[o]!;
          const lB = S.sLoad[o]!;
          aL[k] = Math.max(aL[k]! + dB, lB + aP[k]!);
          aD[k] = aD[k]! + dB;
          aP[k] = aP[k]! + pB;
        }
      } else {
        for (let x = i; x <= j; x++) {
          const h = S.nodes[x]!;
          if (h >= P.numNodes) continue;
          for (let k = 0; k < K; k++) mergeInto(aD, aP, aL, k, del[h * K + k]!, pick[h * K + k]!);
        }
      }
    }
    for (let k = 0; k < K; k++) {
      const ex = aL[k]! - cap[T.type * K + k]!;
      if (ex > 0) pen += lp[k]! * ex;
    }
    this.loadPenaltyValue = pen;
    return pen;
  }

  /**
   * Duration cost and time-warp penalty; sets `duration` and `timeWarp`. The break is held until what follows it
   * is known: with breaks on the way (Problem.breaksOnTheWay) the leg after it opens its window earlier by the
   * leg's travel time.
   */
  pass3(p: Proposal): number {
    const T = p.target;
    const P = this.problem;
    const N = P.numNodes;
    const dur = P.durations[T.profile]!;
    const kt = T.travelScale;
    const svcOff = T.serviceType * N;
    const svc = P.service;
    const H = this.handles;
    const selE = this.selEarly;
    const selL = this.selLate;
    const tbh = T.breakHandle;
    const seg = this.seg;
    this.breakDur = T.hasBreak ? P.breakDuration[T.type]! : 0;
    this.onTheWay = P.breaksOnTheWay;
    this.started = false;
    this.pending = false;
    let lastLoc = -1;
    for (let q = 0; q < p.n; q++) {
      if (p.kind[q] === 1) {
        const h = p.a[q]!;
        if (H.isBreak(h)) {
          this.holdBreak(p.hasWin[q] ? p.we[q]! : selE[tbh]!, p.hasWin[q] ? p.wl[q]! : selL[tbh]!);
          continue;
        }
        const travel = lastLoc >= 0 ? this.leg(dur, lastLoc * N + h, kt) : 0;
        lastLoc = h;
        this.add(
          travel,
          svc[svcOff + h]!,
          0,
          p.hasWin[q] ? p.we[q]! : selE[h]!,
          p.hasWin[q] ? p.wl[q]! : selL[h]!,
        );
        continue;
      }
      const S = p.src[q]!;
      let i = p.a[q]!;
      const j = p.b[q]!;
      if (i === S.breakPos) {
        this.holdBreak(selE[tbh]!, selL[tbh]!);
        i++;
        if (i > j) continue;
      }
      const first = S.loc[i]!;
      const travel = lastLoc >= 0 ? this.leg(dur, lastLoc * N + first, kt) : 0;
      const same = S.cls === T.cls && (S === T || !(S.breakPos > i && S.breakPos <= j));
      if (same && i === 0 && S === T) {
        // A prefix that ends with the break stops before it: the stored window assumed the route's next stop.
        const end = j === S.breakPos ? j - 1 : j;
        seg.set(S.pD[end]!, S.pTW[end]!, S.pE[end]!, S.pL[end]!);
        this.started = true;
        if (end !== j) this.holdBreak(selE[tbh]!, selL[tbh]!);
      } else if (same && j === S.last && S === T) {
        this.add(travel, S.sD[i]!, S.sTW[i]!, S.sE[i]!, S.sL[i]!);
      } else if (same && j === S.last - 1 && (S.breakPos !== j || !P.breaksOnTheWay)) {
        // A tail that ends with the break is taken node by node when breaks are on the way: its stored window
        // assumed the leg to the route's end depot after the break, and something else follows it here.
        this.add(travel, S.tD[i]!, S.tTW[i]!, S.tE[i]!, S.tL[i]!);
      } else if (
        j === S.last - 1 &&
        S !== T &&
        i >= 1 &&
        (S.breakPos < i || (S.breakPos < j && T.hasBreak))
      ) {
        // Another class's tail, or one holding the break, moving to T: its tail as T would drive it.
        const x = S.tailFor(T, i, selE, selL);
        this.add(travel, x.D[i]!, x.TW[i]!, x.E[i]!, x.L[i]!);
      } else {
        // Node by node, with the target's profile, service times and break.
        let prev = lastLoc;
        const bp = S.breakPos;
        for (let k = i; k <= j; k++) {
          if (k === bp) {
            this.holdBreak(selE[tbh]!, selL[tbh]!);
            continue;
          }
          let s = 0;
          let e: number;
          let l: number;
          let t = 0;
          if (k === 0) {
            // Only the target's own start depot can be here.
            e = T.twEarly;
            l = T.twLate;
            prev = T.startDepot;
          } else if (k === S.last) {
            const to = T.endDepot;
            if (prev >= 0) t = this.leg(dur, prev * N + to, kt);
            e = T.twEarly;
            l = T.twLate;
            prev = to;
          } else {
            const h = S.nodes[k]!;
            if (prev >= 0) t = this.leg(dur, prev * N + h, kt);
            s = svc[svcOff + h]!;
            e = selE[h]!;
            l = selL[h]!;
            prev = h;
          }
          this.add(t, s, 0, e, l);
        }
      }
      lastLoc = S.loc[j]!;
    }
    if (this.pending) this.flushBreak(0);
    this.duration = seg.duration;
    const tw = seg.timeWarp + Math.max(seg.duration - T.maxDuration, 0);
    this.timeWarp = tw;
    return this.ce.timeWarpPenalty * tw + T.unitDurationCost * seg.duration;
  }

  /** pass3's state: whether the segment has begun, and the break held until what follows it is known. */
  private started = false;
  private pending = false;
  private pendE = 0;
  private pendL = 0;
  private breakDur = 0;
  private onTheWay = false;

  private holdBreak(e: number, l: number): void {
    this.pending = true;
    this.pendE = e;
    this.pendL = l;
  }

  /** Appends the held break, followed by a leg of `travel`. */
  private flushBreak(travel: number): void {
    this.pending = false;
    const e = this.pendE - (this.onTheWay ? travel : 0);
    if (this.started) this.seg.append(0, this.breakDur, 0, e, this.pendL);
    else {
      this.seg.set(this.breakDur, 0, e, this.pendL);
      this.started = true;
    }
  }

  /** Appends (d, tw, e, l) after a leg of `travel`, the held break first. */
  private add(travel: number, d: number, tw: number, e: number, l: number): void {
    if (this.pending) this.flushBreak(travel);
    if (this.started) this.seg.append(travel, d, tw, e, l);
    else {
      this.seg.set(d, tw, e, l);
      this.started = true;
    }
  }
}

function mergeInto(
  aD: Float64Array,
  aP: Float64Array,
  aL: Float64Array,
  k: number,
  d: number,
  p: number,
): void {
  aL[k] = Math.max(aL[k]! + d, Math.max(d, p) + aP[k]!);
  aD[k] = aD[k]! + d;
  aP[k] = aP[k]! + p;
}

/** An Evaluator whose edge costs are read through each route's scale (`Problem.edgeScale`). */
export class ScaledEvaluator extends Evaluator {
  override leg(dur: Matrix, i: number, k: number): number {
    return scaledEntry(dur[i]!, k);
  }

  override edge(r: SearchRoute, a: number, b: number): number {
    return scaledEntry(r.costMatrix[a * this.problem.numNodes + b]!, r.costScale);
  }
}
