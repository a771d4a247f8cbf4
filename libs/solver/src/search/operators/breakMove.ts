import type { SearchContext } from '../context.js';
import { Proposal } from '../proposal.js';

/**
 * Moves a route's break to its best place (and window): after any visit or the start. The break has no
 * location, so distance never changes; only waiting, duration and time warp do. Among places of equal cost
 * it takes the one that makes the route shortest: the slack it leaves lets later insertions fit.
 */
export class BreakMove {
  private readonly p = new Proposal();
  private readonly best = new Proposal();

  constructor(private readonly ctx: SearchContext) {}

  /** Applies the best improving break position of route v; returns whether it moved. */
  improve(v: number, eps: number): boolean {
    const { state, problem, ev } = this.ctx;
    const r = state.routes[v]!;
    const b = r.breakPos;
    if (b < 0) return false;
    const bh = r.breakHandle;
    const o = problem.breakOffset[r.type]!;
    const nw = problem.breakOffset[r.type + 1]! - o;
    let bestDelta = 0;
    let bestDuration = r.duration - eps;
    let found = false;
    for (let pos = 0; pos < r.last; pos++) {
      if (pos === b) continue;
      for (let w = o; w < o + nw; w++) {
        if (pos === b - 1 && nw === 1) continue;
        const p = this.p.begin(r);
        const addBreak = (): void => {
          if (nw > 1) p.nodeWin(bh, problem.breakEarly[w]!, problem.breakLate[w]!);
          else p.node(bh);
        };
        if (pos < b) {
          p.range(r, 0, pos);
          addBreak();
          p.range(r, pos + 1, b - 1).range(r, b + 1, r.last);
        } else {
          p.range(r, 0, b - 1).range(r, b + 1, pos);
          addBreak();
          p.range(r, pos + 1, r.last);
        }
        const d = ev.deltaCost(p, null, 0, true);
        const dur = ev.duration;
        if (d < bestDelta - eps || (d < bestDelta + eps && dur < bestDuration)) {
          bestDelta = Math.min(d, bestDelta);
          bestDuration = dur;
          this.best.copyFrom(p);
          found = true;
        }
      }
    }
    if (!found) return false;
    state.apply(this.best, null);
    return true;
  }
}
