import type { PartTrace, RoundTrace } from './decomposition.js';

/**
 * What a solve reports as it goes (PoolSolveOptions.onTrace; `vrp solve --trace` prints each as a JSON line on
 * stderr). Times are ms since the solve began. Only decomposing solves have steps to report between the islands'
 * start and the answer: the handover of the islands' best plan, each round, and the polish of the joined plan.
 */
export type SolveTrace =
  | {
      readonly kind: 'handover';
      readonly atMs: number;
      /** The islands' best plan, which the rounds start from. */
      readonly objective: number;
      readonly served: number;
    }
  | {
      readonly kind: 'round';
      readonly round: number;
      readonly atMs: number;
      readonly endMs: number;
      readonly before: number;
      readonly joined: number;
      readonly accepted: boolean;
      readonly parts: readonly PartTrace[];
    }
  | {
      readonly kind: 'polish';
      readonly atMs: number;
      readonly endMs: number;
      readonly before: number;
      /** The polished plan's objective, or null when the polish came back without a feasible plan. */
      readonly after: number | null;
    };

/** ms from `started` to `at`, to a tenth of a ms. */
export function sinceMs(at: number, started: number): number {
  return Math.round((at - started) * 10) / 10;
}

/** A round's trace with its times made relative to the solve's start. */
export function roundEvent(trace: RoundTrace, started: number): SolveTrace {
  return {
    kind: 'round',
    round: trace.round,
    atMs: sinceMs(trace.startedAt, started),
    endMs: sinceMs(trace.endedAt, started),
    before: trace.before,
    joined: trace.joined,
    accepted: trace.accepted,
    parts: trace.parts.map((p) => ({
      ...p,
      setupMs: p.setupMs === undefined ? undefined : Math.round(p.setupMs * 10) / 10,
    })),
  };
}
