import { PenaltyManager } from '../cost/penaltyManager.js';
import { IslandRunner } from '../islands/runner.js';
import { fromVroom } from '../io/vroom/input.js';
import { DEFAULT_GENETIC_PARAMS } from '../hgs/params.js';
import { Problem } from './problem.js';
import type { ProblemSpec } from './spec.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';

/**
 * A VROOM problem of 24 jobs and 4 vehicles at speed factors 1, 1.2, 0.8 and 1.25 (factors 100, 83, 125 and 80),
 * with breaks and windows, on a pseudo-random symmetric matrix of whole seconds.
 */
function instance(): unknown {
  const L = 25;
  let seed = 12345;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const xy = Array.from({ length: L }, () => [rand(10_000), rand(10_000)] as const);
  const durations = xy.map(([ax, ay]) =>
    xy.map(([bx, by]) => Math.round(Math.abs(ax - bx) + Math.abs(ay - by))),
  );
  return {
    vehicles: [1, 1.2, 0.8, 1.25].map((speed_factor, id) => ({
      id,
      start_index: 0,
      end_index: 0,
      capacity: [8],
      time_window: [0, 60_000],
      speed_factor,
      breaks: [{ id: 100 + id, time_windows: [[10_000, 30_000]], service: 1800 }],
    })),
    jobs: Array.from({ length: L - 1 }, (_, j) => ({
      id: j + 1,
      location_index: j + 1,
      service: 300,
      delivery: [1],
      ...(j % 3 === 0 ? { time_windows: [[rand(20_000), 40_000 + rand(20_000)]] } : {}),
    })),
    matrices: { car: { durations } },
  };
}

function run(problem: Problem): { cost: number; routes: string } {
  const runner = new IslandRunner(
    problem,
    0,
    7,
    { maxIterations: 40 },
    () => 0,
    () => false,
    DEFAULT_GENETIC_PARAMS,
  );
  while (!runner.runEpoch(10));
  const best = runner.island.best!;
  return { cost: best.cost, routes: JSON.stringify(best.routes) };
}

describe('a shared matrix read through speed factors (session 38)', () => {
  it('searches exactly as scaled copies do: same plan at the same iterations', () => {
    const { spec } = fromVroom(instance(), 'scaled');
    // Default budget: 4 copies of 25 x 25 fit, so each profile reads a scaled copy of its own.
    const copies = new Problem(spec);
    // No budget: every profile reads the shared matrix through its factor.
    const shared = new Problem(spec, { scaledCopiesBytes: 0 });
    expect(copies.readsScaled).toBe(false);
    expect(shared.readsScaled).toBe(true);
    expect([copies.scaledCopies, shared.scaledCopies]).toEqual([true, false]);
    // Whole seconds under 65 535 after scaling: the copies are Uint16 (read in one pass, session 63).
    for (const m of copies.durations) expect(m).toBeInstanceOf(Uint16Array);
    expect([...shared.travelScale].sort()).toEqual([0.8, 0.83, 1, 1.25]);
    // Every travel time agrees.
    for (let p = 0; p < spec.profiles.length; p++)
      for (let a = 0; a < copies.numNodes; a++)
        for (let b = 0; b < copies.numNodes; b++) expect(shared.dur(p, a, b)).toBe(copies.dur(p, a, b));
    const a = run(copies);
    const b = run(shared);
    expect(b.cost).toBe(a.cost);
    expect(b.routes).toBe(a.routes);
  });
});

describe('the initial penalty weights through speed factors (session 63)', () => {
  it('are those of the scaled copies: only the fastest profile of a shared matrix is sampled', () => {
    const { spec } = fromVroom(instance(), 'scaled');
    const copies = new PenaltyManager(new Problem(spec)).costEvaluator();
    const shared = new PenaltyManager(new Problem(spec, { scaledCopiesBytes: 0 })).costEvaluator();
    expect(shared.timeWarpPenalty).toBe(copies.timeWarpPenalty);
    expect([...shared.loadPenalty]).toEqual([...copies.loadPenalty]);
  });
});

describe('ProblemOptions.scaledCopies (session 63)', () => {
  it('forces the copies (or none) whatever the budget', () => {
    const { spec } = fromVroom(instance(), 'scaled');
    const forced = new Problem(spec, { scaledCopies: true, scaledCopiesBytes: 0 });
    const none = new Problem(spec, { scaledCopies: false });
    expect([forced.scaledCopies, forced.readsScaled]).toEqual([true, false]);
    expect([none.scaledCopies, none.readsScaled]).toEqual([false, true]);
    expect(run(forced)).toEqual(run(none));
  });

  it('makes no copies where no profile has a factor', () => {
    const { spec } = fromVroom(instance(), 'scaled');
    const plain = { ...spec, profiles: spec.profiles.map(({ durationFactor: _f, ...p }) => p) };
    const p = new Problem(plain, { scaledCopies: true });
    expect([p.scaledCopies, p.readsScaled]).toEqual([false, false]);
  });

  it('scales into doubles where a scaled entry exceeds 65 535 (a Uint16 copy would wrap)', () => {
    // 60 000 s read at factor 125 is 75 000 s.
    const m = Uint16Array.from([0, 60_000, 60_000, 0]);
    const spec: ProblemSpec = {
      name: 'big',
      numDims: 1,
      depots: [{ id: 'd' }],
      clients: [{ id: 'c', delivery: [1], service: 0, required: true }],
      vehicleTypes: [travelTimeVehicle('v', [1], Infinity)],
      profiles: [{ name: 'slow', durations: m, distances: m, durationFactor: 125 }],
      numServiceTypes: 1,
    };
    const p = new Problem(spec);
    expect(p.scaledCopies).toBe(true);
    expect(p.durations[0]).not.toBeInstanceOf(Uint16Array);
    expect(p.dur(0, 0, 1)).toBe(75_000);
  });
});
