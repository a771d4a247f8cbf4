import { lineSpec } from '../testing/lineProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { depotLegShare } from './depotLegShare.js';
import { Problem } from './problem.js';

const clients = [
  { id: 'c1', delivery: [1], service: 0, required: false, prize: 100 },
  { id: 'c2', delivery: [1], service: 0, required: false, prize: 100 },
];

describe('depotLegShare', () => {
  it('weighs the mean round trip against the clients per vehicle times the mean nearest edge', () => {
    // Line: c1 10 and c2 20 from the depot. Round trips 20 and 40: mean 30. Nearest other client: 10 each.
    // One vehicle: 2 clients per vehicle, 30 / (30 + 2 x 10) = 0.6.
    expect(depotLegShare(new Problem(lineSpec(clients, [2], 100)))).toBeCloseTo(0.6, 12);
  });

  it('grows with the fleet: fewer clients per route, more of its cost on the depot legs', () => {
    // Two vehicles: 1 client per vehicle, 30 / (30 + 1 x 10) = 0.75.
    const spec = lineSpec(clients, [2], 100, {
      vehicleTypes: [travelTimeVehicle('a', [2], 100), travelTimeVehicle('b', [2], 100)],
    });
    expect(depotLegShare(new Problem(spec))).toBeCloseTo(0.75, 12);
  });

  it('is 0 without clients', () => {
    expect(depotLegShare(new Problem(lineSpec([], [1], 100)))).toBe(0);
  });
});
