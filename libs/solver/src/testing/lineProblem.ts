import type { ClientSpec, ProblemSpec } from '../model/spec.js';
import { travelTimeVehicle } from './vehicleType.js';

/**
 * A hand-made test problem on a line: depot 0 and the given clients at nodes 1, 2, ..., node i at 10 i time
 * units from the depot (travel and distance between a and b = 10 |a - b|), one vehicle (capacity, shift
 * [0, twLate]) that costs its travel time. `extra` overrides spec fields (e.g. lexicographicPrizes).
 */
export function lineSpec(
  clients: readonly ClientSpec[],
  capacity: readonly number[],
  twLate: number,
  extra: Partial<ProblemSpec> = {},
): ProblemSpec {
  const N = clients.length + 1;
  const m = new Float64Array(N * N);
  for (let a = 0; a < N; a++) for (let b = 0; b < N; b++) m[a * N + b] = 10 * Math.abs(a - b);
  return {
    name: 'line',
    numDims: capacity.length,
    depots: [{ id: 'depot' }],
    clients,
    vehicleTypes: [travelTimeVehicle('v', capacity, twLate)],
    profiles: [{ name: 'line', durations: m, distances: m }],
    numServiceTypes: 1,
    ...extra,
  };
}

/** `count` optional clients c1, c2, ... of delivery 1, with the given service time and prize each. */
export function optionalLineClients(count: number, service: number, prize: number): ClientSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `c${i + 1}`,
    delivery: [1],
    service,
    required: false,
    prize,
  }));
}
