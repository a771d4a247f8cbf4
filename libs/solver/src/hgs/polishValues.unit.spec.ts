import { Problem } from '../model/problem.js';
import { lineSpec } from '../testing/lineProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { Island } from './island.js';
import { DEFAULT_GENETIC_PARAMS } from './params.js';

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

  it('keeps the valuable client it lets in and drops the cheaper ones its violation calls for', () => {
    // Clients at nodes 1 .. 10 of the line (node i at 10 i), service 5 each, one vehicle with shift [0, 205].
    // c1, c2, c3 are worth BIG each, c10 4 x BIG (a priority job); c4 .. c9 BIG each and left out throughout.
    // Plan {c1, c2, c3}: 30 out + 15 service + 30 back = 75. Letting c10 in at the end: 100 out + 20 service +
    // 100 back = 220, 15 of time warp. Leaving out c10 again would undo all 15 (15 per 4 BIG of value), a cheaper
    // client only its 5 of service (5 per BIG): c10 would go first. Kept, it costs c1, c2 and c3: {c10} takes
    // 100 + 5 + 100 = 205. Objective: 200 + 9 x BIG left out, against 60 + 10 x BIG for {c1, c2, c3}.
    const BIG = 1e6;
    const clients = Array.from({ length: 10 }, (_, i) => ({
      id: `c${i + 1}`,
      delivery: [1],
      service: 5,
      required: false,
      prize: i === 9 ? 4 * BIG : BIG,
      ...(i === 9 ? { priority: 1 } : {}),
    }));
    const problem = new Problem(lineSpec(clients, [10], 205, { lexicographicPrizes: true }));
    const island = new Island(problem, 1);
    island.ls.loadAndRepair([{ vehicle: 0, visits: Int32Array.from([1, 2, 3]) }], island.pm.costEvaluator());
    const near = island.ls.export();
    expect(near.feasible).toBe(true);
    expect(near.objective).toBe(60 + 10 * BIG);
    island.best = near;
    island.polishValues();
    expect([...island.best.routes[0]!.visits]).toEqual([10]);
    expect(island.best.objective).toBe(200 + 9 * BIG);
  });

  it('lets in elsewhere the priority job that letting one in pushed out (ejection chain)', () => {
    // Line: Q (priority, 4 BIG, demand 1) at node 1, c1 (BIG, demand 1) at node 2, c2 (BIG, demand 1) at
    // node 3, P (priority, 4 BIG, demand 2) at node 4. Vehicle 0 (B) has capacity 1, vehicle 1 (A) capacity 2
    // (P fits A only); shifts [0, 1000]. Plan: A serves Q and c1 (10 + 10 + 20 = 40), B serves c2 (30 + 30 =
    // 60), P is out: 100 + 4 BIG. P into A (load 4 > 2) drops c1 then Q (load 2): A serves P, and Q and c1 fit
    // nowhere (B is full): 5 BIG out, worse. With the chain, Q (worth more than a plain job) goes into B (load
    // 2 > 1; Q lies on the way in either route, so both add one unit of excess and no travel, and B comes
    // first), which drops c2: A serves P (40 + 40 = 80), B serves Q (10 + 10 = 20): 100 + 2 BIG.
    const BIG = 1e6;
    const spec = lineSpec(
      [
        { id: 'Q', delivery: [1], service: 0, required: false, prize: 4 * BIG, priority: 1 },
        { id: 'c1', delivery: [1], service: 0, required: false, prize: BIG },
        { id: 'c2', delivery: [1], service: 0, required: false, prize: BIG },
        { id: 'P', delivery: [2], service: 0, required: false, prize: 4 * BIG, priority: 1 },
      ],
      [2],
      1000,
      {
        lexicographicPrizes: true,
        vehicleTypes: [travelTimeVehicle('B', [1], 1000), travelTimeVehicle('A', [2], 1000)],
      },
    );
    const plan = (polishChain: number, polishRepair = false): { visits: number[][]; objective: number } => {
      const problem = new Problem(spec);
      const island = new Island(problem, 1, { ...DEFAULT_GENETIC_PARAMS, polishChain, polishRepair });
      const routes = [
        { vehicle: 0, visits: Int32Array.from([3]) },
        { vehicle: 1, visits: Int32Array.from([1, 2]) },
      ];
      island.ls.loadAndRepair(routes, island.pm.costEvaluator());
      const start = island.ls.export();
      expect(start.objective).toBe(100 + 4 * BIG);
      island.best = start;
      island.polishValues();
      return {
        visits: island.best.routes.map((r) => [r.vehicle, ...r.visits]),
        objective: island.best.objective,
      };
    };
    expect(plan(0)).toEqual({
      visits: [
        [0, 3],
        [1, 1, 2],
      ],
      objective: 100 + 4 * BIG,
    });
    expect(plan(3)).toEqual({
      visits: [
        [0, 1],
        [1, 4],
      ],
      objective: 100 + 2 * BIG,
    });
    // With the local search before each drop (every routed client pinned, so it only moves clients): Q, c1,
    // c2 and P load 1 + 1 + 1 + 2 = 5 against capacities 1 + 2 = 3, at least 2 of excess whatever it moves, so
    // only the drops restore feasibility, and the chain ends at the same plan.
    expect(plan(3, true)).toEqual({
      visits: [
        [0, 1],
        [1, 4],
      ],
      objective: 100 + 2 * BIG,
    });
  });

  it('tries equally valuable left-out clients only when at most polishEqualUpTo are left out', () => {
    // c1 at node 1 (10 from the depot) and c2 at node 2 (20), both worth BIG, one vehicle of capacity 1.
    // The plan serves c2: 20 + 20 = 40 plus BIG left out. Letting c1 in (load 2 > 1) drops c2 (c1 is kept):
    // 10 + 10 = 20 plus BIG, better. One client is left out, so the pass tries it with polishEqualUpTo 1 and
    // not with 0.
    const BIG = 1e6;
    const spec = lineSpec(
      [
        { id: 'c1', delivery: [1], service: 0, required: false, prize: BIG },
        { id: 'c2', delivery: [1], service: 0, required: false, prize: BIG },
      ],
      [1],
      1000,
      { lexicographicPrizes: true },
    );
    const polish = (polishEqualUpTo: number): number => {
      const problem = new Problem(spec);
      const island = new Island(problem, 1, {
        ...DEFAULT_GENETIC_PARAMS,
        polishEqual: true,
        polishEqualUpTo,
      });
      island.ls.loadAndRepair([{ vehicle: 0, visits: Int32Array.from([2]) }], island.pm.costEvaluator());
      island.best = island.ls.export();
      expect(island.best.objective).toBe(40 + BIG);
      island.polishValues();
      return island.best.objective;
    };
    expect(polish(0)).toBe(40 + BIG);
    expect(polish(1)).toBe(20 + BIG);
  });
});
