import { DEFAULT_GENETIC_PARAMS } from '../hgs/params.js';
import { Problem } from '../model/problem.js';
import { lineSpec, optionalLineClients } from '../testing/lineProblem.js';
import { IslandRunner } from './runner.js';

/** Ten optional clients on the line (testing/lineProblem.ts), one vehicle. */
const tenOnTheLine = new Problem(lineSpec(optionalLineClients(10, 100, 1000), [100], 100_000));

/** A runner of island `index` (seed 1) that stops after one iteration, on a clock that stays at 0. */
function oneIteration(problem: Problem, index: number, params = DEFAULT_GENETIC_PARAMS): IslandRunner {
  return new IslandRunner(
    problem,
    index,
    1,
    { maxIterations: 1 },
    () => 0,
    () => false,
    params,
  );
}

/**
 * The ten optional clients on the line: at most `smallClients` (200) clients
 * and depot legs that are not the bulk of a route (each route runs out along the line and back), so the
 * problem's share of ruin steps is `smallRuinShare` on the islands of even index and `smallRuinShareOdd` on
 * the others.
 */
describe('IslandRunner: the ruin share of small problems by island index', () => {
  const params = { ...DEFAULT_GENETIC_PARAMS, smallRuinShare: 0.2, smallRuinShareOdd: 0.95 };
  const runner = (index: number): IslandRunner => oneIteration(tenOnTheLine, index, params);

  it('gives the islands of even index smallRuinShare', () => {
    expect(runner(0).island.ruinShareNow()).toBe(0.2);
    expect(runner(2).island.ruinShareNow()).toBe(0.2);
  });

  it('gives the islands of odd index smallRuinShareOdd', () => {
    expect(runner(1).island.ruinShareNow()).toBe(0.95);
    expect(runner(3).island.ruinShareNow()).toBe(0.95);
  });

  it('leaves larger problems their own share on every island', () => {
    const large = { ...params, smallClients: 5 };
    for (const index of [0, 1]) {
      expect(oneIteration(tenOnTheLine, index, large).island.ruinShareNow()).toBe(
        DEFAULT_GENETIC_PARAMS.ruinShare,
      );
    }
  });
});

/**
 * The same ten optional clients on the line, one vehicle: the depot-leg share (model/depotLegShare.ts) is
 * m / (m + L x n) with m = the mean round trip 2 x 10 x (1 + ... + 10) / 10 = 110, n = the cheapest edge
 * between clients, 10, and L = 10 clients per vehicle: 110 / (110 + 100) = 0.52, below `sequentialFrom`
 * (0.8). So islands of even index build no initial plan one vehicle after the other, and islands of odd index
 * do, as `sequentialFromOdd` (0) lets them.
 */
describe('IslandRunner: sequential constructions by island index', () => {
  const runner = (index: number, params = DEFAULT_GENETIC_PARAMS): IslandRunner =>
    oneIteration(tenOnTheLine, index, params);

  it('builds sequentially on the islands of odd index only', () => {
    expect(DEFAULT_GENETIC_PARAMS.sequentialFrom).toBe(0.8);
    expect(DEFAULT_GENETIC_PARAMS.sequentialFromOdd).toBe(0);
    expect(runner(0).island.sequentialOn).toBe(false);
    expect(runner(2).island.sequentialOn).toBe(false);
    expect(runner(1).island.sequentialOn).toBe(true);
    expect(runner(3).island.sequentialOn).toBe(true);
  });

  it('follows sequentialFromOdd on the islands of odd index', () => {
    const gated = { ...DEFAULT_GENETIC_PARAMS, sequentialFromOdd: 0.8 };
    expect(runner(1, gated).island.sequentialOn).toBe(false);
  });

  it('never builds sequentially where every client is required', () => {
    const required = new Problem(
      lineSpec(
        optionalLineClients(10, 100, 1000).map((c) => ({ ...c, required: true, prize: undefined })),
        [100],
        100_000,
      ),
    );
    expect(oneIteration(required, 1).island.sequentialOn).toBe(false);
  });
});

/**
 * The time limit counts from the caller's start: with the clock at 1000 ms once the island is built, a 500 ms
 * limit that began at 0 is over after the initial solutions (the first epoch ends the run), while one that
 * begins at construction (1000) still has 500 ms left.
 */
describe('IslandRunner: where the time limit counts from', () => {
  const problem = new Problem(lineSpec(optionalLineClients(10, 100, 1000), [100], 100_000));
  const make = (startedAt?: number): IslandRunner =>
    new IslandRunner(
      problem,
      0,
      1,
      { timeLimitMs: 500 },
      () => 1000,
      () => false,
      DEFAULT_GENETIC_PARAMS,
      undefined,
      startedAt,
    );

  it('stops after the first epoch when the limit began before the build', () => {
    const r = make(0);
    expect(r.runEpoch(1)).toBe(true);
    expect(r.done).toBe(true);
    expect(r.island.iterations).toBe(0);
    expect(r.island.result()).toBeDefined();
  });

  it('goes on when the limit begins at construction', () => {
    const r = make();
    expect(r.runEpoch(1)).toBe(false);
    expect(r.done).toBe(false);
  });
});

/**
 * A time-limited run keeps time for its last ejection pool while the best plan leaves out a few clients some
 * vehicle could serve alone. Ten optional clients on the line, capacity 100, shift 100 000: the vehicle can
 * serve each alone. Limit 10 000 ms: the polish keeps min(1000, 30 + 0.2 x 10) = 32 ms, the pool min(1000,
 * 100 + 0.4 x 10) = 104 ms more. With the clock at 9900 ms (100 ms before the limit, inside the pool's time and
 * outside the polish's), a run whose best leaves c10 out stops; one whose best serves all ten goes on.
 */
describe('IslandRunner: time kept for the last ejection pool', () => {
  const problem = new Problem(lineSpec(optionalLineClients(10, 100, 1000), [100], 100_000));
  const runnerWithBest = (served: number): IslandRunner => {
    const r = new IslandRunner(
      problem,
      0,
      1,
      { timeLimitMs: 10_000 },
      () => 9900,
      () => false,
      DEFAULT_GENETIC_PARAMS,
      undefined,
      0,
    );
    const isl = r.island;
    isl.initialise();
    const visits = Int32Array.from({ length: served }, (_, i) => i + 1);
    isl.ls.loadAndRepair([{ vehicle: 0, visits }], isl.pm.costEvaluator());
    isl.best = isl.ls.export();
    return r;
  };

  it('stops early, and the last step lets the left-out client in', () => {
    const r = runnerWithBest(9);
    expect(r.island.best!.numRouted).toBe(9);
    expect(r.island.lastPoolDue()).toBe(true);
    expect(r.runEpoch(1)).toBe(true);
    expect(r.island.iterations).toBe(0);
    expect(r.island.best!.numRouted).toBe(10);
  });

  it('goes on when the best plan serves every client', () => {
    const r = runnerWithBest(10);
    expect(r.island.lastPoolDue()).toBe(false);
    expect(r.runEpoch(1)).toBe(false);
    expect(r.island.iterations).toBe(1);
  });
});

/**
 * Depot 0 and required clients c1, c2, c3 at nodes 1, 2, 3 of the line (node i at 10 i), one vehicle of
 * capacity 10 and shift [0, 1000]. The plan c3, c1, c2 (encoded [1 route, vehicle 0, 3 visits, 3, 1, 2]) drives
 * 0 -> 30 -> 10 -> 20 -> 0: 30 + 20 + 10 + 20 = 80; in line order (or the reverse) 60. `polishPlan` runs no
 * generation, only the final polish of the plan it is given.
 */
describe('IslandRunner.polishPlan', () => {
  const clients = [1, 2, 3].map((i) => ({ id: `c${i}`, delivery: [1], service: 0, required: true }));
  const zigzag = new Problem(lineSpec(clients, [10], 1000));
  const plan = Int32Array.from([1, 0, 3, 3, 1, 2]);
  const runner = (params = DEFAULT_GENETIC_PARAMS): IslandRunner =>
    new IslandRunner(
      zigzag,
      0,
      1,
      { timeLimitMs: 10_000 },
      () => 0,
      () => false,
      params,
    );

  it('polishes the plan it is given, without generations, and is then done', () => {
    const r = runner();
    r.polishPlan(plan, () => false);
    expect(r.island.best?.cost).toBe(60);
    expect(r.island.iterations).toBe(0);
    expect(r.done).toBe(true);
    expect(r.runEpoch(1)).toBe(true);
  });

  it('leaves the plan as given when the final polish is off (finalNeighbours 0)', () => {
    const r = runner({ ...DEFAULT_GENETIC_PARAMS, finalNeighbours: 0 });
    r.polishPlan(plan, () => false);
    expect(r.island.best?.cost).toBe(80);
  });
});
