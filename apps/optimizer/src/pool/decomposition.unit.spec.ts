import {
  DEFAULT_GENETIC_PARAMS,
  Island,
  Problem,
  encodeRoutes,
  decodeRoutes,
  subProblem,
  type ProblemSpec,
  type Solution,
} from '@fleet/solver';
import { randomProblem } from '@fleet/solver/testing/randomProblem';
import {
  decompositionRounds,
  decomposes,
  iterationBudget,
  roundsAfter,
  partParams,
  partProblemOptions,
  polishReserveMs,
  servedCount,
  type PartLimit,
  type PartRunner,
  type RoundTrace,
} from './decomposition.js';
import { absoluteNow } from './protocol.js';

/** `clients` optional clients worth more than any plan costs, 8 vehicles of ten times the capacity: every client fits. */
function allServed(seed: number, clients = 60): ProblemSpec {
  const base = randomProblem({ clients, rich: false, seed });
  return {
    ...base,
    clients: base.clients.map((c) => ({ ...c, required: false, prize: 1e6 })),
    vehicleTypes: base.vehicleTypes.map((t) => ({
      ...t,
      numAvailable: 8,
      capacity: t.capacity.map((c) => 10 * c),
    })),
    lexicographicPrizes: true,
  };
}

describe('decomposes', () => {
  const spec = allServed(1);
  const p = { ...DEFAULT_GENETIC_PARAMS, decomposeFrom: 60 };
  it('needs a time limit, two islands, decomposeFrom clients and an optional one', () => {
    expect(decomposes(p, spec, 2, true)).toBe(true);
    expect(decomposes(p, spec, 2, false)).toBe(false);
    expect(decomposes(p, spec, 1, true)).toBe(false);
    expect(decomposes({ ...p, decomposeFrom: 61 }, spec, 2, true)).toBe(false);
    const required = { ...spec, clients: spec.clients.map((c) => ({ ...c, required: true })) };
    expect(decomposes(p, required, 2, true)).toBe(false);
  });

  it('by default from 300 clients (session 58: mid-size complete fleets)', () => {
    expect(decomposes(DEFAULT_GENETIC_PARAMS, allServed(2, 300), 2, true)).toBe(true);
    expect(decomposes(DEFAULT_GENETIC_PARAMS, allServed(2, 299), 2, true)).toBe(false);
  });
});

describe('partParams', () => {
  it('starts from the given plan with the large-problem rules and no final polish', () => {
    const p = partParams(DEFAULT_GENETIC_PARAMS);
    expect([p.minInitial, p.initialClients, p.largeClients, p.ruinPromisingFrom]).toEqual([1, 1, 0, 0]);
    expect([p.swapStarUpTo, p.repairAgainFrom, p.finalNeighbours]).toEqual([0, 0, 0]);
    expect(p.ruinThreshold).toBe(DEFAULT_GENETIC_PARAMS.ruinThreshold);
  });
});

describe('iterationBudget', () => {
  const p = { ...DEFAULT_GENETIC_PARAMS, decomposeWholeIterations: 50, decomposeRoundIterations: 250 };

  it('runs the whole problem first, then rounds of equal generations, the last taking the remainder', () => {
    // 1 000 generations: 50 on the whole problem, 950 left = 3 rounds of 250 and 200 more, so the last has 450.
    expect(iterationBudget(p, 1000)).toEqual({ whole: 50, rounds: 3, perRound: 250, last: 450 });
    // 300: 50 + one round of 250 exactly.
    expect(iterationBudget(p, 300)).toEqual({ whole: 50, rounds: 1, perRound: 250, last: 250 });
  });

  it('counts the rounds from where the islands handed over', () => {
    // Handed over at 100 of 1 000: 900 left = 3 rounds of 250 and 150 more (last 400). At 850: one round of 150.
    expect(roundsAfter(p, 1000, 100)).toEqual({ rounds: 3, perRound: 250, last: 400 });
    expect(roundsAfter(p, 1000, 850)).toEqual({ rounds: 1, perRound: 250, last: 150 });
    expect(roundsAfter(p, 1000, 1000)).toEqual({ rounds: 0, perRound: 250, last: 0 });
  });

  it('does not decompose when less than one round is left', () => {
    // 299: 249 left after the whole problem's 50; 30: the whole problem takes all of it.
    expect(iterationBudget(p, 299)).toBeUndefined();
    expect(iterationBudget(p, 30)).toBeUndefined();
  });
});

describe('polishReserveMs', () => {
  it('keeps 20 ms plus 0.15 ms per client for the joined plan, at most a tenth of the limit', () => {
    // 380 clients at 10 s: 20 + 0.15 x 380 = 77 ms; at 0.5 s the tenth, 50 ms, is less.
    expect(polishReserveMs(DEFAULT_GENETIC_PARAMS, 10_000, 380)).toBeCloseTo(77, 9);
    expect(polishReserveMs(DEFAULT_GENETIC_PARAMS, 500, 380)).toBe(50);
  });

  it('keeps nothing when the polish is off (decomposePolish false, or finalNeighbours 0)', () => {
    expect(polishReserveMs({ ...DEFAULT_GENETIC_PARAMS, decomposePolish: false }, 10_000, 380)).toBe(0);
    expect(polishReserveMs({ ...DEFAULT_GENETIC_PARAMS, finalNeighbours: 0 }, 10_000, 380)).toBe(0);
  });
});

describe('servedCount', () => {
  it('counts the visits of an encoded plan but its break markers', () => {
    // Two routes: [3, break, 5] and [7]: three clients.
    const enc = encodeRoutes([
      { vehicle: 0, visits: Int32Array.from([3, -1, 5]) },
      { vehicle: 2, visits: Int32Array.from([7]) },
    ]);
    expect(Array.from(enc)).toEqual([2, 0, 3, 3, -1, 5, 2, 1, 7]);
    expect(servedCount(enc)).toBe(3);
  });
});

describe('decompositionRounds', () => {
  function start(spec: ProblemSpec): { problem: Problem; island: Island } {
    const problem = new Problem(spec);
    const island = new Island(problem, 1, DEFAULT_GENETIC_PARAMS);
    island.initialise(1);
    // Until every client is served (a few generations: the fleet is large and each client worth more than a plan).
    for (let i = 0; i < 200 && island.best?.numRouted !== 60; i++) island.step();
    expect(island.best?.numRouted).toBe(60);
    return { problem, island };
  }

  /** No part comes back with a plan. */
  const none: PartRunner = () => Promise.resolve({ routes: undefined, iterations: 0 });

  /** Rounds of 300 ms into 2 parts, seed 1, until `ms` from now. */
  function rounds(
    problem: Problem,
    spec: ProblemSpec,
    from: Solution,
    runPart: PartRunner,
    ms: number,
    aborted = (): boolean => false,
  ): ReturnType<typeof decompositionRounds> {
    return decompositionRounds(
      problem,
      spec,
      from,
      2,
      { deadline: absoluteNow() + ms, roundMs: 300 },
      1,
      runPart,
      aborted,
    );
  }

  it('keeps the plan when no part comes back with a plan', async () => {
    const spec = allServed(2);
    const { problem, island } = start(spec);
    const best = island.best!;
    expect(best.numRouted).toBe(60);
    const r = await rounds(problem, spec, best, none, 700);
    expect(r.rounds).toBeGreaterThanOrEqual(1);
    expect(r.solution.objective).toBe(best.objective);
    expect(r.solution.numRouted).toBe(60);
  });

  it('joins the parts searched in this thread into a feasible plan no worse than the start', async () => {
    const spec = allServed(3);
    const { problem, island } = start(spec);
    const best = island.best!;
    const params = partParams(DEFAULT_GENETIC_PARAMS);
    const seen: number[] = [];
    // Each part: an island on the part's problem, loaded with the part's routes, 10 generations.
    const inThread: PartRunner = (partSpec, initial, part, seed) => {
      seen.push(part);
      const sub = new Island(new Problem(partSpec), seed, params);
      sub.inject([decodeRoutes(initial)]);
      for (let i = 0; i < 10; i++) sub.step();
      return Promise.resolve({ routes: sub.best?.routes, iterations: sub.iterations });
    };
    const r = await rounds(problem, spec, best, inThread, 700);
    expect(r.rounds).toBeGreaterThanOrEqual(1);
    // Every round ran both parts, and each part's generations were counted.
    expect(seen.length).toBe(2 * r.rounds);
    expect(r.iterations.every((n) => n >= 10 * r.rounds)).toBe(true);
    expect(r.solution.feasible).toBe(true);
    expect(r.solution.numRouted).toBe(60);
    expect(r.solution.objective).toBeLessThanOrEqual(best.objective);
  });

  it('reports each round: its plan before and after, and what each part did', async () => {
    const spec = allServed(5);
    const { problem, island } = start(spec);
    const best = island.best!;
    const params = partParams(DEFAULT_GENETIC_PARAMS);
    // Parts searched in this thread for 10 generations each, saying they took 7 ms to set up.
    const inThread: PartRunner = (partSpec, initial, _part, seed) => {
      const sub = new Island(new Problem(partSpec), seed, params);
      sub.inject([decodeRoutes(initial)]);
      for (let i = 0; i < 10; i++) sub.step();
      return Promise.resolve({ routes: sub.best?.routes, iterations: sub.iterations, setupMs: 7 });
    };
    const traces: RoundTrace[] = [];
    const r = await decompositionRounds(
      problem,
      spec,
      best,
      2,
      { deadline: absoluteNow() + 700, roundMs: 300 },
      1,
      inThread,
      () => false,
      (t) => traces.push(t),
    );
    expect(traces.map((t) => t.round)).toEqual(Array.from({ length: r.rounds }, (_, i) => i + 1));
    // Each round splits the plan the previous one left: the joined plan when accepted, else the same plan.
    let plan = best.objective;
    for (const t of traces) {
      expect(t.before).toBe(plan);
      expect(t.endedAt).toBeGreaterThanOrEqual(t.startedAt);
      expect(t.accepted).toBe(t.joined <= t.before + 1e-9);
      if (t.accepted) plan = t.joined;
      // Two parts holding the 60 clients and every route of the plan, each searched and serving all its clients.
      expect(t.parts.map((p) => p.clients).reduce((a, b) => a + b, 0)).toBe(60);
      expect(t.parts.map((p) => p.setupMs)).toEqual([7, 7]);
      expect(t.parts.every((p) => p.searched && p.iterations >= 10)).toBe(true);
    }
    expect(r.solution.objective).toBe(plan);
    expect(traces.reduce((n, t) => n + t.parts[0]!.iterations, 0)).toBe(r.iterations[0]);
  });

  it('reports a part that comes back without a plan as not searched, and keeps the plan', async () => {
    const spec = allServed(6);
    const { problem, island } = start(spec);
    const best = island.best!;
    const traces: RoundTrace[] = [];
    await decompositionRounds(
      problem,
      spec,
      best,
      2,
      { deadline: absoluteNow() + 400, roundMs: 300 },
      1,
      none,
      () => false,
      (t) => traces.push(t),
    );
    expect(traces.length).toBeGreaterThanOrEqual(1);
    const first = traces[0]!;
    // The parts' own routes joined again: the same plan, accepted (no worse), neither part searched.
    expect(first.parts.map((p) => [p.searched, p.iterations, p.setupMs])).toEqual([
      [false, 0, undefined],
      [false, 0, undefined],
    ]);
    expect(first.joined).toBeCloseTo(best.objective, 6);
    expect(first.parts.map((p) => p.routes).reduce((a, b) => a + b, 0)).toBe(best.routes.length);
  });

  it('runs an iteration budget: its number of rounds, each part for its generations', async () => {
    const spec = allServed(7);
    const { problem, island } = start(spec);
    const limits: PartLimit[] = [];
    const record: PartRunner = (_spec, _initial, _part, _seed, limit) => {
      limits.push(limit);
      return Promise.resolve({ routes: undefined, iterations: 'iterations' in limit ? limit.iterations : 0 });
    };
    const r = await decompositionRounds(
      problem,
      spec,
      island.best!,
      2,
      { rounds: 3, perRound: 20, last: 35 },
      1,
      record,
      () => false,
    );
    // Three rounds of two parts: 20, 20 and 35 generations each; 75 per part index in all.
    expect(r.rounds).toBe(3);
    expect(limits).toEqual([20, 20, 20, 20, 35, 35].map((iterations) => ({ iterations })));
    expect(r.iterations).toEqual([75, 75]);
  });

  it('stretches a timed round when its parts made fewer generations than asked, up to three times', async () => {
    const spec = allServed(8);
    const { problem, island } = start(spec);
    // Parts that run to their deadline and make 25 generations each (giving their routes back unchanged), where a
    // round should give them 100.
    const spans: number[] = [];
    const slow: PartRunner = async (_spec, initial, part, _seed, limit) => {
      const at = absoluteNow();
      if (!('deadline' in limit)) throw new Error('a timed round expected');
      if (part === 0) spans.push(limit.deadline - at);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, limit.deadline - at)));
      // Its own routes back: searched, serving all its clients.
      return { routes: decodeRoutes(initial), iterations: 25 };
    };
    const r = await decompositionRounds(
      problem,
      spec,
      island.best!,
      2,
      { deadline: absoluteNow() + 2500, roundMs: 300, iterations: 100 },
      1,
      slow,
      () => false,
    );
    // Round 1: 300 ms. The parts made 25 of 100 generations in about 300 ms: 1 200 ms asked, 3 x 300 = 900 given.
    // Round 3 takes the last ~1 300 ms (less than 1.5 rounds of 900 left).
    expect(r.rounds).toBe(3);
    expect(spans[0]).toBeCloseTo(300, -2);
    expect(spans[1]).toBeGreaterThan(850);
    expect(spans[1]).toBeLessThan(950);
    expect(spans[2]).toBeGreaterThan(1100);
  });

  it('stops at once when aborted', async () => {
    const spec = allServed(4);
    const { problem, island } = start(spec);
    const r = await rounds(problem, spec, island.best!, none, 5000, () => true);
    expect(r.rounds).toBe(0);
  });
});

describe('partProblemOptions', () => {
  // Two vehicle types on one matrix, the second at speed factor 0.8 (durationFactor 125): 61 nodes, so one scaled
  // copy takes 61 x 61 entries (Uint16: 7 442 bytes) and a part of 20 clients 21 x 21 (882 bytes).
  const base = allServed(3);
  const profile = base.profiles[0]!;
  const spec: ProblemSpec = {
    ...base,
    profiles: [profile, { ...profile, name: 'slow', durationFactor: 125 }],
    vehicleTypes: [base.vehicleTypes[0]!, { ...base.vehicleTypes[0]!, profile: 1 }],
  };
  const clients = Array.from({ length: 20 }, (_, i) => 1 + i);
  const part = (whole: Problem): Problem =>
    new Problem(subProblem(spec, whole, [0, 8], clients).spec, partProblemOptions(whole));

  it("reads a part's speed factors as the whole does, whatever the part's size", () => {
    // The whole over a budget of 1 000 bytes reads through the factor; its part (882 bytes, under it) too.
    const through = new Problem(spec, { scaledCopiesBytes: 1000 });
    expect([through.scaledCopies, through.readsScaled]).toEqual([false, true]);
    expect(
      new Problem(subProblem(spec, through, [0, 8], clients).spec, { scaledCopiesBytes: 1000 }).readsScaled,
    ).toBe(false);
    const p1 = part(through);
    expect([p1.scaledCopies, p1.readsScaled]).toEqual([false, true]);
    // The whole with copies (default budget): the part reads copies as well.
    const copies = new Problem(spec);
    expect([copies.scaledCopies, copies.readsScaled]).toEqual([true, false]);
    const p2 = part(copies);
    expect([p2.scaledCopies, p2.readsScaled]).toEqual([true, false]);
    // Either way the part's travel times are the whole's: the slow profile reads x * 1.25 rounded half up.
    for (let a = 0; a < p1.numNodes; a++)
      for (let b = 0; b < p1.numNodes; b++) expect(p1.dur(1, a, b)).toBe(p2.dur(1, a, b));
    const x = copies.dur(0, 0, 5);
    expect(p2.dur(1, 0, 5)).toBe(Math.floor(x * 1.25 + 0.505));
  });
});
