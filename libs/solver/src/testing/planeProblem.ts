import type { ProblemSpec } from '../model/spec.js';
import { planeMatrix } from './planeMatrix.js';
import { travelTimeVehicle } from './vehicleType.js';

/**
 * A hand-made test problem in the plane: a depot at `points[0]`, required clients `ids` at the other points
 * (delivery 1, no service), whole-unit distances (planeMatrix) as travel times, and `vehicles` vehicles of
 * capacity 10 with a shift of [0, twLate] that cost their travel time.
 */
export function planeSpec(
  name: string,
  points: readonly (readonly [number, number])[],
  ids: readonly string[],
  vehicles: number,
  twLate: number,
): ProblemSpec {
  const m = planeMatrix(points);
  return {
    name,
    numDims: 1,
    depots: [{ id: 'depot', x: points[0]![0], y: points[0]![1] }],
    clients: ids.map((id, i) => ({
      id,
      x: points[i + 1]![0],
      y: points[i + 1]![1],
      delivery: [1],
      service: 0,
      required: true,
    })),
    vehicleTypes: [{ ...travelTimeVehicle('v', [10], twLate), numAvailable: vehicles }],
    profiles: [{ name: 'plane', durations: m, distances: m }],
    numServiceTypes: 1,
  };
}
