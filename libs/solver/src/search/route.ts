import type { Problem } from '../model/problem.js';
import { scaledEntry, type Matrix } from '../model/matrix.js';
import type { Handles } from './handles.js';
import { prepend } from '../segments/prepend.js';
import { fillTargetTail, TargetTail } from './targetTail.js';

/**
 * One vehicle's route in the mutable search representation. Positions 0 .. last: 0 is the start depot,
 * `last` the end depot, and in between clients and (for vehicles with a break) one break pseudo-node.
 *
 * Per position it caches what moves need in O(1): cumulative distance and travel time, prefix segments
 * (start .. i), suffix segments (i .. end) and tail segments (i .. last-1, the suffix without the end depot,
 * for tails that move to another route), for durations and loads. `update()` rebuilds them in O(length).
 *
 * The break sits where the driver is: it has no location of its own, so `loc[i]` of the break is the
 * location of the node before it, travel into it is 0, and travel out of it starts from that location. With
 * breaks on the way (Problem.breaksOnTheWay) its window opens earlier by the travel of the leg out of it.
 */
export class SearchRoute {
  readonly type: number;
  readonly cls: number;
  readonly profile: number;
  readonly serviceType: number;
  readonly startDepot: number;
  readonly endDepot: number;
  readonly hasBreak: boolean;
  readonly twEarly: number;
  readonly twLate: number;
  readonly maxDuration: number;
  readonly fixedCost: number;
  readonly unitDistanceCost: number;
  readonly unitTravelCost: number;
  readonly unitDurationCost: number;
  readonly breakHandle: number;
  readonly startHandle: number;
  readonly endHandle: number;
  /** Edge cost matrix of this vehicle (shared with same-cost vehicles), read through costScale (scaledEntry). */
  readonly costMatrix: Matrix;
  readonly costScale: number;
  /** Problem.edgeCostKey: equal for vehicles whose edge costs are equal. */
  readonly costKey: number;
  /** The scale this vehicle's profile reads Problem.durations with. */
  readonly travelScale: number;
  /** Cached Evaluator.slack and the evaluator stamp it was computed under. */
  slackValue = 0;
  slackStamp = -1;

  /** Index of the end depot position (= number of visits + 1). */
  last = 1;
  numClients = 0;
  breakPos = -1;
  cap = 0;

  nodes!: Int32Array;
  loc!: Int32Array;
  cumDist!: Float64Array;
  cumTravel!: Float64Array;
  /**
   * Service prefix sums under every service type: cumSvc[st * cap + i] is the service of the clients at
   * positions 1..i as a vehicle of service type st would serve them (`serviceIn`; breaks and depots add 0).
   */
  private cumSvc!: Float64Array;
  /** Cumulative lower-bound edge cost (Problem.minEdgeCost) along the route. */
  cumLb!: Float64Array;
  /**
   * With several profiles: cumulative distance and travel time along the route in every profile, so that a
   * range moved to a vehicle of another profile costs O(1) to price (Evaluator.pass1). Empty with one profile.
   */
  cumDistBy: Float64Array[] = [];
  cumTravelBy: Float64Array[] = [];
  /** Per profile: the `version` its cumDistBy / cumTravelBy were filled at (see `inProfile`). */
  private byVersion = new Int32Array(0);
  /** Incremented by every update(). */
  private versionValue = 0;
  /** Per target vehicle: this route's tail as that vehicle would drive it (see `tailFor`). */
  private readonly tailsBy: (TargetTail | undefined)[] = [];
  pD!: Float64Array;
  pTW!: Float64Array;
  pE!: Float64Array;
  pL!: Float64Array;
  sD!: Float64Array;
  sTW!: Float64Array;
  sE!: Float64Array;
  sL!: Float64Array;
  tD!: Float64Array;
  tTW!: Float64Array;
  tE!: Float64Array;
  tL!: Float64Array;
  /** Load prefix/suffix per position and dimension: [i * K + k]. pDel is the cumulative delivery. */
  pDel!: Float64Array;
  pPick!: Float64Array;
  pLoad!: Float64Array;
  sDel!: Float64Array;
  sPick!: Float64Array;
  sLoad!: Float64Array;

  // Statistics of the whole route (0 when empty).
  distance = 0;
  travel = 0;
  duration = 0;
  timeWarp = 0;
  readonly excess: Float64Array;
  /** Objective part: fixed + distance + travel + duration costs. */
  cost = 0;

  constructor(
    readonly problem: Problem,
    readonly handles: Handles,
    /** Vehicle index. */
    readonly idx: number,
  ) {
    const t = problem.vehicleType[idx]!;
    const vt = problem.vehicleTypes[t]!;
    this.type = t;
    this.cls = problem.typeClass[t]!;
    this.profile = vt.profile;
    this.serviceType = vt.serviceType;
    this.startDepot = vt.startDepot;
    this.endDepot = vt.endDepot;
    this.hasBreak = problem.typeHasBreak(t);
    this.twEarly = vt.twEarly;
    this.twLate = vt.twLate;
    this.maxDuration = vt.maxDuration;
    this.fixedCost = vt.fixedCost;
    this.unitDistanceCost = vt.unitDistanceCost;
    this.unitTravelCost = vt.unitTravelCost;
    this.unitDurationCost = vt.unitDurationCost;
    this.breakHandle = handles.breakOf(idx);
    this.startHandle = handles.startOf(idx);
    this.endHandle = handles.endOf(idx);
    this.excess = new Float64Array(problem.numDims);
    this.costMatrix = problem.edgeCost[t]!;
    this.costScale = problem.edgeScale[t]!;
    this.costKey = problem.edgeCostKey[t]!;
    this.travelScale = problem.travelScale[vt.profile]!;
    this.alloc(8);
    this.nodes[0] = this.startHandle;
    this.nodes[1] = this.endHandle;
    this.last = 1;
  }

  /** Service of the clients at positions i..j (0 when j < i) under service type st. */
  serviceIn(i: number, j: number, st: number): number {
    if (j < i) return 0;
    const o = st * this.cap;
    return this.cumSvc[o + j]! - (i > 0 ? this.cumSvc[o + i - 1]! : 0);
  }

  /** Extends the service prefix sums to position i, where client h is served (-1: a break or the end). */
  private serviceSums(i: number, h: number): void {
    const P = this.problem;
    const N = P.numNodes;
    const cs = this.cumSvc;
    for (let st = 0; st < P.numServiceTypes; st++) {
      const o = st * this.cap + i;
      cs[o] = cs[o - 1]! + (h >= 0 ? P.service[st * N + h]! : 0);
    }
  }

  private alloc(cap: number): void {
    const K = this.problem.numDims;
    const old = this.nodes;
    this.cap = cap;
    this.nodes = new Int32Array(cap);
    if (old) this.nodes.set(old.subarray(0, Math.min(old.length, cap)));
    this.loc = new Int32Array(cap);
    this.cumDist = new Float64Array(cap);
    this.cumTravel = new Float64Array(cap);
    this.cumSvc = new Float64Array(cap * Math.max(this.problem.numServiceTypes, 1));
    this.cumLb = new Float64Array(cap);
    const profiles = this.problem.durations.length;
    if (profiles > 1) {
      this.cumDistBy = Array.from({ length: profiles }, () => new Float64Array(cap));
      this.cumTravelBy = Array.from({ length: profiles }, () => new Float64Array(cap));
      this.byVersion = new Int32Array(profiles).fill(-1);
    }
    this.pD = new Float64Array(cap);
    this.pTW = new Float64Array(cap);
    this.pE = new Float64Array(cap);
    this.pL = new Float64Array(cap);
    this.sD = new Float64Array(cap);
    this.sTW = new Float64Array(cap);
    this.sE = new Float64Array(cap);
    this.sL = new Float64Array(cap);
    this.tD = new Float64Array(cap);
    this.tTW = new Float64Array(cap);
    this.tE = new Float64Array(cap);
    this.tL = new Float64Array(cap);
    this.pDel = new Float64Array(cap * K);
    this.pPick = new Float64Array(cap * K);
    this.pLoad = new Float64Array(cap * K);
    this.sDel = new Float64Array(cap * K);
    this.sPick = new Float64Array(cap * K);
    this.sLoad = new Float64Array(cap * K);
  }

  /** Incremented by every update(): what was cached from the route's arrays is stale once it changes. */
  get version(): number {
    return this.versionValue;
  }

  /**
   * This route's tail segments (positions i .. last-1) as the vehicle of route T would drive them, for
   * Evaluator.pass3 to price a tail that moves to T in O(1) when T's class or break differs. Filled backwards
   * down to the longest tail asked for, once per version of both routes (search/targetTail.ts). Not for a route whose
   * break is its last visit (the leg after that break depends on what follows the tail).
   */
  tailFor(T: SearchRoute, i: number, selEarly: Float64Array, selLate: Float64Array): TargetTail {
    let x = this.tailsBy[T.idx];
    if (x === undefined || x.D.length < this.cap) {
      x = new TargetTail(this.cap);
      this.tailsBy[T.idx] = x;
    }
    if (x.version !== this.versionValue || x.targetVersion !== T.version) {
      x.version = this.versionValue;
      x.targetVersion = T.version;
      x.from = Infinity;
    }
    if (i < x.from) fillTargetTail(this, T, selEarly, selLate, x, i);
    return x;
  }

  /** Number of visits (clients and break). */
  get size(): number {
    return this.last - 1;
  }

  isEmpty(): boolean {
    return this.numClients === 0;
  }

  /**
   * The first position after pos with a place of its own: pos + 1, or pos + 2 when the break is at pos + 1
   * (its loc repeats the stop before it, so an edge out of pos leads to the stop after the break).
   */
  stopAfter(pos: number): number {
    return this.breakPos === pos + 1 ? pos + 2 : pos + 1;
  }

  /** Removes every visit (and the break). */
  clear(): void {
    this.nodes[1] = this.endHandle;
    this.last = 1;
  }

  /** Inserts handle h at position pos (1 .. last); positions after shift by one. Call update() after. */
  insert(pos: number, h: number): void {
    if (this.last + 2 > this.cap) this.alloc(this.cap * 2);
    this.nodes.copyWithin(pos + 1, pos, this.last + 1);
    this.nodes[pos] = h;
    this.last++;
  }

  /** Removes the visit at position pos (1 .. last-1). Call update() after. */
  remove(pos: number): void {
    this.nodes.copyWithin(pos, pos + 1, this.last + 1);
    this.last--;
  }

  /** Replaces all visits at once. Call update() after. */
  setVisits(visits: readonly number[]): void {
    const need = visits.length + 2;
    if (need > this.cap) {
      let c = this.cap;
      while (c < need + 1) c *= 2;
      this.alloc(c);
    }
    this.nodes[0] = this.startHandle;
    for (let i = 0; i < visits.length; i++) this.nodes[i + 1] = visits[i]!;
    this.last = visits.length + 1;
    this.nodes[this.last] = this.endHandle;
  }

  /** Appends a visit before the end depot. */
  push(h: number): void {
    this.insert(this.last, h);
  }

  /** Rebuilds every cached array and the statistics; also writes the positions into `pos` / `routeOf`. */
  update(routeOf: Int32Array, posOf: Int32Array, selEarly: Float64Array, selLate: Float64Array): void {
    const P = this.problem;
    const N = P.numNodes;
    const K = P.numDims;
    const dist = P.distances[this.profile]!;
    const dur = P.durations[this.profile]!;
    const ks = this.travelScale;
    const svc = P.service;
    const svcOff = this.serviceType * N;
    const last = this.last;
    const nodes = this.nodes;
    const loc = this.loc;
    const bh = this.breakHandle;
    const breakDur = this.hasBreak ? P.breakDuration[this.type]! : 0;
    const del = P.delivery;
    const pick = P.pickup;

    this.slackStamp = -1;
    this.versionValue++;
    // Forward pass.
    let numClients = 0;
    this.breakPos = -1;
    loc[0] = this.startDepot;
    this.cumDist[0] = 0;
    this.cumTravel[0] = 0;
    this.cumLb[0] = 0;
    const lbm = P.minEdgeCost;
    const kl = P.minEdgeScale;
    let d = 0;
    let tw = 0;
    let e = this.twEarly;
    let l = this.twLate;
    this.pD[0] = 0;
    this.pTW[0] = 0;
    this.pE[0] = e;
    this.pL[0] = l;
    for (let k = 0; k < K; k++) {
      this.pDel[k] = 0;
      this.pPick[k] = 0;
      this.pLoad[k] = 0;
    }
    routeOf[nodes[0]!] = this.idx;
    posOf[nodes[0]!] = 0;
    let lastLoc = this.startDepot;
    for (let i = 1; i <= last; i++) {
      const h = nodes[i]!;
      routeOf[h] = this.idx;
      posOf[h] = i;
      let travel = 0;
      let edge = 0;
      let lbEdge = 0;
      let s = 0;
      let we: number;
      let wl: number;
      if (h === bh) {
        this.breakPos = i;
        loc[i] = lastLoc;
        s = breakDur;
        we =
          selEarly[h]! - P.breakLead(this.profile, lastLoc, i + 1 === last ? this.endDepot : nodes[i + 1]!);
        wl = selLate[h]!;
      } else if (i === last) {
        const to = this.endDepot;
        loc[i] = to;
        edge = dist[lastLoc * N + to]!;
        travel = this.leg(dur, lastLoc * N + to, ks);
        lbEdge = this.leg(lbm, lastLoc * N + to, kl);
        we = this.twEarly;
        wl = this.twLate;
        lastLoc = to;
      } else {
        loc[i] = h;
        edge = dist[lastLoc * N + h]!;
        travel = this.leg(dur, lastLoc * N + h, ks);
        lbEdge = this.leg(lbm, lastLoc * N + h, kl);
        s = svc[svcOff + h]!;
        we = selEarly[h]!;
        wl = selLate[h]!;
        lastLoc = h;
        numClients++;
      }
      this.cumDist[i] = this.cumDist[i - 1]! + edge;
      this.cumTravel[i] = this.cumTravel[i - 1]! + travel;
      this.serviceSums(i, h < N && h !== bh && i !== last ? h : -1);
      this.cumLb[i] = this.cumLb[i - 1]! + lbEdge;
      // Duration prefix.
      const atOther = d - tw + travel;
      const diffTw = Math.max(e + atOther - wl, 0);
      const diffWait = Math.max(we - atOther - l, 0);
      const ne = Math.max(we - atOther, e) - diffWait;
      const nl = Math.min(wl - atOther, l) + diffTw;
      d = d + s + travel + diffWait;
      tw = tw + diffTw;
      e = ne;
      l = nl;
      this.pD[i] = d;
      this.pTW[i] = tw;
      this.pE[i] = e;
      this.pL[i] = l;
      // Load prefix.
      const isClient = h < N;
      for (let k = 0; k < K; k++) {
        const dd = isClient ? del[h * K + k]! : 0;
        const pp = isClient ? pick[h * K + k]! : 0;
        const o = (i - 1) * K + k;
        this.pDel[i * K + k] = this.pDel[o]! + dd;
        this.pPick[i * K + k] = this.pPick[o]! + pp;
        this.pLoad[i * K + k] = Math.max(this.pLoad[o]! + dd, Math.max(dd, pp) + this.pPick[o]!);
      }
    }
    this.numClients = numClients;

    // Backward pass: suffix (with end depot) and tail (without it).
    this.sD[last] = 0;
    this.sTW[last] = 0;
    this.sE[last] = this.twEarly;
    this.sL[last] = this.twLate;
    for (let k = 0; k < K; k++) {
      this.sDel[last * K + k] = 0;
      this.sPick[last * K + k] = 0;
      this.sLoad[last * K + k] = 0;
    }
    // The tail (without the end depot) starts from the empty segment at `last`.
    this.tD[last] = 0;
    this.tTW[last] = 0;
    this.tE[last] = -Infinity;
    this.tL[last] = Infinity;
    for (let i = last - 1; i >= 0; i--) {
      const h = nodes[i]!;
      let s = 0;
      let we: number;
      let wl: number;
      if (i === 0) {
        we = this.twEarly;
        wl = this.twLate;
      } else if (h === bh) {
        s = breakDur;
        we = selEarly[h]! - P.breakLead(this.profile, loc[i]!, loc[i + 1]!);
        wl = selLate[h]!;
      } else {
        s = svc[svcOff + h]!;
        we = selEarly[h]!;
        wl = selLate[h]!;
      }
      const nextIsBreak = nodes[i + 1] === bh;
      const travel = nextIsBreak ? 0 : this.leg(dur, loc[i]! * N + loc[i + 1]!, ks);
      prepend(this.sD, this.sTW, this.sE, this.sL, i, s, we, wl, travel);
      // The last visit's tail is the visit alone: no travel to the end depot.
      prepend(this.tD, this.tTW, this.tE, this.tL, i, s, we, wl, i === last - 1 ? 0 : travel);
      const isClient = i > 0 && h < N;
      for (let k = 0; k < K; k++) {
        const dd = isClient ? del[h * K + k]! : 0;
        const pp = isClient ? pick[h * K + k]! : 0;
        const o = (i + 1) * K + k;
        this.sDel[i * K + k] = dd + this.sDel[o]!;
        this.sPick[i * K + k] = pp + this.sPick[o]!;
        this.sLoad[i * K + k] = Math.max(Math.max(dd, pp) + this.sDel[o]!, this.sLoad[o]! + pp);
      }
    }

    // Statistics.
    if (numClients === 0) {
      this.distance = 0;
      this.travel = 0;
      this.duration = 0;
      this.timeWarp = 0;
      this.excess.fill(0);
      this.cost = 0;
      return;
    }
    this.distance = this.cumDist[last]!;
    this.travel = this.cumTravel[last]!;
    this.duration = d;
    this.timeWarp = tw + Math.max(d - this.maxDuration, 0);
    const cap = P.capacity;
    for (let k = 0; k < K; k++)
      this.excess[k] = Math.max(this.pLoad[last * K + k]! - cap[this.type * K + k]!, 0);
    this.cost =
      this.fixedCost +
      this.unitDistanceCost * this.distance +
      this.unitTravelCost * this.travel +
      this.unitDurationCost * this.duration;
  }

  /**
   * Fills cumDistBy / cumTravelBy of profile p (not the route's own: cumDist / cumTravel hold that) along `loc`,
   * once per update and only when a move prices a range of this route for a vehicle of profile p: with one
   * profile per VROOM speed factor, filling all of them at every update read 15 matrices per route change.
   * Distances are summed only when some vehicle pays for them (`Problem.distanceCosts`), travel times only when
   * some vehicle pays for travel. A break repeats the previous location: it adds nothing.
   */
  inProfile(p: number): void {
    if (this.byVersion[p] === this.versionValue) return;
    this.byVersion[p] = this.versionValue;
    const P = this.problem;
    if (P.distanceCosts) this.cumulate(P.distances[p]!, 1, this.cumDistBy[p]!);
    if (P.travelCosts) this.cumulate(P.durations[p]!, P.travelScale[p]!, this.cumTravelBy[p]!);
  }

  /**
   * out[i] = sum of m (read through scale k) over the legs loc[0] -> ... -> loc[i] (a repeated location, the
   * break, adds 0).
   */
  private cumulate(m: Matrix, k: number, out: Float64Array): void {
    const N = this.problem.numNodes;
    const loc = this.loc;
    out[0] = 0;
    for (let i = 1; i <= this.last; i++) {
      const a = loc[i - 1]!;
      const b = loc[i]!;
      out[i] = out[i - 1]! + (a === b ? 0 : this.leg(m, a * N + b, k));
    }
  }

  /**
   * Entry i of a matrix read with scale k, on a problem whose matrices are all read as stored
   * (`ScaledSearchRoute` applies k): two classes rather than a test of k at every read, which made the search
   * of problems without scales slower (Evaluator.edge).
   */
  leg(m: Matrix, i: number, k: number): number {
    void k;
    return m[i]!;
  }

  /** Penalised cost under the given weights (0 for an empty route). */
  penalised(loadPen: Float64Array, twPen: number): number {
    if (this.numClients === 0) return 0;
    let c = this.cost + twPen * this.timeWarp;
    for (let k = 0; k < this.excess.length; k++) c += loadPen[k]! * this.excess[k]!;
    return c;
  }
}

/** A SearchRoute of a problem that reads some matrix through a scale (Problem.travelScale, minEdgeScale). */
export class ScaledSearchRoute extends SearchRoute {
  override leg(m: Matrix, i: number, k: number): number {
    return scaledEntry(m[i]!, k);
  }
}
