import { CostEvaluator } from '../cost/costEvaluator.js';
import { randomRoutes } from '../hgs/island.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { BREAK, decodeRoutes } from '../solution/solution.js';
import { randomProblem } from '../testing/randomProblem.js';
import { referenceCost } from '../testing/referenceCost.js';
import { LocalSearch } from './localSearch.js';
import { Exchange } from './operators/exchange.js';

/**
 * Every move, within its own route, of a segment that ends with the route's break and whose last client is the
 * route's last one (a tail ending with the break), with breaks taken on the way: the delta Exchange reports
 * equals the change of the penalised cost recomputed from scratch. With breaks on the way the window a route
 * stores for such a tail opens earlier by the leg from the break to the end depot; moved before another
 * client, the break is followed by that client's leg instead. Evaluator.pass3 used the stored tail here, and
 * on a regional instance (legs of up to two hours to the depot) the local search took moves it priced at -64
 * that cost +70 114, and cycled for 9 s (docs/solver.md, session 18). Exhaustive over the routes of the random
 * rich problems and every target position, for (2,0), (2,1) and (2,2) exchanges.
 */
function check(seed: number, N: number, M: number): { checked: number; moved: number } {
  const P = new Problem({ ...randomProblem({ clients: 24, rich: true, seed }), breaksOnTheWay: true });
  const rng = new Rng(seed);
  const ls = new LocalSearch(P, computeNeighbours(P), rng);
  const ce = new CostEvaluator(new Float64Array(P.numDims).fill(3), 2);
  // Every route's break last, just before the end depot.
  const routes = randomRoutes(P, rng).map((r) => ({
    vehicle: r.vehicle,
    visits: Int32Array.from([...r.visits].filter((u) => u !== BREAK).concat(BREAK)),
  }));
  ls.loadAndRepair(routes, ce);
  const start = ls.export().encode();
  const sel = [ls.state.selEarly.slice(), ls.state.selLate.slice()] as const;
  const op = new Exchange(ls, N, M);
  let checked = 0;
  let moved = 0;
  for (const r of ls.state.routes) {
    // The segment of N visits that ends with the break, the break just before the end depot.
    if (!r.hasBreak || r.breakPos !== r.last - 1 || r.breakPos - N + 1 < 1) continue;
    const vehicle = r.idx;
    const first = r.breakPos - N + 1;
    for (let posV = 1; posV < r.last; posV++) {
      ls.state.load(decodeRoutes(start));
      ls.state.selEarly.set(sel[0]);
      ls.state.selLate.set(sel[1]);
      for (const x of ls.state.routes) ls.state.updateRoute(x);
      const route = ls.state.routes[vehicle]!;
      const U = route.nodes[first]!;
      const V = route.nodes[posV]!;
      if (V === route.breakHandle) continue;
      op.exact = true;
      const delta = op.evaluate(U, V);
      checked++;
      if (delta === 0) continue;
      const before = referenceCost(P, ls.state, ce);
      op.apply();
      moved++;
      expect(referenceCost(P, ls.state, ce) - before).toBeCloseTo(delta, 6);
    }
  }
  return { checked, moved };
}

describe('a tail ending with the break, moved within its route (breaks on the way)', () => {
  for (const [N, M] of [
    [2, 0],
    [2, 1],
    [2, 2],
  ] as const) {
    it(`(${N},${M}) exchange reports the exact delta`, () => {
      let moved = 0;
      for (let seed = 1; seed <= 30; seed++) moved += check(seed, N, M).moved;
      expect(moved).toBeGreaterThan(20);
    });
  }
});
