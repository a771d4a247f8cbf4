import { DEFAULT_GENETIC_PARAMS } from '../hgs/params.js';
import { Problem } from '../model/problem.js';
import { lineSpec, optionalLineClients } from '../testing/lineProblem.js';
import { IslandRunner } from './runner.js';

/**
 * Ten optional clients on the line (testing/lineProblem.ts), one vehicle: at most `smallClients` (200) clients
 * and depot legs that are not the bulk of a route (each route runs out along the line and back), so the
 * problem's share of ruin steps is `smallRuinShare` on the islands of even index and `smallRuinShareOdd` on
 * the others.
 */
describe('IslandRunner: the ruin share of small problems by island index', () => {
  const problem = new Problem(lineSpec(optionalLineClients(10, 100, 1000), [100], 100_000));
  const params = { ...DEFAULT_GENETIC_PARAMS, smallRuinShare: 0.2, smallRuinShareOdd: 0.95 };
  const runner = (index: number): IslandRunner =>
    new IslandRunner(
      problem,
      index,
      1,
      { maxIterations: 1 },
      () => 0,
      () => false,
      params,
    );

  it('gives the islands of even index smallRuinShare', () => {
    expect(runner(0).island.ruinShareNow()).toBe(0.2);
    expect(runner(2).island.ruinShareNow()).toBe(0.2);
  });

  it('gives the islands of odd index smallRuinShareOdd', () => {
    expect(runner(1).island.ruinShareNow()).toBe(0.95);
    expect(runner(3).island.ruinShareNow()).toBe(0.95);
  });

  it('leaves larger problems their own share on every island', () => {
    const large = { ...params, smallClients: 5 };
    for (const index of [0, 1]) {
      const r = new IslandRunner(
        problem,
        index,
        1,
        { maxIterations: 1 },
        () => 0,
        () => false,
        large,
      );
      expect(r.island.ruinShareNow()).toBe(DEFAULT_GENETIC_PARAMS.ruinShare);
    }
  });
});

/**
 * The time limit counts from the caller's start: with the clock at 1000 ms once the island is built, a 500 ms
 * limit that began at 0 is over after the initial solutions (the first epoch ends the run), while one that
 * begins at construction (1000) still has 500 ms left.
 */
describe('IslandRunner: where the time limit counts from', () => {
  const problem = new Problem(lineSpec(optionalLineClients(10, 100, 1000), [100], 100_000));
  const make = (startedAt?: number): IslandRunner =>
    new IslandRunner(
      problem,
      0,
      1,
      { timeLimitMs: 500 },
      () => 1000,
      () => false,
      DEFAULT_GENETIC_PARAMS,
      undefined,
      startedAt,
    );

  it('stops after the first epoch when the limit began before the build', () => {
    const r = make(0);
    expect(r.runEpoch(1)).toBe(true);
    expect(r.done).toBe(true);
    expect(r.island.iterations).toBe(0);
    expect(r.island.result()).toBeDefined();
  });

  it('goes on when the limit begins at construction', () => {
    const r = make();
    expect(r.runEpoch(1)).toBe(false);
    expect(r.done).toBe(false);
  });
});
