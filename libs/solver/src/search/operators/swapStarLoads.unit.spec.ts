import { CostEvaluator } from '../../cost/costEvaluator.js';
import { randomRoutes } from '../../hgs/island.js';
import { computeNeighbours } from '../../model/neighbours.js';
import { Problem } from '../../model/problem.js';
import { Rng } from '../../rng.js';
import { randomProblem } from '../../testing/randomProblem.js';
import { LocalSearch } from '../localSearch.js';
import type { SearchRoute } from '../route.js';
import { RouteLoads } from './swapStarLoads.js';

/**
 * RouteLoads against the load penalty change of an exchange written out from the problem (the expression
 * SWAP* used before it was split out): route r loses client `out` and gains `inn`.
 */
function reference(P: Problem, r: SearchRoute, lp: Float64Array, out: number, inn: number): number {
  const K = P.numDims;
  let d = 0;
  for (let k = 0; k < K; k++) {
    const load = P.hasPickups ? r.pLoad[r.last * K + k]! : r.pDel[r.last * K + k]!;
    const cap = P.capacity[r.type * K + k]!;
    const dOut = Math.max(P.delivery[out * K + k]!, P.pickup[out * K + k]!);
    const dIn = Math.max(P.delivery[inn * K + k]!, P.pickup[inn * K + k]!);
    d += lp[k]! * (Math.max(load - dOut + dIn - cap, 0) - Math.max(load - cap, 0));
  }
  return d;
}

function clientsOf(r: SearchRoute): number[] {
  const out: number[] = [];
  for (let i = 1; i < r.last; i++) if (i !== r.breakPos) out.push(r.nodes[i]!);
  return out;
}

describe('SWAP* route loads', () => {
  it('price every pair as the written-out load penalty change, and `fixed` only when every pair is 0', () => {
    let pairs = 0;
    let fixedRoutes = 0;
    let movingRoutes = 0;
    for (let seed = 1; seed <= 6; seed++) {
      // Plain problems have one dimension and no pickups; rich ones two dimensions and pickups.
      const P = new Problem(randomProblem({ clients: 30, rich: seed % 2 === 0, seed }));
      const rng = new Rng(seed);
      const ls = new LocalSearch(P, computeNeighbours(P), rng);
      const lp = new Float64Array(P.numDims).fill(3.7);
      ls.loadAndRepair(randomRoutes(P, rng), new CostEvaluator(lp, 2));
      const size = RouteLoads.sizes(P);
      const a = new RouteLoads(P, size);
      const b = new RouteLoads(P, size);
      for (const RU of ls.state.routes)
        for (const RV of ls.state.routes) {
          if (RU === RV || RU.numClients === 0 || RV.numClients === 0) continue;
          a.fill(RU);
          b.fill(RV);
          const fixed = a.fixed(b);
          let allZero = true;
          for (const U of clientsOf(RU))
            for (const V of clientsOf(RV)) {
              const d = a.delta(lp, U, V);
              expect(d).toBe(reference(P, RU, lp, U, V));
              if (d !== 0) allZero = false;
              pairs++;
            }
          if (fixed) {
            expect(allZero).toBe(true);
            fixedRoutes++;
          } else movingRoutes++;
        }
    }
    expect(pairs).toBeGreaterThan(1000);
    // Both answers occur, so neither branch is vacuous.
    expect(fixedRoutes).toBeGreaterThan(10);
    expect(movingRoutes).toBeGreaterThan(10);
  });

  it('a route over capacity is never fixed: taking a client out changes its penalty', () => {
    // One route, its capacity set 2 below its load (excess 2): any exchange has a penalty change to price
    // (the excess it removes), so `fixed` must say no. Then the capacity that just absorbs the worst
    // exchange (the route's smallest client out, the other's largest in) makes it fixed; one less, not.
    const P = new Problem(randomProblem({ clients: 8, rich: false, seed: 3 }));
    const rng = new Rng(3);
    const ls = new LocalSearch(P, computeNeighbours(P), rng);
    ls.loadAndRepair(randomRoutes(P, rng), new CostEvaluator(new Float64Array(1).fill(1), 1));
    const size = RouteLoads.sizes(P);
    const r = ls.state.routes.find((x) => x.numClients > 0)!;
    const a = new RouteLoads(P, size).fill(r);
    a.cap[0] = a.load[0]! - 2;
    a.base[0] = 2;
    const other = new RouteLoads(P, size).fill(r);
    expect(a.fixed(other)).toBe(false);
    // Even when every client that could come in is 3 smaller than any going out: the excess goes, which
    // is a change (-2 x weight).
    const small = new RouteLoads(P, size).fill(r);
    small.hi[0] = a.lo[0]! - 3;
    expect(a.fixed(small)).toBe(false);
    a.cap[0] = a.load[0]! - a.lo[0]! + other.hi[0]!;
    a.base[0] = 0;
    expect(a.fixed(other)).toBe(true);
    a.cap[0] = a.cap[0] - 1;
    expect(a.fixed(other)).toBe(false);
  });
});
