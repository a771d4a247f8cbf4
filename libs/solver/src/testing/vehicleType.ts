import type { VehicleTypeSpec } from '../model/spec.js';

/**
 * One vehicle of a hand-made test problem: leaves and returns to depot 0 within [0, twLate], profile 0, and
 * costs its travel time only (no fixed, distance or duration cost).
 */
export function travelTimeVehicle(
  name: string,
  capacity: readonly number[],
  twLate: number,
): VehicleTypeSpec {
  return {
    name,
    numAvailable: 1,
    startDepot: 0,
    endDepot: 0,
    capacity,
    twEarly: 0,
    twLate,
    maxDuration: Infinity,
    fixedCost: 0,
    unitDistanceCost: 0,
    unitTravelCost: 1,
    unitDurationCost: 0,
    profile: 0,
    serviceType: 0,
  };
}
