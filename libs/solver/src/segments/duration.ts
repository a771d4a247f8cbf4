/**
 * Concatenable duration segments (Vidal et al. 2013; PyVRP's DurationSegment): a visited sequence is
 * summarised by four numbers, and two summaries join in O(1) given the travel time between them.
 *
 * - `duration`: least total time of the sequence (travel + service + waiting), time warp excluded;
 * - `timeWarp`: least total lateness ("warping back in time") needed to meet every window;
 * - `early` / `late`: the window for starting the sequence that achieves `duration` and `timeWarp`.
 *
 * A single visit with service s and window [e, l] is (s, 0, e, l). Joining A then B with travel t:
 *   atB      = A.duration - A.timeWarp + t     (when B starts, relative to the start of A)
 *   diffTw   = max(A.early + atB - B.late, 0)  (arriving after B's window closes)
 *   diffWait = max(B.early - atB - A.late, 0)  (arriving before B's window opens)
 *   duration = A.duration + B.duration + t + diffWait
 *   timeWarp = A.timeWarp + B.timeWarp + diffTw
 *   early    = max(B.early - atB, A.early) - diffWait
 *   late     = min(B.late - atB, A.late) + diffTw
 *
 * The class is mutable on purpose: the search keeps a few scratch instances and merges into them, so the
 * inner loop allocates nothing.
 */
export class DurationSegment {
  duration = 0;
  timeWarp = 0;
  early = 0;
  late = Infinity;

  set(duration: number, timeWarp: number, early: number, late: number): this {
    this.duration = duration;
    this.timeWarp = timeWarp;
    this.early = early;
    this.late = late;
    return this;
  }

  copyFrom(o: DurationSegment): this {
    return this.set(o.duration, o.timeWarp, o.early, o.late);
  }

  /** this := this + travel + (d, tw, e, l). */
  append(travel: number, d: number, tw: number, e: number, l: number): this {
    const atOther = this.duration - this.timeWarp + travel;
    const diffTw = Math.max(this.early + atOther - l, 0);
    const diffWait = Math.max(e - atOther - this.late, 0);
    const early = Math.max(e - atOther, this.early) - diffWait;
    const late = Math.min(l - atOther, this.late) + diffTw;
    this.duration = this.duration + d + travel + diffWait;
    this.timeWarp = this.timeWarp + tw + diffTw;
    this.early = early;
    this.late = late;
    return this;
  }

  appendSegment(travel: number, o: DurationSegment): this {
    return this.append(travel, o.duration, o.timeWarp, o.early, o.late);
  }

  /** this := (d, tw, e, l) + travel + this. */
  prepend(d: number, tw: number, e: number, l: number, travel: number): this {
    const atThis = d - tw + travel;
    const diffTw = Math.max(e + atThis - this.late, 0);
    const diffWait = Math.max(this.early - atThis - l, 0);
    const early = Math.max(this.early - atThis, e) - diffWait;
    const late = Math.min(this.late - atThis, l) + diffTw;
    this.duration = d + this.duration + travel + diffWait;
    this.timeWarp = tw + this.timeWarp + diffTw;
    this.early = early;
    this.late = late;
    return this;
  }

  /** Time warp including the excess over a maximum duration (which counts as time warp too). */
  totalTimeWarp(maxDuration: number): number {
    return this.timeWarp + Math.max(this.duration - maxDuration, 0);
  }
}
