import { compactMatrix } from './matrix.js';
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
