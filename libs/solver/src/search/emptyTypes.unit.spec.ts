import { Problem } from '../model/problem.js';
import type { ProblemSpec, VehicleTypeSpec } from '../model/spec.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { typesByRoundTrip } from './emptyTypes.js';

/**
 * Two depots on a line, depot 0 at 0 and depot 1 at 100; c1 (node 2) at 10, c2 (node 3) at 90. Travel and
 * distance = |a - b|. Types: A leaves and returns to depot 0; B to depot 1; C to depot 0 with a fixed cost of 50.
 */
function spec(): ProblemSpec {
  const at = [0, 100, 10, 90];
  const N = at.length;
  const m = new Float64Array(N * N);
  for (let a = 0; a < N; a++) for (let b = 0; b < N; b++) m[a * N + b] = Math.abs(at[a]! - at[b]!);
  const type = (name: string, depot: number, fixedCost: number): VehicleTypeSpec => ({
    ...travelTimeVehicle(name, [1], 1000),
    startDepot: depot,
    endDepot: depot,
    fixedCost,
  });
  return {
    name: 'two-depots',
    numDims: 1,
    depots: [{ id: 'd0' }, { id: 'd1' }],
    clients: ['c1', 'c2'].map((id) => ({ id, delivery: [1], service: 0, required: false, prize: 1000 })),
    vehicleTypes: [type('A', 0, 0), type('B', 1, 0), type('C', 0, 50)],
    profiles: [{ name: 'line', durations: m, distances: m }],
    numServiceTypes: 1,
  };
}

describe('typesByRoundTrip', () => {
  it('orders the types by round trip plus fixed cost, per client', () => {
    // c1: A 10 + 10 = 20, B 90 + 90 = 180, C 20 + 50 = 70 -> A, C, B.
    // c2: A 90 + 90 = 180, B 10 + 10 = 20, C 180 + 50 = 230 -> B, A, C.
    const order = typesByRoundTrip(new Problem(spec()));
    expect(Array.from(order)).toEqual([0, 2, 1, 1, 0, 2]);
  });
});
