import { planeMatrix } from '../testing/planeMatrix.js';
import { randomProblem } from '../testing/randomProblem.js';
import { embedMatrix, jacobiEigen } from './embedding.js';
import { Problem } from './problem.js';

function distance(e: { x: Float64Array; y: Float64Array }, i: number, j: number): number {
  return Math.sqrt((e.x[i]! - e.x[j]!) ** 2 + (e.y[i]! - e.y[j]!) ** 2);
}

describe('embedMatrix (classical scaling of a matrix into the plane)', () => {
  it('gives back a square of side 1000 up to rotation: every distance within 1 (the rounding)', () => {
    // Corners and centre: distances 1000 (sides), 1414 (diagonals), 707 (centre to corner).
    const pts: [number, number][] = [
      [0, 0],
      [1000, 0],
      [1000, 1000],
      [0, 1000],
      [500, 500],
    ];
    const e = embedMatrix(planeMatrix(pts), 5, Infinity)!;
    expect(e).toBeDefined();
    for (let i = 0; i < 5; i++)
      for (let j = 0; j < 5; j++) {
        const truth = Math.sqrt((pts[i]![0] - pts[j]![0]) ** 2 + (pts[i]![1] - pts[j]![1]) ** 2);
        expect(Math.abs(distance(e, i, j) - truth)).toBeLessThan(1);
      }
  });

  it('gives back exact plane distances (B of rank 2) exactly, not only rounded ones', () => {
    // A 300 x 400 rectangle and its centre, unrounded distances: the third vector of the subspace falls into
    // the span of the first two after one product by B, and one Gram-Schmidt pass left rounding errors along
    // them (sides came back as 309 and 693 before session 30); 0-1 300, 0-2 400, 0-3 500, 0-4 250.
    const pts: [number, number][] = [
      [0, 0],
      [300, 0],
      [0, 400],
      [300, 400],
      [150, 200],
    ];
    const e = embedMatrix(planeMatrix(pts, { round: false }), 5, Infinity)!;
    expect(e).toBeDefined();
    expect(distance(e, 0, 1)).toBeCloseTo(300, 6);
    expect(distance(e, 0, 2)).toBeCloseTo(400, 6);
    expect(distance(e, 0, 3)).toBeCloseTo(500, 6);
    expect(distance(e, 0, 4)).toBeCloseTo(250, 6);
  });

  it('keeps the angles around a depot that SWAP* sectors read, on 200 random points with 30 s per leg', () => {
    // A linear congruential generator keeps the test free of Math.random.
    let s = 12345;
    const next = (): number => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 20000;
    const pts: [number, number][] = [[10000, 10000]];
    for (let i = 0; i < 200; i++) pts.push([next(), next()]);
    const e = embedMatrix(planeMatrix(pts, { perLeg: 30 }), pts.length, Infinity)!;
    // Angles at the depot between consecutive clients agree with the true ones up to a reflection.
    const angle = (x: number, y: number): number => Math.atan2(y, x);
    let same = 0;
    let mirrored = 0;
    for (let i = 1; i + 1 < pts.length; i++) {
      const t =
        angle(pts[i + 1]![0] - pts[0]![0], pts[i + 1]![1] - pts[0]![1]) -
        angle(pts[i]![0] - pts[0]![0], pts[i]![1] - pts[0]![1]);
      const m =
        angle(e.x[i + 1]! - e.x[0]!, e.y[i + 1]! - e.y[0]!) - angle(e.x[i]! - e.x[0]!, e.y[i]! - e.y[0]!);
      const wrap = (a: number): number => Math.atan2(Math.sin(a), Math.cos(a));
      if (Math.abs(wrap(t - m)) < 0.05) same++;
      if (Math.abs(wrap(t + m)) < 0.05) mirrored++;
    }
    expect(Math.max(same, mirrored)).toBeGreaterThanOrEqual(190);
  });

  it('declines unreachable legs, too many nodes, fewer than three, and a node without a place', () => {
    const pts: [number, number][] = [
      [0, 0],
      [10, 0],
      [0, 10],
    ];
    const m = planeMatrix(pts);
    expect(embedMatrix(m, 3, Infinity)).toBeDefined();
    m[1] = 1e9; // 0 -> 1 as the Problem marks an unreachable pair
    expect(embedMatrix(m, 3, 1e9)).toBeUndefined();
    expect(embedMatrix(planeMatrix(pts), 3, Infinity, 2)).toBeUndefined();
    expect(embedMatrix(new Float64Array(4), 2, Infinity)).toBeUndefined();
    // A fourth node at 0 from the three others: VROOM input's virtual depot of vehicles without a start.
    expect(embedMatrix(planeMatrix(pts, { size: 4 }), 4, Infinity)).toBeUndefined();
  });

  it('is deterministic: the same matrix gives the same coordinates', () => {
    const pts: [number, number][] = [
      [0, 0],
      [300, 40],
      [120, 500],
      [700, 650],
      [50, 900],
    ];
    const a = embedMatrix(planeMatrix(pts), 5, Infinity)!;
    const b = embedMatrix(planeMatrix(pts), 5, Infinity)!;
    expect(Array.from(a.x)).toEqual(Array.from(b.x));
    expect(Array.from(a.y)).toEqual(Array.from(b.y));
  });
});

describe('Problem coordinates', () => {
  it("keeps a spec's own coordinates and embeds the first duration matrix of a spec without any", () => {
    const spec = randomProblem({ clients: 30, rich: false, seed: 4 });
    const withOwn = new Problem(spec);
    expect(withOwn.embedded).toBe(false);
    expect(withOwn.hasCoordinates).toBe(true);
    const bare = new Problem({
      ...spec,
      depots: spec.depots.map((d) => ({ id: d.id })),
      clients: spec.clients.map(({ x: _x, y: _y, ...c }) => c),
    });
    expect(bare.embedded).toBe(true);
    expect(bare.hasCoordinates).toBe(true);
    // The random problem's durations are rounded plane distances, so the embedding returns them (to the
    // rounding) whatever its rotation.
    const N = bare.numNodes;
    const m = bare.durations[0]!;
    for (let i = 0; i < N; i++)
      for (let j = i + 1; j < N; j++) {
        const d = Math.hypot(bare.x[i]! - bare.x[j]!, bare.y[i]! - bare.y[j]!);
        expect(Math.abs(d - m[i * N + j]!)).toBeLessThan(1.5);
      }
  });
});

describe('jacobiEigen', () => {
  it('diagonalises [[2, 1, 0], [1, 2, 0], [0, 0, 5]]: eigenvalues 1, 3, 5', () => {
    // The top-left block [[2, 1], [1, 2]] has eigenvalues 2 - 1 and 2 + 1, vectors (1, -1) and (1, 1).
    const A = [
      [2, 1, 0],
      [1, 2, 0],
      [0, 0, 5],
    ];
    const { values, vectors } = jacobiEigen(A);
    expect(values.slice().sort((p, q) => p - q)).toEqual([
      expect.closeTo(1, 9),
      expect.closeTo(3, 9),
      expect.closeTo(5, 9),
    ]);
    // A v = lambda v for each column v.
    for (let e = 0; e < 3; e++)
      for (let i = 0; i < 3; i++) {
        const av = A[i]!.reduce((acc, a, k) => acc + a * vectors[k]![e]!, 0);
        expect(av).toBeCloseTo(values[e]! * vectors[i]![e]!, 9);
      }
  });
});
