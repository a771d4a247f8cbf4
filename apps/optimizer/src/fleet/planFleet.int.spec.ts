import type { FleetProblemInput } from '@fleet/solver';
import { SolverPool } from '../pool/solverPool.js';
import { planFleet } from './planFleet.js';

/** A depot's day planned on the pool (built worker: run `npx tsc -b` first). */
describe('planFleet', () => {
  const pool = new SolverPool({ threads: 2 });
  afterAll(() => pool.close());

  it('plans deliveries for two drivers and explains the one nobody can carry', async () => {
    // Six locations on a line every 5 km (300 s at the reference speed); the depot is location 0.
    const n = 6;
    const durations = new Float64Array(n * n);
    const distances = new Float64Array(n * n);
    for (let a = 0; a < n; a++)
      for (let b = 0; b < n; b++) {
        distances[a * n + b] = Math.abs(a - b) * 5000;
        durations[a * n + b] = Math.abs(a - b) * 300;
      }
    const input: FleetProblemInput = {
      depot: { vehicleFill: 100, slowDown: 0 },
      global: { serviceTime: 120, driverCategories: { a: 1 } },
      drivers: [
        { id: 'd1', category: 'a', vehicle: { id: 'v1', payload: 50, cargoVolume: 1 } },
        { id: 'd2', category: 'a', vehicle: { id: 'v2', payload: 50, cargoVolume: 1 } },
      ],
      deliveries: [
        ...[1, 2, 3, 4, 5].map((l) => ({
          id: `x${l}`,
          deliveryPointId: `p${l}`,
          location: l,
          weight: 20,
          volume: 0.1,
        })),
        // 60 kg: more than either vehicle's 50 kg payload.
        { id: 'heavy', deliveryPointId: 'p9', location: 2, weight: 60, volume: 0.1 },
      ],
      travel: { size: n, durations, distances },
    };
    const plan = await planFleet(pool, input, { seed: 1, workers: 2, stop: { maxIterations: 30 } });
    const served = plan.routes.flatMap((r) => r.stops.flatMap((s) => s.deliveries)).sort();
    // A 50 kg vehicle takes two 20 kg deliveries (40 kg) but not three (60 kg): of the five, 2 + 2 = 4 are
    // served and one is left for lack of room (it fits a vehicle alone); the 60 kg one exceeds both payloads.
    expect(served).toHaveLength(4);
    const reasons = Object.fromEntries(plan.unassigned.map((u) => [u.deliveryId, u.reason]));
    expect(reasons['heavy']).toBe('weight');
    expect(Object.values(reasons).filter((r) => r === 'no_room_in_plan')).toHaveLength(1);
    for (const r of plan.routes) expect(r.weight).toBeLessThanOrEqual(50);
  });
});
