import { fromVroom } from '../io/vroom/input.js';
import { completeCoordinates } from './coordinates.js';
import { Problem } from './problem.js';
import { planeMatrix } from '../testing/planeMatrix.js';

/** Node i at PTS[i] (node 0 the depot). Among the distances: 0-1 300, 0-2 400, 1-2 500, 0-3 500. */
const PTS: readonly (readonly [number, number])[] = [
  [0, 0],
  [300, 0],
  [0, 400],
  [300, 400],
  [150, 200],
];

/** The five points, exact distances, and node 5 the virtual depot of open routes, at 0 from every node. */
const withVirtual = (): Float64Array => planeMatrix(PTS, { size: 6, round: false });

const given = (): { x: Float64Array; y: Float64Array } => ({
  x: Float64Array.from([...PTS.map((p) => p[0]), NaN]),
  y: Float64Array.from([...PTS.map((p) => p[1]), NaN]),
});

const dist = (x: Float64Array, y: Float64Array, i: number, j: number): number =>
  Math.hypot(x[i]! - x[j]!, y[i]! - y[j]!);

describe('completeCoordinates', () => {
  it('keeps given coordinates and puts the virtual depot at the placed depots (node 0)', () => {
    const { x, y } = given();
    // numDepots 1: node 0 at (0, 0) is the only placed depot (node 5, the virtual one, is placeless).
    expect(completeCoordinates(withVirtual(), 6, 1, 1e9, x, y)).toBe('given');
    expect(Array.from(x)).toEqual([0, 300, 0, 300, 150, 0]);
    expect(Array.from(y)).toEqual([0, 0, 400, 400, 200, 0]);
  });

  it('embeds the placed nodes alone when no coordinates are given, the virtual depot at the depot', () => {
    const x = new Float64Array(6).fill(NaN);
    const y = new Float64Array(6).fill(NaN);
    expect(completeCoordinates(withVirtual(), 6, 1, 1e9, x, y)).toBe('embedded');
    // The five points come back up to rotation and reflection; the virtual depot sits on node 0.
    expect(dist(x, y, 0, 1)).toBeCloseTo(300, 3);
    expect(dist(x, y, 0, 2)).toBeCloseTo(400, 3);
    expect(dist(x, y, 1, 2)).toBeCloseTo(500, 3);
    expect(dist(x, y, 0, 3)).toBeCloseTo(500, 3);
    expect(x[5]).toBe(x[0]);
    expect(y[5]).toBe(y[0]);
  });

  it('takes the centroid of all placed nodes when no depot has a place', () => {
    const { x, y } = given();
    expect(completeCoordinates(withVirtual(), 6, 0, 1e9, x, y)).toBe('given');
    // Centroid of the five points: x (0 + 300 + 0 + 300 + 150) / 5 = 150, y (0 + 0 + 400 + 400 + 200) / 5 = 200.
    expect(x[5]).toBeCloseTo(150, 9);
    expect(y[5]).toBeCloseTo(200, 9);
  });

  it('embeds every node when a node without coordinates has a place', () => {
    const m = planeMatrix(PTS, { round: false });
    const x = Float64Array.from([0, 300, NaN, 300, 150]);
    const y = Float64Array.from([0, 0, NaN, 400, 200]);
    expect(completeCoordinates(m, 5, 1, 1e9, x, y)).toBe('embedded');
    expect(dist(x, y, 1, 2)).toBeCloseTo(500, 3);
  });

  it('leaves x and y alone when the matrix cannot be embedded (an unreachable leg)', () => {
    const x = new Float64Array(6).fill(NaN);
    const y = new Float64Array(6).fill(NaN);
    const m = withVirtual();
    m[1] = 1e9; // 0 -> 1 unreachable
    expect(completeCoordinates(m, 6, 1, 1e9, x, y)).toBe('none');
    expect(Array.from(x).every(Number.isNaN)).toBe(true);
  });
});

describe('Problem coordinates with open routes (VROOM vehicles without end_index)', () => {
  const input = (withLocations: boolean): unknown => ({
    vehicles: [
      { id: 1, start_index: 0, ...(withLocations ? { start: [0, 0] } : {}) },
      { id: 2, start_index: 0, end_index: 0, ...(withLocations ? { start: [0, 0], end: [0, 0] } : {}) },
    ],
    jobs: [
      { id: 1, location_index: 1, ...(withLocations ? { location: [300, 0] } : {}) },
      { id: 2, location_index: 2, ...(withLocations ? { location: [0, 400] } : {}) },
    ],
    matrices: {
      car: {
        durations: [
          [0, 300, 400],
          [300, 0, 500],
          [400, 500, 0],
        ],
      },
    },
  });

  it('has coordinates: the given ones, or embedded ones, with the open routes virtual end', () => {
    const given = new Problem(fromVroom(input(true)).spec);
    // Depots: location 0 and the virtual end of vehicle 1.
    expect(given.numDepots).toBe(2);
    expect(given.hasCoordinates).toBe(true);
    expect(given.embedded).toBe(false);
    const bare = new Problem(fromVroom(input(false)).spec);
    expect(bare.hasCoordinates).toBe(true);
    expect(bare.embedded).toBe(true);
    const n = bare.numNodes;
    for (let i = 0; i < n; i++) expect(Number.isFinite(bare.x[i]!)).toBe(true);
  });
});
