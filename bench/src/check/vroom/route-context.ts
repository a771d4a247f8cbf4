import type { Violation } from '../violation.js';
import type { BreakModel, JobModel, VehicleModel } from './model.js';
import type { VroomStep } from './schema.js';

/** A route's step resolved to what it serves: a job, a break, or the vehicle's start or end. */
export type ResolvedStep =
  | { readonly kind: 'start' | 'end'; readonly step: VroomStep }
  | { readonly kind: 'job'; readonly step: VroomStep; readonly job: JobModel }
  | { readonly kind: 'break'; readonly step: VroomStep; readonly break: BreakModel }
  /** A step the checker could not resolve (already reported); it is skipped by the later checks. */
  | { readonly kind: 'unknown'; readonly step: VroomStep };

export interface RouteContext {
  readonly vehicle: VehicleModel;
  readonly steps: readonly ResolvedStep[];
  readonly report: Reporter;
}

export type Reporter = (rule: string, message: string, at?: number) => void;

/** Reports into `out`, tagging each violation with the vehicle. */
export function routeReporter(vehicle: VehicleModel, out: Violation[]): Reporter {
  return (rule, message, at) =>
    out.push({
      rule,
      route: vehicle.id,
      message: `vehicle ${vehicle.id}: ${message}`,
      ...(at === undefined ? {} : { at }),
    });
}

export const addAmounts = (a: readonly number[], b: readonly number[], sign = 1): number[] =>
  a.map((value, i) => value + sign * (b[i] ?? 0));

export const sameAmounts = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((value, i) => value === b[i]);

export const showAmounts = (a: readonly number[]): string => `[${a.join(', ')}]`;
