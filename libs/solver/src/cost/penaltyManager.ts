import { fleetCapacity } from '../model/fleetCapacity.js';
import { scaledEntry, type Matrix } from '../model/matrix.js';
import type { Problem } from '../model/problem.js';
import { CostEvaluator } from './costEvaluator.js';

export interface PenaltyParams {
  /** Multiplier used when repairing an infeasible offspring. */
  readonly repairBooster: number;
  /** Registrations between two updates of the weights. */
  readonly solutionsBetweenUpdates: number;
  readonly penaltyIncrease: number;
  readonly penaltyDecrease: number;
  /** Wanted share of feasible registrations (per dimension). */
  readonly targetFeasible: number;
  readonly feasTolerance: number;
  readonly minPenalty: number;
  readonly maxPenalty: number;
  /**
   * Each weight's floor as a share of its initial value, on problems with optional clients (0, the default:
   * minPenalty alone). Session 66: on a time-bound short fleet a load dimension that is rarely violated falls to
   * minPenalty (volume at 0.1 per unit against a prize of 12 537), the local search then overloads by 16 mean
   * demands or more, and none of those repairs succeeded. 0.05 served more jobs on short fleets (21 pairs more,
   * 13 fewer over 48) and cost travel on complete ones (+0.33 %, 11 of 14 pairs longer), so it stays off
   * (docs/benchmarks.md, session 66). Session 67: held only while the best plan leaves clients out, or only on
   * the dimensions the fleet can carry whole, it still served fewer jobs on a capacity-short fleet.
   */
  readonly minShare: number;
}

export const DEFAULT_PENALTY_PARAMS: PenaltyParams = {
  repairBooster: 12,
  solutionsBetweenUpdates: 20,
  penaltyIncrease: 1.34,
  penaltyDecrease: 0.32,
  targetFeasible: 0.43,
  feasTolerance: 0.05,
  minPenalty: 0.1,
  maxPenalty: 1e9,
  minShare: 0,
};

/**
 * Adaptive penalties (as in HGS and PyVRP): each load dimension and time warp has its own weight; every
 * `solutionsBetweenUpdates` registrations the weight goes up when fewer than the target share of the
 * registered solutions were feasible in that dimension, down when more were. Initial weights make one
 * average unit of violation cost about one average edge.
 */
export class PenaltyManager {
  private readonly loadPen: Float64Array;
  private timePen: number;
  private readonly feasLoad: Uint32Array;
  private readonly loadFloor: Float64Array;
  private readonly timeFloor: number;
  private feasTime = 0;
  private count = 0;
  private current: CostEvaluator;

  constructor(
    problem: Problem,
    readonly params: PenaltyParams = DEFAULT_PENALTY_PARAMS,
    /** Upper bound for the weights (an optional-job prize must stay reachable). */
    maxPenalty?: number,
  ) {
    const K = problem.numDims;
    const N = problem.numNodes;
    // Average cheapest edge cost over the vehicle types, with a 1-unit floor.
    let sumCost = 0;
    let sumDur = 0;
    // Vehicle types that price an edge alike counted once, and of the profiles that read one matrix through
    // different speed factors only the fastest (scaledEntry is monotone in the scale, so it is the cheapest for
    // non-negative unit costs): a VROOM file with a speed factor per vehicle has a type and a profile per vehicle,
    // and the loop below ran its 20 000 samples for each (13 ms at 44 types, once per decomposition part and round;
    // session 63). The weights come out the same.
    const ids = new Map<unknown, number>();
    const id = (m: unknown): number => ids.get(m) ?? (ids.set(m, ids.size), ids.size - 1);
    const kinds = new Map<
      string,
      { m: Matrix; dist: Matrix; k: number; perDistance: number; perTravel: number }
    >();
    for (const vt of problem.vehicleTypes) {
      const p = vt.profile;
      const m = problem.durations[p]!;
      const dist = problem.distances[p]!;
      const k = problem.travelScale[p]!;
      const perDistance = vt.unitDistanceCost;
      const perTravel = vt.unitTravelCost;
      const alike = perTravel >= 0 ? '' : `:${k}`;
      const key = `${id(m)}:${id(dist)}:${perDistance}:${perTravel}${alike}`;
      const known = kinds.get(key);
      if (known === undefined || k < known.k) kinds.set(key, { m, dist, k, perDistance, perTravel });
    }
    const pricing = [...kinds.values()];
    const step = Math.max(1, Math.floor((N * N) / 20000));
    let samples = 0;
    for (let idx = 0; idx < N * N; idx += step) {
      let best = Infinity;
      let bestDur = Infinity;
      for (const { m, dist, k, perDistance, perTravel } of pricing) {
        const d = scaledEntry(m[idx]!, k);
        const c = perDistance * dist[idx]! + perTravel * d;
        if (c < best) best = c;
        if (d < bestDur) bestDur = d;
      }
      if (Number.isFinite(best)) sumCost += best;
      if (Number.isFinite(bestDur)) sumDur += bestDur;
      samples++;
    }
    // With optional clients, a unit of violation starts at a quarter of the mean prize (measured: 1/1, 1/4 and
    // none tried on rich instances): cheaper, the first local searches let clients in with violations far
    // larger than any repair undoes, and a short fleet can end with no feasible plan in a few generations.
    let prizes = 0;
    let optional = 0;
    for (let u = problem.numDepots; u < N; u++)
      if (!problem.required[u]) {
        prizes += problem.prize[u]!;
        optional++;
      }
    const avgCost = Math.max(sumCost / Math.max(samples, 1), optional > 0 ? prizes / optional / 4 : 0, 1);
    const avgDur = Math.max(sumDur / Math.max(samples, 1), 1);
    const meanPrize = optional > 0 ? prizes / optional : 0;
    const fleet = fleetCapacity(problem);
    this.loadPen = new Float64Array(K);
    for (let k = 0; k < K; k++) {
      let s = 0;
      for (let u = problem.numDepots; u < N; u++)
        s += Math.max(problem.delivery[u * K + k]!, problem.pickup[u * K + k]!);
      const avgLoad = Math.max(s / Math.max(problem.numClients, 1), 1);
      // When the whole fleet cannot carry every delivery in this dimension, a unit of excess starts at the
      // mean prize per mean load: cheaper, the first local search loads every client on (each overload costs
      // less than the prize it brings) and the repair keeps whichever it drops last (docs/solver.md).
      const short = fleet.demand[k]! > fleet.capacity[k]!;
      const unit = short && meanPrize > avgCost ? meanPrize : avgCost;
      this.loadPen[k] = clamp(unit / avgLoad, params.minPenalty, maxPenalty ?? params.maxPenalty);
    }
    this.timePen = clamp(avgCost / avgDur, params.minPenalty, maxPenalty ?? params.maxPenalty);
    this.maxPen = maxPenalty ?? params.maxPenalty;
    const share = problem.allRequired ? 0 : params.minShare;
    this.loadFloor = this.loadPen.map((w) => Math.max(params.minPenalty, w * share));
    this.timeFloor = Math.max(params.minPenalty, this.timePen * share);
    this.feasLoad = new Uint32Array(K);
    this.current = new CostEvaluator(this.loadPen.slice(), this.timePen);
  }

  private readonly maxPen: number;

  costEvaluator(): CostEvaluator {
    return this.current;
  }

  boosterCostEvaluator(): CostEvaluator {
    return this.current.scaled(this.params.repairBooster);
  }

  /** Registers the feasibility of one solution, per dimension. */
  register(excessLoad: Float64Array, timeWarp: number, timeTolerance: number): void {
    for (let k = 0; k < this.loadPen.length; k++) if (excessLoad[k]! <= 0) this.feasLoad[k]!++;
    if (timeWarp <= timeTolerance) this.feasTime++;
    this.count++;
    if (this.count < this.params.solutionsBetweenUpdates) return;
    for (let k = 0; k < this.loadPen.length; k++) {
      this.loadPen[k] = this.compute(this.loadPen[k]!, this.feasLoad[k]! / this.count, this.loadFloor[k]!);
      this.feasLoad[k] = 0;
    }
    this.timePen = this.compute(this.timePen, this.feasTime / this.count, this.timeFloor);
    this.feasTime = 0;
    this.count = 0;
    this.current = new CostEvaluator(this.loadPen.slice(), this.timePen);
  }

  private compute(penalty: number, feasShare: number, floor: number): number {
    const diff = this.params.targetFeasible - feasShare;
    if (Math.abs(diff) < this.params.feasTolerance) return penalty;
    const next = diff > 0 ? penalty * this.params.penaltyIncrease : penalty * this.params.penaltyDecrease;
    return clamp(next, floor, this.maxPen);
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
