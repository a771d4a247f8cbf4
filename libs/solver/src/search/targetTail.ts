import { prepend } from '../segments/prepend.js';
import type { SearchRoute } from './route.js';

/**
 * A route's tail segments (duration, time warp, earliest and latest start of positions i .. last-1) as another
 * vehicle would drive them: that vehicle's travel times, service times and break. With one speed profile per
 * VROOM speed factor nearly every vehicle is a class of its own, so a tail that 2-opt* moves to another
 * vehicle could not use the route's own tail segments and was priced visit by visit.
 */
export class TargetTail {
  readonly D: Float64Array;
  readonly TW: Float64Array;
  readonly E: Float64Array;
  readonly L: Float64Array;
  /** The versions of the source route and of the target route the arrays were filled at. */
  version = -1;
  targetVersion = -1;
  /** The arrays hold positions `from` .. last (filled backwards, only as far as asked). */
  from = Infinity;

  constructor(cap: number) {
    this.D = new Float64Array(cap);
    this.TW = new Float64Array(cap);
    this.E = new Float64Array(cap);
    this.L = new Float64Array(cap);
  }
}

/**
 * Fills `out` with the tails of S (positions last-1 down to i, going on from where it stopped) as the vehicle of T would drive them, the way
 * Evaluator.pass3 prices them visit by visit: S's break, when the tail holds it, becomes T's break (T's
 * duration and window; with breaks on the way its window opens earlier by the leg after it). S's break must
 * not be its last visit.
 */
export function fillTargetTail(
  S: SearchRoute,
  T: SearchRoute,
  selEarly: Float64Array,
  selLate: Float64Array,
  out: TargetTail,
  i: number,
): void {
  const P = S.problem;
  const N = P.numNodes;
  const dur = P.durations[T.profile]!;
  const kt = T.travelScale;
  const svc = P.service;
  const svcOff = T.serviceType * N;
  const nodes = S.nodes;
  const loc = S.loc;
  const last = S.last;
  const bp = S.breakPos;
  const tbh = T.breakHandle;
  const breakDur = T.hasBreak ? P.breakDuration[T.type]! : 0;
  const { D, TW, E, L } = out;
  if (out.from > last) {
    D[last] = 0;
    TW[last] = 0;
    E[last] = -Infinity;
    L[last] = Infinity;
    out.from = last;
  }
  for (let q = out.from - 1; q >= i; q--) {
    let s: number;
    let we: number;
    let wl: number;
    if (q === bp) {
      s = breakDur;
      we = selEarly[tbh]! - P.breakLead(T.profile, loc[q]!, loc[q + 1]!);
      wl = selLate[tbh]!;
    } else {
      const h = nodes[q]!;
      s = svc[svcOff + h]!;
      we = selEarly[h]!;
      wl = selLate[h]!;
    }
    // Nothing after the tail's last visit; the leg into the break is 0 (it has no place of its own).
    const travel = q === last - 1 || q + 1 === bp ? 0 : S.leg(dur, loc[q]! * N + loc[q + 1]!, kt);
    prepend(D, TW, E, L, q, s, we, wl, travel);
  }
  out.from = Math.min(out.from, i);
}
