import { CostEvaluator } from '../cost/costEvaluator.js';
import { randomRoutes } from '../hgs/island.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { randomProblem } from '../testing/randomProblem.js';
import type { NodeOperator } from './context.js';
import { LocalSearch } from './localSearch.js';
import { SwapHeads } from './operators/swapHeads.js';
import { SwapTails } from './operators/swapTails.js';
import type { SearchRoute } from './route.js';

/**
 * The bounds of 2-opt* (SwapTails) and the head exchange (SwapHeads) on every pair (U, V) of random rich
 * plans (breaks, three vehicle types of different profiles), including the pairs their bounds learnt to
 * settle: a break right after U or V, V the start of a used route (2-opt*), U the last client of its route
 * while V's head holds one (head exchange). A bound returned (>= 0) never exceeds the exact delta, a negative
 * value equals it, and on problems without pickups those pairs never reach the full evaluation
 * (Evaluator.deltaCost): the bound's parts give the exact delta (Evaluator.deltaFromBound).
 */
type TestableOp = NodeOperator & { exact?: boolean };

interface Case {
  readonly onTheWay: boolean;
  readonly pickups: boolean;
  readonly serviceWeight: number;
}

const cases: readonly Case[] = [
  { onTheWay: false, pickups: true, serviceWeight: 0 },
  { onTheWay: true, pickups: true, serviceWeight: 0 },
  { onTheWay: true, pickups: false, serviceWeight: 0 },
  { onTheWay: false, pickups: false, serviceWeight: 0.5 },
];

/** Whether the head before position pos (positions 1..pos) holds a client, not only the break. */
const headHasClient = (r: SearchRoute, pos: number): boolean =>
  pos - (r.breakPos >= 1 && r.breakPos <= pos ? 1 : 0) > 0;

/** Whether the tail after position pos (pos + 1 .. last - 1) holds a client, not only the break. */
const tailHasClient = (r: SearchRoute, pos: number): boolean =>
  (r.breakPos === pos + 1 ? pos + 2 : pos + 1) <= r.last - 1;

function exercise(
  make: (ls: LocalSearch) => TestableOp,
  settled: (rU: SearchRoute, posU: number, rV: SearchRoute, posV: number) => boolean,
): { pairs: number; settledPairs: number; fullInSettled: number; negative: number } {
  let pairs = 0;
  let settledPairs = 0;
  let fullInSettled = 0;
  let negative = 0;
  for (const c of cases)
    for (let seed = 1; seed <= 6; seed++) {
      const problem = new Problem({
        ...randomProblem({ clients: 20, rich: true, seed, pickups: c.pickups }),
        breaksOnTheWay: c.onTheWay,
      });
      const rng = new Rng(seed);
      const ls = new LocalSearch(problem, computeNeighbours(problem), rng);
      ls.ev.serviceWeight = c.serviceWeight;
      ls.loadAndRepair(
        randomRoutes(problem, rng),
        new CostEvaluator(new Float64Array(problem.numDims).fill(3), 2),
      );
      const op = make(ls);
      const st = ls.state;
      let full = 0;
      const deltaCost = ls.ev.deltaCost.bind(ls.ev);
      ls.ev.deltaCost = (...args) => {
        full++;
        return deltaCost(...args);
      };
      for (let U = problem.numDepots; U < problem.numNodes; U++) {
        if (!st.isRouted(U)) continue;
        const rU = st.routes[st.routeOf[U]!]!;
        for (const rV of st.routes)
          for (let posV = 0; posV < rV.last; posV++) {
            const V = rV.nodes[posV]!;
            const posU = st.posOf[U]!;
            const isSettled = settled(rU, posU, rV, posV);
            op.exact = false;
            full = 0;
            const fast = op.evaluate(U, V);
            if (isSettled && !c.pickups) fullInSettled += full;
            op.exact = true;
            const exact = op.evaluate(U, V);
            pairs++;
            if (isSettled) settledPairs++;
            if (fast < 0) {
              negative++;
              expect(fast).toBeCloseTo(exact, 6);
            } else expect(exact).toBeGreaterThanOrEqual(fast - 1e-6);
          }
      }
    }
  return { pairs, settledPairs, fullInSettled, negative };
}

describe('2-opt* and head exchange bounds', () => {
  it('2-opt*: a break right after U or V, and V the start of a used route', () => {
    const r = exercise(
      (ls) => new SwapTails(ls),
      (rU, posU, rV, posV) =>
        rU !== rV &&
        headHasClient(rU, posU) &&
        (rU.breakPos === posU + 1 ||
          rV.breakPos === posV + 1 ||
          (posV === 0 && rV.numClients > 0 && tailHasClient(rU, posU))) &&
        (headHasClient(rV, posV) || posV === 0) &&
        rV.numClients > 0,
    );
    expect(r.settledPairs).toBeGreaterThan(1000);
    expect(r.negative).toBeGreaterThan(1000);
    expect(r.fullInSettled).toBe(0);
  });

  it('head exchange: U the last client of its route, V with a client before it', () => {
    const r = exercise(
      (ls) => new SwapHeads(ls),
      (rU, posU, rV, posV) =>
        rU !== rV && rU.type !== rV.type && !tailHasClient(rU, posU) && headHasClient(rV, posV),
    );
    expect(r.settledPairs).toBeGreaterThan(500);
    expect(r.negative).toBeGreaterThan(500);
    expect(r.fullInSettled).toBe(0);
  });
});
