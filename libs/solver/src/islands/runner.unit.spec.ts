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
