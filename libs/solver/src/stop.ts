/** Milliseconds from an arbitrary origin (performance.now in the app; a fake in tests). */
export type Timer = () => number;

/** When a search stops: whichever limit is reached first. */
export interface StopCriteria {
  /** Wall-clock budget in milliseconds (measured with the injected Timer). */
  readonly timeLimitMs?: number;
  /** Generations per island. With only this limit, runs are reproducible. */
  readonly maxIterations?: number;
  /** Generations without a new best (per island). */
  readonly maxNoImprovement?: number;
}

export function hasLimit(stop: StopCriteria): boolean {
  return (
    stop.timeLimitMs !== undefined || stop.maxIterations !== undefined || stop.maxNoImprovement !== undefined
  );
}
