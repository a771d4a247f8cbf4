import { CostEvaluator } from '../cost/costEvaluator.js';
import { randomRoutes } from '../hgs/island.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { randomProblem } from '../testing/randomProblem.js';
import { referenceCost } from '../testing/referenceCost.js';
import { stateProblems } from '../testing/stateConsistency.js';
import { LocalSearch } from './localSearch.js';
import { BREAK } from '../solution/solution.js';
import { DEFAULT_RUIN, ruinAndRecreate } from './ruin.js';

function improved(seed: number, rich: boolean, allOptional = false) {
  const spec = randomProblem({ clients: 40, rich, seed });
  const problem = new Problem(
    allOptional
      ? { ...spec, clients: spec.clients.map((c) => ({ ...c, required: false, prize: c.prize ?? 1000 })) }
      : spec,
  );
  const neighbours = computeNeighbours(problem);
  const rng = new Rng(seed);
  const ls = new LocalSearch(problem, neighbours, rng);
  const ce = new CostEvaluator(new Float64Array(problem.numDims).fill(3), 2);
  ls.loadAndRepair(randomRoutes(problem, rng), ce);
  ls.improve(ce);
  return { problem, neighbours, rng, ls, ce };
}

describe('ruin and recreate', () => {
  for (const rich of [false, true]) {
    it(`keeps the state and its cached route data consistent (${rich ? 'rich' : 'plain'})`, () => {
      let removedTotal = 0;
      for (let seed = 1; seed <= 8; seed++) {
        const { problem, neighbours, rng, ls, ce } = improved(seed, rich);
        for (let round = 0; round < 20; round++) {
          removedTotal += ruinAndRecreate(ls, neighbours, rng);
          expect(stateProblems(ls, problem)).toEqual([]);
          // The incremental totals of the routes equal a visit-by-visit recomputation.
          expect(ls.currentCost()).toBeCloseTo(referenceCost(problem, ls.state, ce), 6);
          ls.improve(ce);
        }
      }
      // 8 seeds x 20 rounds, each removing at least one client.
      expect(removedTotal).toBeGreaterThanOrEqual(160);
    });
  }

  it('is reproducible from the seed', () => {
    const run = (): string => {
      const { neighbours, rng, ls, ce } = improved(3, true);
      for (let round = 0; round < 10; round++) {
        ruinAndRecreate(ls, neighbours, rng);
        ls.improve(ce);
      }
      return Array.from(ls.export().encode()).join(',');
    };
    expect(run()).toBe(run());
  });

  it('puts back an optional client only where it adds no violation', () => {
    let checked = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const { problem, neighbours, rng, ls } = improved(seed, true, true);
      // Heavy penalties: a violation never pays, so the optional clients routed after recreate all fit.
      const strict = new CostEvaluator(new Float64Array(problem.numDims).fill(1e9), 1e9);
      ls.improve(strict);
      ls.dropToFeasible(strict);
      const before = ls.export();
      if (!before.feasible) continue;
      for (let round = 0; round < 10; round++) ruinAndRecreate(ls, neighbours, rng);
      // Every client is optional: removals free room and insertions add no load over a capacity.
      const after = ls.export();
      for (let k = 0; k < problem.numDims; k++) expect(after.excess[k]).toBe(0);
      checked++;
    }
    expect(checked).toBeGreaterThan(4);
  });
});

describe('the local search after a ruin, started from the ruined clients only', () => {
  it('reports every removed client as touched, and the search from them keeps the state consistent', () => {
    for (let seed = 1; seed <= 4; seed++) {
      const { problem, neighbours, rng, ls, ce } = improved(seed, true, true);
      const before = new Set(ls.export().routes.flatMap((r) => Array.from(r.visits)));
      const touched: number[] = [];
      const removed = ruinAndRecreate(ls, neighbours, rng, undefined, touched);
      expect(removed).toBeGreaterThan(0);
      // A client routed before and now unrouted was removed; the removed ones are all in `touched`.
      const after = new Set(ls.export().routes.flatMap((r) => Array.from(r.visits)));
      for (const u of before) if (!after.has(u)) expect(touched).toContain(u);
      expect(touched.length).toBeGreaterThanOrEqual(removed);
      const cost = ls.currentCost();
      ls.improve(ce, undefined, touched);
      expect(ls.currentCost()).toBeLessThanOrEqual(cost + 1e-9);
      expect(stateProblems(ls, problem)).toEqual([]);
    }
  });

  it('starts no node move when given no client (the state stays as it is)', () => {
    // Plain problem: no break for the break moves (which run on changed routes either way) to shift.
    const { neighbours, rng, ls, ce } = improved(2, false, true);
    ruinAndRecreate(ls, neighbours, rng);
    const plan = Array.from(ls.export().encode()).join(',');
    const withoutRouteOps = new LocalSearch(ls.problem, neighbours, rng, { swapStar: false });
    withoutRouteOps.loadAndRepair(ls.export().routes, ce);
    withoutRouteOps.improve(ce, undefined, []);
    expect(Array.from(withoutRouteOps.export().encode()).join(',')).toBe(plan);
  });
});

describe('the route-removal ruin', () => {
  // Every ruin a route removal, whatever the route's size (the random problems' routes have up to 40 clients).
  const emptyAll = { ...DEFAULT_RUIN, routeShare: 1, meanRemoved: 40 };

  for (const rich of [false, true]) {
    it(`empties one used route, keeps it empty through the recreate, and keeps the state consistent (${rich ? 'rich' : 'plain'})`, () => {
      let emptied = 0;
      for (let seed = 1; seed <= 8; seed++) {
        const { problem, neighbours, rng, ls, ce } = improved(seed, rich);
        for (let round = 0; round < 5; round++) {
          const before = new Map(
            ls.export().routes.map((r) => [r.vehicle, r.visits.filter((u) => u !== BREAK).length]),
          );
          if (before.size < 2) break;
          const touched: number[] = [];
          const removed = ruinAndRecreate(ls, neighbours, rng, emptyAll, touched);
          const after = new Set(ls.export().routes.map((r) => r.vehicle));
          // Some route used before is now empty, and it had exactly the clients removed (all of them touched).
          const gone = [...before].filter(([v, n]) => !after.has(v) && n === removed);
          expect(gone.length).toBeGreaterThan(0);
          expect(touched.length).toBe(removed);
          expect(stateProblems(ls, problem)).toEqual([]);
          expect(ls.currentCost()).toBeCloseTo(referenceCost(problem, ls.state, ce), 6);
          emptied++;
          ls.improve(ce);
        }
      }
      expect(emptied).toBeGreaterThan(20);
    });
  }

  it('puts back every required client (somewhere other than the emptied route)', () => {
    let required = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const { problem, neighbours, rng, ls } = improved(seed, true);
      ruinAndRecreate(ls, neighbours, rng, emptyAll);
      const routed = new Set(ls.export().routes.flatMap((r) => Array.from(r.visits)));
      for (let u = problem.numDepots; u < problem.numNodes; u++)
        if (problem.required[u] === 1) {
          expect(routed.has(u)).toBe(true);
          required++;
        }
    }
    // About 70 % of 4 x 40 clients are required in the rich random problems.
    expect(required).toBeGreaterThan(60);
  });

  it('leaves routes of more than meanRemoved clients to the string ruin', () => {
    // meanRemoved 1 and strings of at most 1 client: a route of 2 or more clients is not emptied, and the
    // string ruin that runs instead cuts a single string (4 x 1 / (1 + 1) - 1 = 1 string at most) of 1 client.
    const oneAtATime = { ...DEFAULT_RUIN, routeShare: 1, meanRemoved: 1, maxString: 1 };
    let checked = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const { neighbours, rng, ls } = improved(seed, false);
      const sizes = ls.export().routes.map((r) => r.visits.filter((u) => u !== BREAK).length);
      if (Math.min(...sizes) < 2) continue;
      expect(ruinAndRecreate(ls, neighbours, rng, oneAtATime)).toBe(1);
      checked++;
    }
    expect(checked).toBeGreaterThan(4);
  });
});
