import { readFileSync } from 'node:fs';
import {
  buildCoordProblem,
  checkSolution,
  DEFAULT_GENETIC_PARAMS,
  parseSolomon,
  Problem,
  solveInThread,
} from '@fleet/solver';
import { randomProblem } from '@fleet/solver/testing/randomProblem';
import { SolverPool } from './solverPool.js';
import type { SolveTrace } from './trace.js';

/**
 * The pool runs the islands in worker threads (built files: run `npx tsc -b` first). An iteration-limited
 * solve is reproducible and equal to the in-thread solve with as many islands; an AbortSignal stops a
 * running solve within an iteration.
 */
describe('SolverPool', () => {
  const pool = new SolverPool({ threads: 2 });
  afterAll(() => pool.close());

  /** 120 optional clients worth more than any plan costs, `numAvailable` vehicles of each type at 10x capacity. */
  const optional120 = (numAvailable: number) => {
    const base = randomProblem({ clients: 120, rich: false, seed: 5 });
    return {
      ...base,
      clients: base.clients.map((c) => ({ ...c, required: false, prize: 1e6 })),
      vehicleTypes: base.vehicleTypes.map((t) => ({
        ...t,
        numAvailable,
        capacity: t.capacity.map((c) => 10 * c),
      })),
      lexicographicPrizes: true,
    };
  };

  it('gives the same answer as the in-thread solve with the same seed, islands and iterations', async () => {
    const spec = randomProblem({ clients: 16, rich: true, seed: 9 });
    const options = { seed: 7, epochIterations: 5, stop: { maxIterations: 15 } };
    const inPool = await pool.solve(spec, { ...options, workers: 2 });
    const again = await pool.solve(spec, { ...options, workers: 2 });
    const inThread = solveInThread(new Problem(spec), { ...options, islands: 2, timer: () => 0 });
    expect(inPool.islands).toBe(2);
    expect(inPool.iterations).toEqual([15, 15]);
    expect(Array.from(inPool.solution!.encode())).toEqual(Array.from(again.solution!.encode()));
    expect(Array.from(inPool.solution!.encode())).toEqual(Array.from(inThread.solution!.encode()));
  });

  it('solves a Solomon instance to a feasible solution within the time limit', async () => {
    const text = readFileSync(
      new URL('../../../../../shared/bench/instances/solomon/C101.txt', import.meta.url),
      'utf8',
    );
    const spec = buildCoordProblem(parseSolomon(text), 'dimacs');
    const started = performance.now();
    // Time-limited: the islands exchange without waiting for each other, by default after every generation.
    const res = await pool.solve(spec, {
      seed: 1,
      workers: 2,
      stop: { timeLimitMs: 2000 },
    });
    const wall = performance.now() - started;
    expect(wall).toBeLessThan(4000);
    expect(res.iterations).toHaveLength(2);
    // Each island's times: it waited for its thread, set up, then ran to the time limit, all within the solve.
    expect(res.islandTimes).toHaveLength(2);
    for (const t of res.islandTimes) {
      expect(t.waited).toBeGreaterThanOrEqual(0);
      expect(t.setup).toBeGreaterThan(0);
      expect(t.run).toBeGreaterThanOrEqual(t.setup);
      expect(t.waited + t.run).toBeLessThanOrEqual(res.elapsedMs + 1);
      expect(t.run).toBeGreaterThan(1500);
    }
    for (const it of res.iterations) expect(it).toBeGreaterThan(0);
    expect(res.solution!.feasible).toBe(true);
    expect(checkSolution(res.problem, res.solution!)).toEqual([]);
    // C101's optimum with DIMACS rounding is 827.3 (8273 tenths); anything feasible is at least that.
    expect(res.solution!.cost).toBeGreaterThanOrEqual(8273);
  });

  it('decomposes a time-limited solve once every client is served, and the joined plan stays feasible', async () => {
    // 120 optional clients worth more than any plan costs (every one is served by the fleet of 10 vehicles of ten
    // times the capacity within the first second), decomposition from 100 clients after 30 % of 4 s, rounds of
    // 500 ms.
    const spec = optional120(10);
    const params = {
      ...DEFAULT_GENETIC_PARAMS,
      decomposeFrom: 100,
      decomposeAfter: 0.3,
      decomposeRoundMs: 500,
    };
    const started = performance.now();
    const events: SolveTrace[] = [];
    const res = await pool.solve(spec, {
      seed: 1,
      workers: 2,
      stop: { timeLimitMs: 4000 },
      params,
      onTrace: (e) => events.push(e),
    });
    expect(performance.now() - started).toBeLessThan(6000);
    // The islands handed over at 1.2 s or soon after: the 2.8 s left hold at least two rounds of 500 ms.
    expect(res.rounds).toBeGreaterThanOrEqual(2);
    const sol = res.solution!;
    expect(sol.feasible).toBe(true);
    expect(sol.numRouted).toBe(120);
    expect(checkSolution(res.problem, sol)).toEqual([]);
    // The trace: the handover (at 30 % of 4 s or later, every client served), one event per round in order,
    // each round's parts searched by the workers (their setup measured), then the polish, whose plan is the answer
    // when it is the better one.
    expect(events.map((e) => e.kind)).toEqual([
      'handover',
      ...Array.from({ length: res.rounds }, () => 'round'),
      'polish',
    ]);
    const [handover, ...rest] = events;
    if (handover?.kind !== 'handover') throw new Error('no handover first');
    expect(handover.atMs).toBeGreaterThanOrEqual(1200);
    expect(handover.served).toBe(120);
    let plan = handover.objective;
    for (const [i, e] of rest.slice(0, -1).entries()) {
      if (e.kind !== 'round') throw new Error('a round expected');
      expect(e.round).toBe(i + 1);
      expect(e.before).toBe(plan);
      expect(e.endMs).toBeGreaterThan(e.atMs);
      expect(e.parts.map((p) => p.clients).reduce((a, b) => a + b, 0)).toBe(120);
      for (const p of e.parts) expect(p.setupMs).toBeGreaterThan(0);
      if (e.accepted) plan = e.joined;
    }
    const polish = rest.at(-1);
    if (polish?.kind !== 'polish') throw new Error('no polish last');
    expect(polish.before).toBe(plan);
    expect(sol.objective).toBe(Math.min(plan, polish.after ?? Infinity));
    // The same solve without decomposition runs no round.
    const off = await pool.solve(spec, {
      seed: 1,
      workers: 2,
      stop: { timeLimitMs: 1500 },
      params: { ...params, decomposeFrom: 1e9 },
    });
    expect(off.rounds).toBe(0);
  });

  it('decomposes an iteration-limited solve by generations, and gives the same answer every time', async () => {
    // The 120 clients above; decomposition from 100 clients. The islands exchange every 50 generations and hand
    // over at the first exchange from 50 on where their best serves every client (here at 50: every client is
    // served within a few generations); then (110 - 50) / 20 = 3 rounds of 20 generations per part, and the polish.
    const spec = optional120(10);
    const params = {
      ...DEFAULT_GENETIC_PARAMS,
      decomposeFrom: 100,
      decomposeWholeIterations: 50,
      decomposeRoundIterations: 20,
    };
    const solve = (s: ReturnType<typeof optional120>, events?: SolveTrace[]) =>
      pool.solve(s, {
        seed: 3,
        workers: 2,
        stop: { maxIterations: 110 },
        params,
        ...(events ? { onTrace: (e: SolveTrace) => events.push(e) } : {}),
      });
    const events: SolveTrace[] = [];
    const first = await solve(spec, events);
    const again = await solve(spec);
    expect(first.rounds).toBe(3);
    // Each worker: 50 generations on the whole problem and 3 x 20 in its parts.
    expect(first.iterations).toEqual([110, 110]);
    expect(events.map((e) => e.kind)).toEqual(['handover', 'round', 'round', 'round', 'polish']);
    for (const e of events)
      if (e.kind === 'round') expect(e.parts.map((p) => p.iterations)).toEqual([20, 20]);
    const sol = first.solution!;
    expect(sol.feasible).toBe(true);
    expect(sol.numRouted).toBe(120);
    expect(checkSolution(first.problem, sol)).toEqual([]);
    expect(Array.from(again.solution!.encode())).toEqual(Array.from(sol.encode()));
    expect(again.rounds).toBe(3);
    // One vehicle of each type cannot serve all 120: the islands never hand over and run their 110 generations.
    const short = await solve(optional120(1));
    expect(short.rounds).toBe(0);
    expect(short.iterations).toEqual([110, 110]);
    expect(short.solution!.numRouted).toBeLessThan(120);
  });

  it('is cancelled by an AbortSignal', async () => {
    const spec = randomProblem({ clients: 40, rich: true, seed: 3 });
    const ctl = new AbortController();
    const started = performance.now();
    const running = pool.solve(spec, {
      seed: 1,
      workers: 2,
      stop: { timeLimitMs: 60_000 },
      signal: ctl.signal,
    });
    setTimeout(() => ctl.abort(), 300);
    await expect(running).rejects.toThrow(/abort/i);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses a solve without any stop criterion', async () => {
    await expect(
      pool.solve(randomProblem({ clients: 5, rich: false, seed: 1 }), { seed: 1, workers: 1, stop: {} }),
    ).rejects.toThrow(/stop criterion/);
  });
});
