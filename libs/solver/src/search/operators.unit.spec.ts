import { CostEvaluator } from '../cost/costEvaluator.js';
import { randomRoutes } from '../hgs/island.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { evaluateRoutes } from '../solution/evaluate.js';
import { decodeRoutes } from '../solution/solution.js';
import { planeSpec } from '../testing/planeProblem.js';
import { randomProblem } from '../testing/randomProblem.js';
import { referenceCost } from '../testing/referenceCost.js';
import { stateProblems } from '../testing/stateConsistency.js';
import type { NodeOperator, RouteOperator } from './context.js';
import { LocalSearch } from './localSearch.js';
import { Exchange } from './operators/exchange.js';
import { SwapStar } from './operators/swapStar.js';
import { SwapTails } from './operators/swapTails.js';
import { SwapHeads } from './operators/swapHeads.js';
import { SwapRoutes } from './operators/swapRoutes.js';
import { MergeRoutes } from './operators/mergeRoutes.js';
import { TwoOpt } from './operators/twoOpt.js';

/**
 * Property test for every operator: on random small problems (plain CVRP and rich ones with breaks, several
 * windows, pickups, two depots, three vehicle types with different profiles), the delta an operator reports
 * equals the change of the penalised cost recomputed from scratch after applying the move; when evaluation
 * stops early (returns >= 0), the real change is at least the reported value. `onTheWay`: the rich problems
 * with breaks taken on the way (ProblemSpec.breaksOnTheWay, as for VROOM input).
 */
function setup(seed: number, rich: boolean, onTheWay = false, pickups = true, serviceWeight = 0) {
  const problem = new Problem({
    ...randomProblem({ clients: 20, rich, seed, pickups }),
    breaksOnTheWay: onTheWay,
  });
  const rng = new Rng(seed);
  const ls = new LocalSearch(problem, computeNeighbours(problem), rng);
  ls.ev.serviceWeight = serviceWeight;
  const ce = new CostEvaluator(new Float64Array(problem.numDims).fill(3), 2);
  ls.loadAndRepair(randomRoutes(problem, rng), ce);
  const cost = () => referenceCost(problem, ls.state, ce, serviceWeight);
  return { problem, rng, ls, ce, cost };
}

function snapshot(ls: LocalSearch): () => void {
  const enc = ls.export().encode();
  const e = ls.state.selEarly.slice();
  const l = ls.state.selLate.slice();
  return () => {
    ls.state.load(decodeRoutes(enc));
    ls.state.selEarly.set(e);
    ls.state.selLate.set(l);
    for (const r of ls.state.routes) ls.state.updateRoute(r);
  };
}

type TestableOp = NodeOperator & { exact?: boolean };

function exerciseNodeOp(
  make: (ls: LocalSearch) => TestableOp,
  rich: boolean,
  onTheWay = false,
  pickups = true,
  serviceWeight = 0,
): number {
  let applied = 0;
  for (let seed = 1; seed <= 4; seed++) {
    const { problem, rng, ls, cost } = setup(seed, rich, onTheWay, pickups, serviceWeight);
    const op = make(ls);
    for (let trial = 0; trial < 150; trial++) {
      const routed: number[] = [];
      for (let u = problem.numDepots; u < problem.numNodes; u++) if (ls.state.isRouted(u)) routed.push(u);
      const U = routed[rng.randint(routed.length)]!;
      const rv = ls.state.routes[rng.randint(ls.state.routes.length)]!;
      const V = rv.nodes[rng.randint(rv.last)]!;
      const before = cost();
      expect(ls.currentCost()).toBeCloseTo(before, 6);
      const restore = snapshot(ls);
      op.exact = false;
      const fast = op.evaluate(U, V);
      op.exact = true;
      const delta = op.evaluate(U, V);
      if (fast < 0) expect(fast).toBeCloseTo(delta, 6);
      else expect(delta).toBeGreaterThanOrEqual(fast - 1e-6);
      if (delta === 0) continue;
      op.apply(U, V);
      applied++;
      const after = cost();
      expect(after - before).toBeCloseTo(delta, 6);
      expect(stateProblems(ls, problem)).toEqual([]);
      expect(ls.currentCost()).toBeCloseTo(after, 6);
      if (trial % 3 !== 0) restore();
    }
  }
  return applied;
}

describe('node operators: evaluate delta == recomputed cost difference', () => {
  const cases: [string, (ls: LocalSearch) => TestableOp][] = [
    ['relocate (1,0)', (ls) => new Exchange(ls, 1, 0)],
    ['(2,0)', (ls) => new Exchange(ls, 2, 0)],
    ['(3,0)', (ls) => new Exchange(ls, 3, 0)],
    ['swap (1,1)', (ls) => new Exchange(ls, 1, 1)],
    ['(2,1)', (ls) => new Exchange(ls, 2, 1)],
    ['(2,2)', (ls) => new Exchange(ls, 2, 2)],
    ['(3,3)', (ls) => new Exchange(ls, 3, 3)],
    ['2-opt* (swap tails)', (ls) => new SwapTails(ls)],
  ];
  for (const [name, make] of cases) {
    it(`${name} on plain CVRP`, () => {
      expect(exerciseNodeOp(make, false)).toBeGreaterThan(30);
    });
    if (name === '(3,3)') continue; // rich routes are too short for two 3-visit segments
    it(`${name} on rich problems`, () => {
      expect(exerciseNodeOp(make, true)).toBeGreaterThan(20);
    });
    it(`${name} on rich problems with breaks on the way`, () => {
      expect(exerciseNodeOp(make, true, true)).toBeGreaterThan(20);
    });
    // Without pickups the load penalties a bound computes are exact, and the exchanges reuse them.
    it(`${name} on rich problems without pickups`, () => {
      expect(exerciseNodeOp(make, true, true, false)).toBeGreaterThan(20);
    });
    // Service priced under each route's vehicle type (two service types): the bounds add its exact change.
    it(`${name} on rich problems with service priced`, () => {
      expect(exerciseNodeOp(make, true, false, true, 0.5)).toBeGreaterThan(20);
      expect(exerciseNodeOp(make, true, true, false, 0.5)).toBeGreaterThan(20);
    });
  }
  // Head exchange only applies between vehicles of different types: the rich problems' three types.
  it('head exchange on rich problems', () => {
    expect(exerciseNodeOp((ls) => new SwapHeads(ls), true)).toBeGreaterThan(20);
  });
  it('head exchange on rich problems with breaks on the way', () => {
    expect(exerciseNodeOp((ls) => new SwapHeads(ls), true, true)).toBeGreaterThan(20);
  });
  it('head exchange on rich problems without pickups', () => {
    expect(exerciseNodeOp((ls) => new SwapHeads(ls), true, true, false)).toBeGreaterThan(20);
  });
  it('head exchange on rich problems with service priced', () => {
    expect(exerciseNodeOp((ls) => new SwapHeads(ls), true, false, true, 0.5)).toBeGreaterThan(20);
    expect(exerciseNodeOp((ls) => new SwapHeads(ls), true, true, false, 0.5)).toBeGreaterThan(20);
  });
  it('head exchange never applies on a fleet of one type', () => {
    expect(exerciseNodeOp((ls) => new SwapHeads(ls), false)).toBe(0);
  });
  it('intra-route 2-opt on plain CVRP', () => {
    expect(exerciseNodeOp((ls) => new TwoOpt(ls), false)).toBeGreaterThan(20);
  });
});

/** A test case's name: the problem kind, breaks on the way, service priced. */
function caseName(rich: boolean, onTheWay: boolean, priced: number): string {
  return `${rich ? 'rich' : 'plain'}${onTheWay ? ', breaks on the way' : ''}${priced ? ', service priced' : ''}`;
}

describe('SWAP*', () => {
  for (const [rich, onTheWay, priced] of [
    [false, false, 0],
    [true, false, 0],
    [true, true, 0],
    [true, false, 0.5],
  ] as const) {
    const what = caseName(rich, onTheWay, priced);
    it(`reports exact deltas (${what})`, () => {
      let applied = 0;
      for (let seed = 1; seed <= 8; seed++) {
        const { problem, ls, cost } = setup(seed, rich, onTheWay, true, priced);
        const op: RouteOperator = new SwapStar(ls);
        const R = ls.state.routes.length;
        for (let a = 0; a < R; a++)
          for (let b = a + 1; b < R; b++) {
            if (ls.state.routes[a]!.numClients === 0 || ls.state.routes[b]!.numClients === 0) continue;
            const before = cost();
            const delta = op.evaluate(a, b);
            if (delta === 0) continue;
            op.apply(a, b);
            applied++;
            const after = cost();
            expect(after - before).toBeCloseTo(delta, 6);
            expect(stateProblems(ls, problem)).toEqual([]);
          }
      }
      expect(applied).toBeGreaterThan(5);
    });
  }
});

describe("SWAP* in V's place", () => {
  // Two vehicles from a depot at (0, 0), whole-unit plane distances, travel time as cost (planeSpec).
  // Route 0: a1 (0, 100), U (110, 5), a2 (0, 120), a3 (30, 120); route 1: b1 (100, 0), V (5, 110), b2 (120, 0),
  // b3 (120, 30). Each route holds the other's odd one out: 100 + 145 + 159 + 30 + 124 = 558 each.
  // Taking U out saves 145 + 159 - 20 = 284, V the same. U into route 1 once V leaves, by edge cost:
  // - in V's place, b1 -> U -> b2: 11 + 11 - 20 = +2;
  // - the cheapest of the top-3 points that are not next to V, after b2: 11 + 27 - 30 = +8 (the first of the
  //   three, after V, costs 148 + 11 - 159 = 0 but goes with V).
  // V into route 0 is the mirror image. In V's place the move is -284 - 284 + 2 + 2 = -564 (two routes of 276);
  // HGS-CVRP prices V's place too (getCheapestInsertSimultRemoval). Without it: -568 + 8 + 8 = -552.
  it('puts each client where the other was when that is cheapest', () => {
    const points: [number, number][] = [
      [0, 0],
      [0, 100],
      [0, 120],
      [30, 120],
      [100, 0],
      [120, 0],
      [120, 30],
      [110, 5],
      [5, 110],
    ];
    const ids = ['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'U', 'V'];
    const problem = new Problem(planeSpec('in place', points, ids, 2, 10_000));
    const ls = new LocalSearch(problem, computeNeighbours(problem), new Rng(1));
    const ce = new CostEvaluator(new Float64Array(1).fill(3), 2);
    const node = (id: string) => ids.indexOf(id) + 1;
    const route = (...visits: string[]) => Int32Array.from(visits, node);
    ls.loadAndRepair(
      [
        { vehicle: 0, visits: route('a1', 'U', 'a2', 'a3') },
        { vehicle: 1, visits: route('b1', 'V', 'b2', 'b3') },
      ],
      ce,
    );
    const op = new SwapStar(ls);
    expect(op.evaluate(0, 1)).toBeCloseTo(-564, 9);
    op.apply();
    const visits = ls.export().routes.map((r) => Array.from(r.visits, (u) => ids[u - 1]));
    expect(visits).toEqual([
      ['a1', 'V', 'a2', 'a3'],
      ['b1', 'U', 'b2', 'b3'],
    ]);
  });
});

describe('SWAP* caches', () => {
  // The insertion points, removal costs and sectors are kept per route content version (SearchState.routeVersion)
  // across loads, weight changes and applied moves: an operator that has seen every earlier state must find
  // exactly what a new one (empty caches) finds on the same state.
  it('give the same verdicts as empty ones across loads, weight changes and moves', () => {
    let compared = 0;
    let applied = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const { problem, rng, ls, ce } = setup(seed, true);
      const kept = new SwapStar(ls);
      const plans = [ls.export().routes, randomRoutes(problem, rng), randomRoutes(problem, rng)];
      const heavier = new CostEvaluator(new Float64Array(problem.numDims).fill(30), 20);
      for (let round = 0; round < 12; round++) {
        // Back to an earlier plan (most of whose routes the caches know) or a new one; every third round
        // under other weights.
        ls.loadAndRepair(plans[rng.randint(plans.length)]!, ce);
        ls.ev.ce = round % 3 === 2 ? heavier : ce;
        const R = ls.state.routes.length;
        for (let a = 0; a < R; a++)
          for (let b = a + 1; b < R; b++) {
            if (ls.state.routes[a]!.numClients === 0 || ls.state.routes[b]!.numClients === 0) continue;
            const expected = new SwapStar(ls).evaluate(a, b);
            expect(kept.evaluate(a, b)).toBe(expected);
            compared++;
            if (expected < 0) {
              kept.apply();
              applied++;
            }
          }
        plans.push(ls.export().routes);
      }
    }
    expect(compared).toBeGreaterThan(200);
    expect(applied).toBeGreaterThan(20);
  });
});

/**
 * For the route operators: on rich problems (seeds 1 to 8), `visit` is called on every pair of non-empty routes
 * and returns the delta of the move it applied, or undefined when it applied none; each applied delta must
 * equal the recomputed change of the penalised cost, with the state consistent. Returns the moves applied.
 */
function exerciseRoutePairs(
  onTheWay: boolean,
  visit: (ls: LocalSearch, a: number, b: number) => number | undefined,
  serviceWeight = 0,
): number {
  let applied = 0;
  for (let seed = 1; seed <= 8; seed++) {
    const { problem, ls, cost } = setup(seed, true, onTheWay, true, serviceWeight);
    const R = ls.state.routes.length;
    for (let a = 0; a < R; a++)
      for (let b = a + 1; b < R; b++) {
        if (ls.state.routes[a]!.numClients === 0 || ls.state.routes[b]!.numClients === 0) continue;
        const before = cost();
        const delta = visit(ls, a, b);
        if (delta === undefined) continue;
        applied++;
        const after = cost();
        expect(after - before).toBeCloseTo(delta, 6);
        expect(stateProblems(ls, problem)).toEqual([]);
      }
  }
  return applied;
}

/** The cases of the route-pair operators (rich problems): breaks on the way or not, service priced at 0.5. */
const ROUTE_PAIR_CASES = (
  [
    [false, 0],
    [true, 0],
    [false, 0.5],
  ] as const
).map(([onTheWay, priced]) => ({ onTheWay, priced, what: caseName(true, onTheWay, priced) }));

describe('route exchange', () => {
  // Every pair of non-empty routes is exchanged, whatever the delta, so infeasible and worse results are
  // checked too; the bound (evaluate without `exact`) must never exceed the exact delta.
  for (const { onTheWay, priced, what } of ROUTE_PAIR_CASES) {
    it(`reports exact deltas and a lower bound (${what})`, () => {
      const applied = exerciseRoutePairs(
        onTheWay,
        (ls, a, b) => {
          const exact = new SwapRoutes(ls);
          exact.exact = true;
          const bound = new SwapRoutes(ls).evaluate(a, b);
          const delta = exact.evaluate(a, b);
          const [rA, rB] = [ls.state.routes[a]!, ls.state.routes[b]!];
          if (rA.type === rB.type || rA.hasBreak !== rB.hasBreak) {
            expect(delta).toBe(0);
            return undefined;
          }
          expect(bound).toBeLessThanOrEqual(delta + 1e-6);
          exact.apply();
          return delta;
        },
        priced,
      );
      expect(applied).toBeGreaterThan(5);
    });
  }
  it('never applies on a fleet of one type', () => {
    const { ls } = setup(1, false);
    expect(SwapRoutes.applicable(ls)).toBe(false);
  });
});

describe('route merge', () => {
  // Every pair of non-empty routes is merged into its best unused vehicle of a third type, whatever the delta
  // (exact), so infeasible and worse results are checked too.
  for (const { onTheWay, priced, what } of ROUTE_PAIR_CASES) {
    it(`reports exact deltas (${what})`, () => {
      const applied = exerciseRoutePairs(
        onTheWay,
        (ls, a, b) => {
          const op = new MergeRoutes(ls);
          op.exact = true;
          const delta = op.evaluate(a, b);
          if (!op.found) return undefined;
          const [rA, rB] = [ls.state.routes[a]!, ls.state.routes[b]!];
          op.apply(a, b);
          expect(rA.numClients + rB.numClients).toBe(0);
          expect(ls.state.routes[op.alsoChanged]!.type).not.toBe(rA.type);
          return delta;
        },
        priced,
      );
      expect(applied).toBeGreaterThan(5);
    });
  }
  it('never applies on a fleet of one type', () => {
    const { ls } = setup(1, false);
    expect(MergeRoutes.applicable(ls)).toBe(false);
  });
});

describe('local search', () => {
  it('never worsens the penalised cost and keeps the state consistent', () => {
    for (let seed = 1; seed <= 6; seed++) {
      for (const [rich, onTheWay, priced] of [
        [false, false, 0],
        [true, false, 0],
        [true, true, 0],
        [true, false, 0.5],
      ] as const) {
        const { problem, rng, ls, ce, cost } = setup(seed, rich, onTheWay, true, priced);
        const before = cost();
        ls.improve(ce);
        const after = cost();
        expect(after).toBeLessThanOrEqual(before + 1e-6);
        expect(ls.currentCost()).toBeCloseTo(after, 6);
        expect(stateProblems(ls, problem)).toEqual([]);
        // Loaded afresh (windows chosen again, as another thread does with a plan it receives), a feasible
        // plan stays feasible and costs the same.
        const sol = ls.export();
        const again = evaluateRoutes(problem, sol.routes);
        if (sol.feasible) expect(again.feasible).toBe(true);
        expect(again.cost).toBeCloseTo(sol.cost, 6);
        void rng;
      }
    }
  });
});
