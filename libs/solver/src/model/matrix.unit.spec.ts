import { compactMatrix, durationScale, scaledEntry } from './matrix.js';
import { Problem, SCALED_COPIES_BYTES } from './problem.js';
import { lineSpec } from '../testing/lineProblem.js';

describe('compactMatrix (the smallest element type that keeps every value)', () => {
  it('stores whole numbers from 0 to 65535 in 16 bits', () => {
    const m = Float64Array.from([0, 1, 4639, 65535]);
    const c = compactMatrix(m);
    expect(c).toBeInstanceOf(Uint16Array);
    expect([...c]).toEqual([0, 1, 4639, 65535]);
  });

  it('stores values float32 keeps exactly (65536, -3, 1e9, 0.5) in 32 bits', () => {
    // 1e9 = 2^9 x 1953125 and 1953125 < 2^24, so float32 holds it; 0.5 = 2^-1.
    const c = compactMatrix(Float64Array.from([65536, -3, 1e9, 0.5]));
    expect(c).toBeInstanceOf(Float32Array);
    expect([...c]).toEqual([65536, -3, 1e9, 0.5]);
  });

  it('keeps doubles that float32 would change (0.1, 2^24 + 1) as they are', () => {
    const m = Float64Array.from([3, 0.1]);
    expect(compactMatrix(m)).toBe(m);
    const big = Float64Array.from([2 ** 24 + 1]);
    expect(compactMatrix(big)).toBe(big);
  });

  it('returns a matrix already in its smallest type unchanged (shared memory stays shared)', () => {
    const u = Uint16Array.from([1, 2]);
    expect(compactMatrix(u)).toBe(u);
    const f = Float32Array.from([70000]);
    expect(compactMatrix(f)).toBe(f);
  });

  it('gives Problem the same travel values as the spec, in compact form', () => {
    // Depot and two clients on a line: travel 10 |a - b|.
    const clients = ['c1', 'c2'].map((id) => ({ id, delivery: [1], service: 0, required: true }));
    const problem = new Problem(lineSpec(clients, [10], 1000));
    const spec = problem.spec.profiles[0]!.durations;
    expect(problem.durations[0]).toBeInstanceOf(Uint16Array);
    expect([...problem.durations[0]!]).toEqual([...spec]);
    // A non-finite entry becomes the 1e9 stand-in, which needs float32.
    const m = Float64Array.from(spec);
    m[1] = Infinity;
    const cut = new Problem({ ...problem.spec, profiles: [{ name: 'line', durations: m, distances: spec }] });
    expect(cut.durations[0]).toBeInstanceOf(Float32Array);
    expect(cut.durations[0]![1]).toBe(1e9);
    expect(cut.distances[0]).toBeInstanceOf(Uint16Array);
  });
});

describe('scaledEntry (a leg read through a VROOM speed factor)', () => {
  it('equals the integer rounding floor((x * factor + 50) / 100) on every whole entry and factor tried', () => {
    // Worked cases: 600 x 83 / 100 = 498; 45 001 x 83 / 100 = 37 350.83 -> 37 351; 7 x 150 / 100 = 10.5 -> 11
    // (half up); 1 x 50 / 100 = 0.5 -> 1; 1 x 49 / 100 = 0.49 -> 0.
    expect(scaledEntry(600, durationScale(83))).toBe(498);
    expect(scaledEntry(45_001, durationScale(83))).toBe(37_351);
    expect(scaledEntry(7, durationScale(150))).toBe(11);
    expect(scaledEntry(1, durationScale(50))).toBe(1);
    expect(scaledEntry(1, durationScale(49))).toBe(0);
    // No factor: the entry itself, fractions included (DIMACS tenths).
    expect(scaledEntry(12.3, durationScale(undefined))).toBe(12.3);
    // Against exact integer arithmetic: every factor from 20 to 500 hundredths (speed factors 5 to 0.2) on
    // entries 0..3000 and a spread up to 10^6 s.
    const entries = [
      ...Array.from({ length: 3001 }, (_, x) => x),
      65_535,
      65_536,
      99_999,
      123_457,
      1_000_000,
    ];
    let mismatches = 0;
    for (let f = 20; f <= 500; f++)
      for (const x of entries)
        if (scaledEntry(x, durationScale(f)) !== Math.floor((x * f + 50) / 100)) mismatches++;
    expect(mismatches).toBe(0);
  });

  it('reads the stand-in for an unreachable leg above Problem.unreachable at every scale', () => {
    const clients = ['c1', 'c2'].map((id) => ({ id, delivery: [1], service: 0, required: true }));
    const line = lineSpec(clients, [10], 1000);
    const m = Float64Array.from(line.profiles[0]!.durations);
    m[1] = Infinity;
    // Two profiles on the same matrix: 50 hundredths (twice as fast) and 200. The stand-in leg 1e9 reads
    // 5e8 in the fast one, so the threshold falls to 5e8; the finite legs (10 and 20, 5 and 40 scaled) stay
    // far below it.
    const profiles = [50, 200].map((durationFactor) => ({
      name: `line|${durationFactor}`,
      durations: m,
      durationFactor,
      distances: line.profiles[0]!.distances,
    }));
    const P = new Problem({ ...line, profiles });
    expect(P.unreachable).toBe(5e8);
    expect(P.dur(0, 0, 1)).toBeGreaterThanOrEqual(P.unreachable);
    expect(P.dur(1, 0, 1)).toBeGreaterThanOrEqual(P.unreachable);
    expect([P.dur(0, 0, 2), P.dur(1, 0, 2)]).toEqual([10, 40]);
  });
});

describe('Problem: profiles of one matrix at several speed factors', () => {
  // Depot and clients on a line (travel 10 |a - b|), two vehicle types whose profiles share the matrix at
  // factors 50 and 200 (speed factors 2 and 0.5).
  const spec = (clients: number) => {
    const cs = Array.from({ length: clients }, (_, i) => ({
      id: `c${i + 1}`,
      x: i + 1,
      y: 0,
      delivery: [1],
      service: 0,
      required: true,
    }));
    const line = lineSpec(cs, [10], 100_000);
    const base = line.profiles[0]!;
    const vt = line.vehicleTypes[0]!;
    return {
      ...line,
      depots: [{ id: 'depot', x: 0, y: 0 }],
      profiles: [50, 200].map((durationFactor) => ({ ...base, name: `f${durationFactor}`, durationFactor })),
      vehicleTypes: [0, 1].map((profile) => ({ ...vt, name: `v${profile}`, profile })),
    };
  };

  it('reads one shared matrix through each factor when the copies would not fit SCALED_COPIES_BYTES', () => {
    // 1500 nodes: a Uint16 copy is 1500^2 x 2 = 4.5 MB, above the 4 MB budget.
    const N = 1500;
    expect(2 * N * N).toBeGreaterThan(SCALED_COPIES_BYTES);
    const P = new Problem(spec(N - 1));
    expect(P.durations[0]).toBe(P.durations[1]);
    expect([...P.travelScale]).toEqual([0.5, 2]);
    // Node 0 to node 7: 70 s in the matrix, 35 s at factor 50, 140 s at factor 200; node 1 to 2: 10 -> 5, 20.
    expect([P.dur(0, 0, 7), P.dur(1, 0, 7), P.dur(0, 1, 2), P.dur(1, 1, 2)]).toEqual([35, 140, 5, 20]);
    // Edge costs (travel time) share the matrix too; the lower bound reads it at the fastest scale.
    expect(P.edgeCost[0]).toBe(P.edgeCost[1]);
    expect([P.edge(0, 0, 7), P.edge(1, 0, 7)]).toEqual([35, 140]);
    expect(P.edgeCostKey[0]).not.toBe(P.edgeCostKey[1]);
    expect(P.minEdgeCost).toBe(P.durations[0]);
    expect(P.minEdgeScale).toBe(0.5);
  });

  it('reads a scaled copy per factor when the copies fit', () => {
    // 11 nodes: two copies of 121 entries.
    const P = new Problem(spec(10));
    expect(P.durations[0]).not.toBe(P.durations[1]);
    expect([...P.travelScale]).toEqual([1, 1]);
    expect([P.dur(0, 0, 7), P.dur(1, 0, 7), P.dur(0, 1, 2), P.dur(1, 1, 2)]).toEqual([35, 140, 5, 20]);
    expect(P.durations[1]![7]).toBe(140);
    expect(P.minEdgeScale).toBe(1);
    // The lower bound is the element-wise minimum: the faster copy here.
    expect(P.minEdgeCost[7]).toBe(35);
  });
});
