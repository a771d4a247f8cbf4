import { Problem } from '../model/problem.js';
import { lineSpec } from '../testing/lineProblem.js';
import { Island } from './island.js';

/**
 * Depot 0, c1 at node 1 (10 from the depot) and c2 at node 2 (20 from the depot), one delivery each, one
 * vehicle of capacity 1 whose shift is [0, 1000]: only one of them fits. c1 is worth BIG (a VROOM job without
 * priority), c2 2 x BIG (a job with priority), so the best plan serves c2: cost 20 + 20 = 40 plus c1's value
 * BIG left out, against 10 + 10 = 20 plus 2 x BIG for the plan that serves c1.
 */
function twoJobs(): Problem {
  const BIG = 1e6;
  return new Problem(
    lineSpec(
      [
        { id: 'c1', delivery: [1], service: 0, required: false, prize: BIG },
        { id: 'c2', delivery: [1], service: 0, required: false, prize: 2 * BIG, priority: 1 },
      ],
      [1],
      1000,
      { lexicographicPrizes: true },
    ),
  );
}

describe('Island.polishValues', () => {
  it('lets a left-out client worth more than a routed one in, dropping the cheaper one', () => {
    const problem = twoJobs();
    const island = new Island(problem, 1);
    const ce = island.pm.costEvaluator();
    island.ls.loadAndRepair([{ vehicle: 0, visits: Int32Array.from([1]) }], ce);
    const servesC1 = island.ls.export();
    expect(servesC1.feasible).toBe(true);
    expect(servesC1.objective).toBe(20 + 2e6);
    island.best = servesC1;
    island.polishValues();
    const best = island.best;
    expect(best.feasible).toBe(true);
    expect([...best.routes[0]!.visits]).toEqual([2]);
    expect(best.objective).toBe(40 + 1e6);
  });

  it('leaves a plan alone when no left-out client is worth more than a routed one', () => {
    const problem = twoJobs();
    const island = new Island(problem, 1);
    island.ls.loadAndRepair([{ vehicle: 0, visits: Int32Array.from([2]) }], island.pm.costEvaluator());
    const servesC2 = island.ls.export();
    island.best = servesC2;
    island.polishValues();
    expect(island.best).toBe(servesC2);
  });
});
