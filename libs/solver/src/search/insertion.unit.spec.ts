import { CostEvaluator } from '../cost/costEvaluator.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { lineSpec, optionalLineClients } from '../testing/lineProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { Evaluator } from './evaluator.js';
import { Insertion } from './insertion.js';
import { SearchState } from './state.js';
import { LocalSearch } from './localSearch.js';
import { Rng } from '../rng.js';
import { randomRoutes } from '../hgs/island.js';
import { BREAK } from '../solution/solution.js';
import { randomProblem } from '../testing/randomProblem.js';
import { referenceCost } from '../testing/referenceCost.js';

/**
 * The line: depot 0 and clients c1..c4 at 10, 20, 30, 40 (travel 10 per step), no service time, delivery 1
 * each, prize 100 each (optional). Two vehicles of capacity 2 and shift [0, 1000]: route 0 serves c1, c3
 * (0 -> 10 -> 30 -> 0: travel 60), route 1 is empty. c2 and c4 are left out. Penalty 50 per unit of excess
 * load, 1 per unit of time warp.
 *
 * - c2 into route 0 (capacity 2, already 2 clients): between c1 and c3 adds 0 travel (10 + 10 = 20 = the c1-c3
 *   edge) and 1 unit of excess (50), minus the prize 100: -50, with a violation. Into the empty route 1:
 *   0 -> 20 -> 0 = 40 - 100 = -60, without one. So -60 (route 1) is the best anywhere, and the best in route 0
 *   with violations allowed is -50; without them route 0 has no position (Infinity).
 * - c4 into route 1: 0 -> 40 -> 0 = 80 - 100 = -20; into route 0 after c3: 30 -> 40 -> 0 replaces 30 -> 0:
 *   +20 travel, +50 excess: -30 (violating).
 */
function setUp(): { ins: Insertion; st: SearchState } {
  const spec = lineSpec(optionalLineClients(4, 0, 100), [2], 1000, {
    vehicleTypes: [travelTimeVehicle('a', [2], 1000), travelTimeVehicle('b', [2], 1000)],
  });
  const problem = new Problem(spec);
  const st = new SearchState(problem);
  st.load([{ vehicle: 0, visits: Int32Array.from([1, 3]) }]);
  const ev = new Evaluator(problem, st.handles, st.selEarly, st.selLate);
  ev.ce = new CostEvaluator(Float64Array.from([50]), 1);
  const neighbours = computeNeighbours(problem);
  return { ins: new Insertion(problem, st, ev, neighbours, neighbours.length / problem.numClients), st };
}

describe('Insertion', () => {
  it('prices a client in one route, with and without violations', () => {
    const { ins, st } = setUp();
    expect(ins.inRoute(2, 0, true)).toBeCloseTo(-50, 9);
    expect(ins.best.target).toBe(st.routes[0]);
    expect(ins.inRoute(2, 0, false)).toBe(Infinity);
    expect(ins.inRoute(2, 1, false)).toBeCloseTo(-60, 9);
    expect(ins.inRoute(4, 0, true)).toBeCloseTo(-30, 9);
  });

  it('finds the cheapest position anywhere without violations: the empty route', () => {
    const { ins, st } = setUp();
    expect(ins.everywhere(2)).toBeCloseTo(-60, 9);
    expect(ins.best.target).toBe(st.routes[1]);
    expect(ins.everywhere(4)).toBeCloseTo(-20, 9);
  });

  it('next to neighbours: violations only when allowed, and never in the excluded route', () => {
    const { ins, st } = setUp();
    // Allowed violations: -50 in route 0 against -60 in the empty route; the empty route still wins.
    expect(ins.nearNeighbours(2, false, true, -1)).toBeCloseTo(-60, 9);
    expect(ins.best.target).toBe(st.routes[1]);
    // c4 with violations: -30 after c3 beats -20 in the empty route.
    expect(ins.nearNeighbours(4, false, true, -1)).toBeCloseTo(-30, 9);
    expect(ins.best.target).toBe(st.routes[0]);
    // Route 1 excluded and no violation allowed: nowhere.
    expect(ins.nearNeighbours(2, false, false, 1)).toBe(Infinity);
  });
});

/**
 * Property test: on random rich problems (breaks, one or two windows per client, three vehicle types with
 * their own profiles, two load dimensions; with and without pickups, breaks taken on the way or not), with a
 * third of the clients left out, the delta `inRoute` reports for each left-out client and each route equals
 * the penalised cost recomputed from scratch after its move is applied; without violations allowed, the
 * delta is never below the one with violations allowed, and the move adds no violation. `priced`: service
 * priced at 0.5 per second under each route's vehicle type (Evaluator.serviceWeight), counted by the yardstick.
 */
describe('Insertion: reported deltas against the cost recomputed from scratch', () => {
  for (const [pickups, onTheWay, priced] of [
    [false, false, 0],
    [false, true, 0],
    [true, false, 0],
    [true, true, 0],
    [false, false, 0.5],
    [true, true, 0.5],
  ] as const) {
    const what = `${pickups ? 'pickups' : 'no pickups'}${onTheWay ? ', breaks on the way' : ''}`;
    it(`rich problems (${what}${priced ? ', service priced' : ''})`, () => {
      let checked = 0;
      for (let seed = 1; seed <= 4; seed++) {
        const problem = new Problem({
          ...randomProblem({ clients: 20, rich: true, seed, pickups }),
          breaksOnTheWay: onTheWay,
        });
        const rng = new Rng(seed);
        const ls = new LocalSearch(problem, computeNeighbours(problem), rng);
        ls.ev.serviceWeight = priced;
        const ce = new CostEvaluator(new Float64Array(problem.numDims).fill(3), 2);
        const left: number[] = [];
        const routes = randomRoutes(problem, rng).map((r) => ({
          vehicle: r.vehicle,
          visits: Int32Array.from(
            [...r.visits].filter((u) => {
              const out = u !== BREAK && rng.rand() < 1 / 3;
              if (out) left.push(u);
              return !out;
            }),
          ),
        }));
        const st = ls.state;
        const ins = new Insertion(problem, st, ls.ev, computeNeighbours(problem), 0);
        const reload = (): void => {
          st.load(routes);
          for (const u of left) st.unroute(u);
          ls.ev.ce = ce;
        };
        for (const U of left)
          for (let v = 0; v < problem.numVehicles; v++) {
            reload();
            const free = ins.inRoute(U, v, true);
            const strict = ins.inRoute(U, v, false);
            expect(strict).toBeGreaterThanOrEqual(free - 1e-9);
            for (const [mayViolate, d] of [
              [true, free],
              [false, strict],
            ] as const) {
              if (d === Infinity) continue;
              reload();
              const before = referenceCost(problem, st, ce, priced);
              const r = st.routes[v]!;
              const violationBefore = ls.ev.violation(r);
              expect(ins.inRoute(U, v, mayViolate)).toBe(d);
              st.apply(ins.best, null);
              expect(referenceCost(problem, st, ce, priced) - before).toBeCloseTo(d, 6);
              if (!mayViolate) expect(ls.ev.violation(r)).toBeLessThanOrEqual(violationBefore + 1e-9);
              checked++;
            }
          }
      }
      expect(checked).toBeGreaterThan(100);
    });
  }
});
