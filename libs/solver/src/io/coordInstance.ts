import type { ProblemSpec } from '../model/spec.js';
import { arcLength, roundArc, unitScale, type Rounding } from './rounding.js';

/** A Euclidean benchmark instance (Solomon, Gehring-Homberger, VRPLIB CVRP/VRPTW) as read from its file. */
export interface CoordInstance {
  readonly name: string;
  readonly kind: 'cvrp' | 'vrptw';
  readonly capacity: number;
  /** Fleet bound from the file, if it gives one. */
  readonly numVehicles?: number;
  readonly depot: CoordNode;
  readonly customers: readonly CoordNode[];
}

export interface CoordNode {
  /** 0-based node index in the file (depot = 0 in every set used here); written in solutions. */
  readonly index: number;
  readonly x: number;
  readonly y: number;
  readonly demand: number;
  readonly early: number;
  readonly late: number;
  readonly service: number;
}

/**
 * Builds the solver problem for a coordinate instance: one depot, one vehicle type (capacity, shift =
 * depot window), distance objective (vehicles free up to the fleet bound). Travel time equals the rounded
 * distance; in dimacs mode every time is scaled to tenths like the distances.
 */
export function buildCoordProblem(inst: CoordInstance, rounding: Rounding): ProblemSpec {
  const nodes = [inst.depot, ...inst.customers];
  const N = nodes.length;
  const scale = unitScale(rounding);
  const m = new Float64Array(N * N);
  for (let i = 0; i < N; i++) {
    const a = nodes[i]!;
    for (let j = 0; j < N; j++) {
      if (i === j) continue;
      const b = nodes[j]!;
      m[i * N + j] = roundArc(arcLength(a.x - b.x, a.y - b.y), rounding);
    }
  }
  const totalDemand = inst.customers.reduce((s, c) => s + c.demand, 0);
  const C = inst.customers.length;
  const fleet =
    inst.numVehicles ??
    (inst.kind === 'cvrp'
      ? Math.min(C, Math.ceil((1.3 * totalDemand) / Math.max(inst.capacity, 1)) + 3)
      : Math.max(C, 1));
  const tw = inst.kind === 'vrptw';
  return {
    name: inst.name,
    numDims: 1,
    dimNames: ['capacity'],
    depots: [{ id: String(inst.depot.index), x: inst.depot.x, y: inst.depot.y }],
    clients: inst.customers.map((c) => ({
      id: String(c.index),
      x: c.x,
      y: c.y,
      delivery: [c.demand],
      service: c.service * scale,
      windows: tw ? [{ early: c.early * scale, late: c.late * scale }] : [],
      required: true,
    })),
    vehicleTypes: [
      {
        name: 'vehicle',
        numAvailable: fleet,
        startDepot: 0,
        endDepot: 0,
        capacity: [inst.capacity],
        twEarly: tw ? inst.depot.early * scale : 0,
        twLate: tw ? inst.depot.late * scale : Infinity,
        maxDuration: Infinity,
        fixedCost: 0,
        unitDistanceCost: 1,
        unitTravelCost: 0,
        unitDurationCost: 0,
        profile: 0,
        serviceType: 0,
      },
    ],
    profiles: [{ name: 'euclidean', durations: m, distances: m }],
    numServiceTypes: 1,
    timeTolerance: rounding === 'exact' ? 1e-6 : 0,
  };
}
