import type { Problem } from '../model/problem.js';
import type { SearchRoute } from './route.js';

/**
 * Edge cost of going from x to y through w instead of directly, in route r's vehicle profile and unit costs
 * (distance and travel time; negative when the matrices break the triangle inequality). Inserting w between
 * consecutive stops x and y of r changes r's fixed, distance and travel cost by exactly this (plus the fixed
 * cost when r was empty); every other part of the penalised cost (penalties, duration cost) is a non-negative
 * total, so a move's delta is at least this minus what those parts cost now (Evaluator.slack).
 */
export function detourCost(P: Problem, r: SearchRoute, x: number, w: number, y: number): number {
  const N = P.numNodes;
  let c = 0;
  if (r.unitDistanceCost !== 0) {
    const dist = P.distances[r.profile]!;
    c += r.unitDistanceCost * (dist[x * N + w]! + dist[w * N + y]! - dist[x * N + y]!);
  }
  if (r.unitTravelCost !== 0) {
    const dur = P.durations[r.profile]!;
    const k = r.travelScale;
    c += r.unitTravelCost * (r.leg(dur, x * N + w, k) + r.leg(dur, w * N + y, k) - r.leg(dur, x * N + y, k));
  }
  return c;
}

/**
 * Location of the first stop after position `pos` of r: the break has no location of its own (it repeats the
 * one before it), so it is skipped.
 */
export function nextLocation(r: SearchRoute, pos: number): number {
  return r.loc[pos + 1 === r.breakPos ? pos + 2 : pos + 1]!;
}
