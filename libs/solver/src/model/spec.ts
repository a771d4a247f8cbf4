import type { Matrix } from './matrix.js';

/**
 * The plain-data description of a problem (a "spec"): what parsers and the product adapter build, and what
 * travels to worker threads (structured clone; the matrices may live in a SharedArrayBuffer so that no copy
 * is made). `Problem` (problem.ts) derives the flat typed arrays the search reads.
 *
 * Node indexing: depots first (0..D-1), then clients (D..D+C-1). Matrices are node-indexed, N x N, row-major.
 * Times, durations and distances are plain numbers in one unit chosen by the builder (seconds and metres for
 * the product, tenths for DIMACS rounding).
 */
export interface TimeWindow {
  readonly early: number;
  readonly late: number;
}

export interface DepotSpec {
  readonly id: string;
  readonly x?: number;
  readonly y?: number;
}

export interface ClientSpec {
  /** External id (a VROOM job id, a delivery-point id, a Solomon customer number...). */
  readonly id: string;
  readonly x?: number;
  readonly y?: number;
  /** Amount loaded at the depot and dropped here, one value per load dimension. */
  readonly delivery: readonly number[];
  /** Amount picked up here and brought back to the end depot (optional). */
  readonly pickup?: readonly number[];
  /** Service duration; `serviceByType[t]` overrides it for vehicles of service type t. */
  readonly service: number;
  readonly serviceByType?: readonly (number | undefined)[];
  /** Windows on the start of service, sorted and disjoint. Empty or absent: unconstrained. */
  readonly windows?: readonly TimeWindow[];
  /** A required client is always routed; an optional one earns `prize` when routed. */
  readonly required: boolean;
  readonly prize?: number;
  readonly priority?: number;
}

export interface BreakSpec {
  readonly id: string;
  /** Windows on the start of the break. */
  readonly windows: readonly TimeWindow[];
  readonly duration: number;
}

export interface VehicleTypeSpec {
  readonly name: string;
  /** How many vehicles of this type exist; external ids in `vehicleIds` when given. */
  readonly numAvailable: number;
  readonly vehicleIds?: readonly string[];
  readonly startDepot: number;
  readonly endDepot: number;
  readonly capacity: readonly number[];
  /** The route leaves the start depot at or after `twEarly` and is back at the end depot by `twLate`. */
  readonly twEarly: number;
  readonly twLate: number;
  /** Longest allowed route duration (travel + service + waiting + break); Infinity when free. */
  readonly maxDuration: number;
  readonly fixedCost: number;
  readonly unitDistanceCost: number;
  /** Cost per unit of travel time (VROOM's `per_hour` objective). */
  readonly unitTravelCost: number;
  /** Cost per unit of route duration, waiting and service included. */
  readonly unitDurationCost: number;
  /** Index into `ProblemSpec.profiles`. */
  readonly profile: number;
  /** Index used with `ClientSpec.serviceByType`. */
  readonly serviceType: number;
  readonly break?: BreakSpec;
}

export interface ProfileSpec {
  readonly name: string;
  /** N x N travel durations (row-major, node-indexed). */
  readonly durations: Matrix;
  /**
   * A speed scaling in hundredths (VROOM's round(100 / speed_factor)): a leg takes entry x factor / 100, rounded
   * half up (`scaledEntry`). Absent: the entries as they are. Profiles that differ only by it share one
   * `durations` array; `Problem` reads it through each factor, or, when the scaled copies are small
   * (SCALED_COPIES_BYTES), from a scaled copy per factor.
   */
  readonly durationFactor?: number;
  /** N x N distances. */
  readonly distances: Matrix;
}

export interface ProblemSpec {
  readonly name: string;
  readonly numDims: number;
  readonly dimNames?: readonly string[];
  readonly depots: readonly DepotSpec[];
  readonly clients: readonly ClientSpec[];
  readonly vehicleTypes: readonly VehicleTypeSpec[];
  readonly profiles: readonly ProfileSpec[];
  readonly numServiceTypes: number;
  /** Time warp at or below this is feasible (0 for integer data; a tiny value for doubles). */
  readonly timeTolerance?: number;
  /** A travel duration at or above this marks an unreachable pair (non-finite entries always do). */
  readonly unreachable?: number;
  /**
   * The prizes only rank plans: each exceeds the cost of any whole plan, so that serving more (more valuable)
   * clients always comes first, then cost (VROOM jobs, product deliveries). The objective keeps them, but the
   * search uses bounded prizes (Problem.prize) so that penalties can trade a violation against a client.
   */
  readonly lexicographicPrizes?: boolean;
  /**
   * Breaks taken on the way, as VROOM takes them: the driver may drive part of the leg from the stop before the
   * break to the stop after it while waiting for the break's window to open, and the rest after the break. Without
   * it the break is taken at the stop before it. Either way the break starts inside its window; on the way, a
   * leg of travel T after the break is the same as the break's window opening T earlier (docs/solver.md).
   */
  readonly breaksOnTheWay?: boolean;
}
