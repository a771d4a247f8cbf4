import { Problem } from '../model/problem.js';
import type { ClientSpec } from '../model/spec.js';
import type { Rng } from '../rng.js';
import { lineSpec } from '../testing/lineProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { capacityAdmission } from './regret.js';

/** Draws 0 every time: every footprint keeps its factor 1 + 0.25 x 0 = 1, and a share of 1 always applies. */
const zero = { rand: (): number => 0 } as unknown as Rng;

const job = (id: string, kg: number, prize = 1e6, pickup?: number): ClientSpec => ({
  id,
  delivery: [kg],
  ...(pickup === undefined ? {} : { pickup: [pickup] }),
  service: 0,
  required: false,
  prize,
});

/**
 * Two vehicles of 8 kg each: the fleet carries 16 kg. Clients a (6 kg, worth more: a priority job), b (2),
 * c (3), d (5), e (7): 23 kg in all, more than 16, so capacity is short. a is admitted first whatever its
 * size: 6 kg used. Then the plain ones by footprint (kg / 16): b 2/16, c 3/16, d 5/16, e 7/16. b: 6 + 2 = 8,
 * c: 8 + 3 = 11, d: 11 + 5 = 16 (not above 16: admitted), e: 16 + 7 = 23 > 16: deferred.
 */
function problem(clients: ClientSpec[]): Problem {
  const spec = lineSpec(clients, [8], 1000, { lexicographicPrizes: true });
  return new Problem({ ...spec, vehicleTypes: [{ ...travelTimeVehicle('v', [8], 1000), numAvailable: 2 }] });
}

describe('capacityAdmission: which clients a construction defers when the fleet cannot carry them all', () => {
  it('admits the more valuable first, then the smallest until the fleet is full', () => {
    const P = problem([job('a', 6, 2e6), job('b', 2), job('c', 3), job('d', 5), job('e', 7)]);
    // Clients are nodes 1..5 (index 0..4): only e is deferred.
    expect([...capacityAdmission(P, zero, 1)!]).toEqual([0, 0, 0, 0, 1]);
  });

  it('defers nothing when the fleet carries every delivery (16 kg for 2 + 3 + 5 + 6 = 16)', () => {
    const P = problem([job('b', 2), job('c', 3), job('d', 5), job('f', 6)]);
    expect(capacityAdmission(P, zero, 1)).toBeNull();
  });

  it('stops at the first client that does not fit: a larger one after it waits too', () => {
    // 16 kg: b 2, c 3, d 5 (10), g 7 (17 > 16: deferred), h 7 (deferred although nothing else fits either).
    const P = problem([job('b', 2), job('c', 3), job('d', 5), job('g', 7), job('h', 7)]);
    expect([...capacityAdmission(P, zero, 1)!]).toEqual([0, 0, 0, 1, 1]);
  });

  it('does not apply with pickups, nor when the share says not this time', () => {
    const withPickup = problem([job('a', 6, 1e6, 1), job('b', 9), job('c', 9)]);
    expect(capacityAdmission(withPickup, zero, 1)).toBeNull();
    const P = problem([job('a', 6), job('b', 9), job('c', 9)]);
    expect(capacityAdmission(P, zero, 0)).toBeNull();
  });
});
