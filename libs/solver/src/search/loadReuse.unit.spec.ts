import { CostEvaluator } from '../cost/costEvaluator.js';
import { randomRoutes } from '../hgs/island.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { BREAK, type SolutionRoute } from '../solution/solution.js';
import { randomProblem } from '../testing/randomProblem.js';
import { stateProblems } from '../testing/stateConsistency.js';
import { LocalSearch } from './localSearch.js';
import type { SearchState } from './state.js';

/**
 * SearchState.load keeps a route that already holds the loaded visits (and rebuilds the others). Whatever it
 * keeps, the state must be the one a fresh state loading the same plan has: same visits, positions, selected
 * windows and route statistics. Rich random problems: breaks with one or two windows, clients with two windows,
 * optional clients, three vehicle types.
 */
function setup(seed: number) {
  const problem = new Problem(randomProblem({ clients: 30, rich: true, seed }));
  const rng = new Rng(seed);
  const ls = new LocalSearch(problem, computeNeighbours(problem), rng);
  const ce = new CostEvaluator(new Float64Array(problem.numDims).fill(3), 2);
  return { problem, rng, ls, ce };
}

/** Everything a route's moves are priced from, per route, plus the handles' places and windows. */
function picture(st: SearchState): unknown {
  return {
    routeOf: Array.from(st.routeOf),
    posOf: Array.from(st.posOf),
    selEarly: Array.from(st.selEarly),
    selLate: Array.from(st.selLate),
    routes: st.routes.map((r) => ({
      nodes: Array.from(r.nodes.subarray(0, r.last + 1)),
      breakPos: r.breakPos,
      cost: r.cost,
      distance: r.distance,
      duration: r.duration,
      timeWarp: r.timeWarp,
      excess: Array.from(r.excess),
      pTW: Array.from(r.pTW.subarray(0, r.last + 1)),
      sTW: Array.from(r.sTW.subarray(0, r.last + 1)),
      pDel: Array.from(r.pDel.subarray(0, (r.last + 1) * st.problem.numDims)),
    })),
  };
}

describe('SearchState.load', () => {
  it('gives the state a fresh load gives, from whatever plan the state held before', () => {
    let kept = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const { problem, rng, ls, ce } = setup(seed);
      // Plan A: a local optimum; plan B: A with its search continued from a few routes rebuilt at random.
      ls.loadAndRepair(randomRoutes(problem, rng), ce);
      ls.improve(ce);
      const a = ls.export();
      const mixed: SolutionRoute[] = a.routes.map((r, i) =>
        i % 3 === 0 ? { ...r, visits: r.visits.slice().reverse() } : r,
      );
      ls.loadAndRepair(mixed, ce);
      ls.improve(ce);
      const b = ls.export();
      for (const [from, to] of [
        [a, b],
        [b, a],
        [a, a],
      ] as const) {
        ls.state.load(from.routes);
        const versions = ls.state.routes.map((r) => r.version);
        ls.state.load(to.routes);
        kept += ls.state.routes.filter((r, i) => r.version === versions[i]).length;
        const fresh = setup(seed).ls;
        fresh.state.load(to.routes);
        expect(picture(ls.state)).toEqual(picture(fresh.state));
        expect(stateProblems(ls, problem)).toEqual([]);
      }
    }
    // The point of it: routes already in place are not rebuilt (every one of them when the plan is the same).
    expect(kept).toBeGreaterThan(0);
  });

  it('keeps every route when the same plan is loaded again, and rebuilds a route it would normalise', () => {
    const { problem, rng, ls, ce } = setup(3);
    ls.loadAndRepair(randomRoutes(problem, rng), ce);
    ls.improve(ce);
    const plan = ls.export();
    ls.state.load(plan.routes);
    const versions = ls.state.routes.map((r) => r.version);
    ls.state.load(plan.routes);
    expect(ls.state.routes.map((r) => r.version)).toEqual(versions);

    // The same visits without their BREAK: a vehicle with a break takes it at the middle, so the route is
    // rebuilt (its version moves) and ends as a fresh load leaves it.
    const withBreak = plan.routes.find((r) => r.visits.includes(BREAK) && r.visits.length >= 4);
    expect(withBreak).toBeDefined();
    const stripped = plan.routes.map((r) =>
      r === withBreak ? { ...r, visits: r.visits.filter((u) => u !== BREAK) } : r,
    );
    const before = ls.state.routes[withBreak!.vehicle]!.version;
    ls.state.load(stripped);
    expect(ls.state.routes[withBreak!.vehicle]!.version).not.toBe(before);
    const fresh = setup(3).ls;
    fresh.state.load(stripped);
    expect(picture(ls.state)).toEqual(picture(fresh.state));
  });
});
