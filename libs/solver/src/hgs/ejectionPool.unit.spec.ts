import { computeNeighbours, DEFAULT_NEIGHBOURS } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import type { ClientSpec } from '../model/spec.js';
import { lineSpec } from '../testing/lineProblem.js';
import { randomProblem } from '../testing/randomProblem.js';
import { travelTimeVehicle } from '../testing/vehicleType.js';
import { checkAlone } from '../unassigned/reasons.js';
import { Island } from './island.js';
import { DEFAULT_GENETIC_PARAMS } from './params.js';
import { DEFAULT_EJECTION_POOL, ejectionPool } from './ejectionPool.js';

const BIG = 1e6;

/**
 * Line (node i at 10 i from the depot): y (demand 1) at node 1, x (demand 1) at node 2, L (demand 2) at node 3,
 * each worth BIG, no windows, no service. Vehicle 0 (A) has capacity 2 and shift [0, 1000], vehicle 1 (B)
 * capacity 1 and shift [0, 1000], vehicle 2 (C) capacity 1 and shift [0, 25]. L fits A only (demand 2); x
 * fits A or B (C would be back at 20 + 20 = 40 > 25); y fits anywhere (C: 10 + 10 = 20 <= 25).
 *
 * The plan A = [x], B = [y], C = [] leaves L out, and no single insertion lets it in: A would carry 3 > 2.
 * Every client served is A = [L], B = [x], C = [y], the only plan serving all three (L takes A's whole
 * capacity, x cannot go into C, so y is left with C): travel 30 + 30 + 20 + 20 + 10 + 10 = 120.
 */
function chain(): Problem {
  const clients: ClientSpec[] = [
    { id: 'y', delivery: [1], service: 0, required: false, prize: BIG },
    { id: 'x', delivery: [1], service: 0, required: false, prize: BIG },
    { id: 'L', delivery: [2], service: 0, required: false, prize: BIG },
  ];
  return new Problem(
    lineSpec(clients, [2], 1000, {
      lexicographicPrizes: true,
      vehicleTypes: [
        travelTimeVehicle('A', [2], 1000),
        travelTimeVehicle('B', [1], 1000),
        travelTimeVehicle('C', [1], 25),
      ],
    }),
  );
}

const start = [
  { vehicle: 0, visits: Int32Array.from([2]) },
  { vehicle: 1, visits: Int32Array.from([1]) },
];

function visitsOf(routes: readonly { vehicle: number; visits: Int32Array }[]): number[][] {
  return routes.map((r) => [r.vehicle, ...r.visits]).sort((a, b) => a[0]! - b[0]!);
}

describe('ejectionPool', () => {
  it('lets a client in through a chain of ejections, keeping every client served before', () => {
    // L into A ejects x (A = [L], capacity 2 of 2); x fits nowhere (A full, B holds y, C cannot reach it) and
    // goes into B ejecting y (counter 1, against L's 2 for ejecting L again from A); y fits C. Pool empty.
    const P = chain();
    const island = new Island(P, 1);
    const booster = island.pm.boosterCostEvaluator();
    island.ls.loadAndRepair(start, booster);
    expect(island.ls.export().numRouted).toBe(2);
    const allowed = (u: number, v: number): boolean => checkAlone(P, P.vehicleType[v]!, u) === undefined;
    const nb = computeNeighbours(P, DEFAULT_NEIGHBOURS);
    const ok = ejectionPool(island.ls, 3, booster, island.rng, DEFAULT_EJECTION_POOL, allowed, nb);
    expect(ok).toBe(true);
    const sol = island.ls.export();
    expect(sol.feasible).toBe(true);
    expect(visitsOf(sol.routes)).toEqual([
      [0, 3],
      [1, 2],
      [2, 1],
    ]);
    expect(sol.travel).toBe(120);
  });

  it('refuses a target that is routed already, leaving the plan as it was', () => {
    // x (node 2) is in A: inserting it again would serve it twice.
    const P = chain();
    const island = new Island(P, 1);
    const booster = island.pm.boosterCostEvaluator();
    island.ls.loadAndRepair(start, booster);
    const nb = computeNeighbours(P, DEFAULT_NEIGHBOURS);
    expect(ejectionPool(island.ls, 2, booster, island.rng, DEFAULT_EJECTION_POOL, () => true, nb)).toBe(
      false,
    );
    expect(visitsOf(island.ls.export().routes)).toEqual([
      [0, 2],
      [1, 1],
    ]);
  });

  it('gives up after its steps when the client fits nowhere, leaving a feasible plan', () => {
    // L's window [0, 20] opens and closes before any vehicle reaches node 3 (30 out): every insertion, with
    // or without ejections, has 10 of time warp.
    const clients: ClientSpec[] = [
      { id: 'y', delivery: [1], service: 0, required: false, prize: BIG },
      { id: 'L', delivery: [1], service: 0, required: false, prize: BIG, windows: [{ early: 0, late: 20 }] },
      { id: 'z', delivery: [1], service: 0, required: false, prize: BIG, windows: [{ early: 0, late: 20 }] },
    ];
    const P = new Problem(lineSpec(clients, [3], 1000, { lexicographicPrizes: true }));
    const island = new Island(P, 1);
    const booster = island.pm.boosterCostEvaluator();
    island.ls.loadAndRepair([{ vehicle: 0, visits: Int32Array.from([1]) }], booster);
    const nb = computeNeighbours(P, DEFAULT_NEIGHBOURS);
    const params = { ...DEFAULT_EJECTION_POOL, steps: 20 };
    const ok = ejectionPool(island.ls, 3, booster, island.rng, params, () => true, nb);
    expect(ok).toBe(false);
    expect(island.ls.export().feasible).toBe(true);
    expect(island.ls.state.isRouted(3)).toBe(false);
  });
});

describe('ejectionPool pruning', () => {
  /**
   * From island `seed`'s first feasible plan of a random rich problem, the pool for each left-out optional
   * client in turn (40 steps each), with or without the pruning: whether it succeeded and the routes after.
   */
  function pools(spec: ReturnType<typeof randomProblem>, seed: number, prune: boolean): string[] {
    const P = new Problem(spec);
    const island = new Island(P, seed);
    island.initialise(1);
    const plan = island.best;
    if (plan === undefined) return [];
    const booster = island.pm.boosterCostEvaluator();
    const nb = computeNeighbours(P, DEFAULT_NEIGHBOURS);
    const allowed = (u: number, v: number): boolean => checkAlone(P, P.vehicleType[v]!, u) === undefined;
    const params = { ...DEFAULT_EJECTION_POOL, steps: 40, prune };
    const out: string[] = [];
    for (let u = P.numDepots; u < P.numNodes; u++) {
      island.ls.loadAndRepair(plan.routes, booster);
      if (P.required[u] === 1 || island.ls.state.isRouted(u)) continue;
      const ok = ejectionPool(island.ls, u, booster, island.rng, params, allowed, nb);
      out.push(`${u} ${ok} ${JSON.stringify(visitsOf(island.ls.export().routes))}`);
    }
    return out;
  }

  it('finds the same plans with and without it, on random rich problems', () => {
    // Pickups on every other seed (the load check applies only without them), breaks taken at the stop before
    // them or on the way. The pruning skips only candidates the evaluator would refuse, so both runs draw the
    // same random numbers and end with the same routes.
    let pooled = 0;
    let succeeded = 0;
    for (let seed = 1; seed <= 10; seed++)
      for (const breaksOnTheWay of [false, true]) {
        const spec = {
          ...randomProblem({ clients: 30, rich: true, seed, pickups: seed % 2 === 0 }),
          breaksOnTheWay,
        };
        const pruned = pools(spec, seed, true);
        expect(pruned).toEqual(pools(spec, seed, false));
        pooled += pruned.length;
        succeeded += pruned.filter((line) => line.includes(' true ')).length;
      }
    // Both outcomes occur, so both paths were compared.
    expect(succeeded).toBeGreaterThan(0);
    expect(pooled - succeeded).toBeGreaterThan(0);
  });
});

describe('Island.poolLeftOut', () => {
  /** An island of the chain problem whose best plan is `start`: x and y served, L left out. */
  function chainIsland(): Island {
    const island = new Island(chain(), 1, { ...DEFAULT_GENETIC_PARAMS, polishValues: false });
    island.ls.loadAndRepair(start, island.pm.costEvaluator());
    island.best = island.ls.export();
    return island;
  }

  /** The only plan serving all three: A = [L], B = [x], C = [y], travel 120. */
  function expectEveryClientServed(island: Island): void {
    expect(visitsOf(island.best!.routes)).toEqual([
      [0, 3],
      [1, 2],
      [2, 1],
    ]);
    expect(island.best!.objective).toBe(120);
  }

  it('makes a new best of the plan the pool finds, serving one more client', () => {
    const island = chainIsland();
    // x and y served (20 + 20 + 10 + 10 = 60), L's BIG left out.
    expect(island.best!.objective).toBe(60 + BIG);
    island.poolLeftOut();
    expectEveryClientServed(island);
  });

  it('waits after a failed pool, and the final step tries once more whatever the wait', () => {
    const island = chainIsland();
    const before = island.best;
    // A pool cut short at once fails: no pool for poolWait (20) generations after it.
    island.poolLeftOut(() => true);
    expect(island.best).toBe(before);
    island.poolLeftOut();
    expect(island.best).toBe(before);
    // The run's last step: the pool lets L in, then the polish.
    island.finalPolish();
    expectEveryClientServed(island);
  });

  it('does nothing when the left-out client could not be served by any vehicle alone', () => {
    // L (demand 3) exceeds every capacity: checkAlone rules it out, and the plan stays.
    const clients: ClientSpec[] = [
      { id: 'y', delivery: [1], service: 0, required: false, prize: BIG },
      { id: 'L', delivery: [3], service: 0, required: false, prize: BIG },
    ];
    const P = new Problem(lineSpec(clients, [2], 1000, { lexicographicPrizes: true }));
    const island = new Island(P, 1);
    island.ls.loadAndRepair([{ vehicle: 0, visits: Int32Array.from([1]) }], island.pm.costEvaluator());
    const plan = island.ls.export();
    island.best = plan;
    island.poolLeftOut();
    expect(island.best).toBe(plan);
  });
});
