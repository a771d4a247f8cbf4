import { CostEvaluator } from '../cost/costEvaluator.js';
import { randomRoutes } from '../hgs/island.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { randomProblem } from '../testing/randomProblem.js';
import type { NodeOperator } from './context.js';
import { LocalSearch } from './localSearch.js';
import { Exchange } from './operators/exchange.js';
import { SwapTails } from './operators/swapTails.js';

/**
 * The bounds of moves into an empty route (LocalSearch's empty-route moves: V is the start of an unused
 * vehicle's route). They are filters only: a bound returned (>= 0) never exceeds the exact delta, and a
 * negative one is never returned (the exact delta is). Plans with half the vehicles unused: each odd-index
 * route's visits go to the route before it.
 */
type TestableOp = NodeOperator & { exact?: boolean };

function halfEmpty(seed: number, rich: boolean) {
  const problem = new Problem(randomProblem({ clients: 24, rich, seed }));
  const rng = new Rng(seed);
  const ls = new LocalSearch(problem, computeNeighbours(problem), rng);
  const ce = new CostEvaluator(new Float64Array(problem.numDims).fill(3), 2);
  const byVehicle = new Map<number, number[]>();
  for (const r of randomRoutes(problem, rng)) {
    const to = r.vehicle - (r.vehicle % 2);
    byVehicle.set(to, [...(byVehicle.get(to) ?? []), ...r.visits]);
  }
  ls.loadAndRepair(
    [...byVehicle].map(([vehicle, visits]) => ({ vehicle, visits: Int32Array.from(visits) })),
    ce,
  );
  return { problem, ls };
}

function exercise(make: (ls: LocalSearch) => TestableOp, rich: boolean): { pairs: number; cut: number } {
  let pairs = 0;
  let cut = 0;
  for (let seed = 1; seed <= 6; seed++) {
    const { problem, ls } = halfEmpty(seed, rich);
    const op = make(ls);
    const empty = ls.state.routes.filter((r) => r.numClients === 0);
    expect(empty.length).toBeGreaterThan(0);
    for (let U = problem.numDepots; U < problem.numNodes; U++) {
      if (!ls.state.isRouted(U)) continue;
      for (const r of empty) {
        op.exact = false;
        const fast = op.evaluate(U, r.startHandle);
        op.exact = true;
        const exact = op.evaluate(U, r.startHandle);
        pairs++;
        if (fast < 0) expect(fast).toBeCloseTo(exact, 6);
        else expect(exact).toBeGreaterThanOrEqual(fast - 1e-6);
        if (fast < exact - 1e-9) cut++;
      }
    }
  }
  return { pairs, cut };
}

describe('bounds of moves into an empty route', () => {
  const cases: [string, (ls: LocalSearch) => TestableOp][] = [
    ['relocate (1,0)', (ls) => new Exchange(ls, 1, 0)],
    ['(2,0)', (ls) => new Exchange(ls, 2, 0)],
    ['2-opt* (swap tails)', (ls) => new SwapTails(ls)],
  ];
  for (const [name, make] of cases) {
    for (const rich of [false, true]) {
      it(`${name} never exceed the exact delta (${rich ? 'rich' : 'plain CVRP'})`, () => {
        const { pairs, cut } = exercise(make, rich);
        expect(pairs).toBeGreaterThan(100);
        // The bound decides some of them on its own (it returned less than the exact delta).
        expect(cut).toBeGreaterThan(0);
      });
    }
  }
});
