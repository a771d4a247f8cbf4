import { compactMatrix, durationScale, scaledEntry } from './matrix.js';
import { Problem } from './problem.js';
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
