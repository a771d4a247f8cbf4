import { Problem } from '../model/problem.js';
import type { ClientSpec } from '../model/spec.js';
import { lineSpec } from '../testing/lineProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { DEFAULT_PENALTY_PARAMS, PenaltyManager } from './penaltyManager.js';

const job = (id: string, kg: number, required = false): ClientSpec => ({
  id,
  delivery: [kg],
  service: 0,
  required,
  prize: 1e6,
});

/** The line problem below, its clients optional unless `required`, on two vehicles of `capacity` kg. */
function lineProblem(capacity: number, required = false): Problem {
  const jobs = [job('b', 2, required), job('c', 3, required), job('d', 5, required), job('e', 7, required)];
  const spec = lineSpec(jobs, [capacity], 1000, { lexicographicPrizes: true });
  return new Problem({
    ...spec,
    vehicleTypes: [{ ...travelTimeVehicle('v', [capacity], 1000), numAvailable: 2 }],
  });
}

/**
 * The line problem: depot at node 0, clients b (2 kg), c (3), d (5), e (7) at nodes 1 to 4 (node i at 10 i),
 * 17 kg in all; two vehicles of `capacity` kg. Worked out:
 * - search prize of each client (Problem.searchPrizes, equal values): 2 x the largest start -> client -> end
 *   (e: 40 + 40 = 80) + 1 = 161;
 * - mean edge: sum of 10 |a - b| over the 25 pairs of nodes 0..4 = 10 x 40 = 400, / 25 = 16; with optional
 *   clients at least a quarter of the mean prize: max(16, 161 / 4) = 40.25;
 * - mean load: 17 / 4 = 4.25 kg.
 */
function initialLoadPenalty(capacity: number): number {
  const P = lineProblem(capacity);
  expect(P.prize[1]).toBe(161);
  return new PenaltyManager(P).costEvaluator().loadPenalty[0]!;
}

describe('PenaltyManager: the initial load weight', () => {
  it('is a quarter of the mean prize per mean load when the fleet carries every delivery', () => {
    // 2 x 9 = 18 kg >= 17: 40.25 / 4.25.
    expect(initialLoadPenalty(9)).toBeCloseTo(40.25 / 4.25, 9);
  });

  it('is the whole mean prize per mean load when it cannot', () => {
    // 2 x 8 = 16 kg < 17: 161 / 4.25 = 37.88 per kg, so an average client's overload costs its whole prize.
    expect(initialLoadPenalty(8)).toBeCloseTo(161 / 4.25, 9);
  });
});

describe('PenaltyManager: the floor of a weight', () => {
  /** The load weight after each of `updates` rounds of 20 registrations, every one feasible in load and time. */
  const fallingWeights = (minShare: number, updates: number, required = false): number[] => {
    const pm = new PenaltyManager(lineProblem(9, required), { ...DEFAULT_PENALTY_PARAMS, minShare });
    const out: number[] = [];
    for (let u = 0; u < updates; u++) {
      for (let i = 0; i < DEFAULT_PENALTY_PARAMS.solutionsBetweenUpdates; i++)
        pm.register(new Float64Array([0]), 0, 0);
      out.push(pm.costEvaluator().loadPenalty[0]!);
    }
    return out;
  };

  it('falls by penaltyDecrease (0.32) per update, down to minPenalty (0.1) without a share', () => {
    // Initial 40.25 / 4.25 = 9.4706; x 0.32: 3.0306, 0.9698, 0.3103; then 0.0993 < 0.1, so 0.1.
    const w = fallingWeights(0, 5);
    [3.0306, 0.9698, 0.3103, 0.1, 0.1].forEach((x, i) => expect(w[i]).toBeCloseTo(x, 4));
  });

  it('stops at minShare of its initial value when that is above minPenalty', () => {
    // Floor 0.05 x 9.4706 = 0.4735: 3.0306, 0.9698, then 0.3103 < 0.4735, so 0.4735 from there on.
    const w = fallingWeights(0.05, 5);
    [3.0306, 0.9698, 0.4735, 0.4735, 0.4735].forEach((x, i) => expect(w[i]).toBeCloseTo(x, 4));
  });

  it('does not apply when every client is required (the classic benchmarks keep the plain rule)', () => {
    // Required clients earn no prize, so the initial weight is the mean edge per mean load, 16 / 4.25 = 3.7647;
    // x 0.32: 1.2047, 0.3855, 0.1234, then 0.0395 < 0.1: minPenalty, not 0.05 x 3.7647 = 0.1882.
    const w = fallingWeights(0.05, 5, true);
    [1.2047, 0.3855, 0.1234, 0.1, 0.1].forEach((x, i) => expect(w[i]).toBeCloseTo(x, 4));
  });
});
