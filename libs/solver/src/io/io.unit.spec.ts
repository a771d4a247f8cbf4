import { ValidationError } from '@fleet/core';
import { Problem } from '../model/problem.js';
import { evaluateRoutes } from '../solution/evaluate.js';
import { BREAK } from '../solution/solution.js';
import { solveInThread } from '../solve.js';
import { buildCoordProblem } from './coordInstance.js';
import { formatCost } from './rounding.js';
import { parseSolomon } from './solomon.js';
import { fromVroom } from './vroom/input.js';
import { toVroomOutput } from './vroom/output.js';
import { parseVrplib } from './vrplib.js';
import { writeVrplibSolution } from './vrplibSolution.js';

const SOLOMON = [
  'TINY',
  '',
  'VEHICLE',
  'NUMBER     CAPACITY',
  '  3         10',
  '',
  'CUSTOMER',
  'CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME',
  ' ',
  '    0      0         0          0          0       1000          0',
  '    1      3         4          6         10         50         10',
  '    2      1         1          5          0        200         10',
  '    3      0         10         3        100        300          5',
].join('\r\n');

const CVRP = [
  'NAME : tiny-cvrp',
  'TYPE : CVRP',
  'DIMENSION : 4',
  'EDGE_WEIGHT_TYPE : EUC_2D',
  'CAPACITY : 10',
  'NODE_COORD_SECTION',
  '1 0 0',
  '2 3 4',
  '3 1 1',
  '4 0 10',
  'DEMAND_SECTION',
  '1 0',
  '2 6',
  '3 5',
  '4 3',
  'DEPOT_SECTION',
  '1',
  '-1',
  'EOF',
].join('\n');

const VRPTW = [
  'NAME : tiny-vrptw',
  'TYPE : VRPTW',
  'DIMENSION : 3',
  'VEHICLES : 2',
  'CAPACITY : 50',
  'SERVICE_TIME : 9',
  'EDGE_WEIGHT_TYPE : EUC_2D',
  'NODE_COORD_SECTION',
  '1 0 0',
  '2 3 4',
  '3 6 8',
  'DEMAND_SECTION',
  '1 0',
  '2 1',
  '3 2',
  'TIME_WINDOW_SECTION',
  '1 0 100',
  '2 5 20',
  '3 0 60',
  'DEPOT_SECTION',
  '1',
  '-1',
  'EOF',
].join('\n');

describe('Solomon parser and DIMACS rounding', () => {
  it('reads the fleet, the depot and the customers', () => {
    const inst = parseSolomon(SOLOMON);
    expect(inst.name).toBe('TINY');
    expect(inst.numVehicles).toBe(3);
    expect(inst.capacity).toBe(10);
    expect(inst.depot).toMatchObject({ index: 0, x: 0, y: 0, late: 1000 });
    expect(inst.customers.map((c) => c.index)).toEqual([1, 2, 3]);
    expect(inst.customers[0]).toMatchObject({ demand: 6, early: 10, late: 50, service: 10 });
  });

  it('truncates arcs to tenths (dimacs) and rounds them (round)', () => {
    const inst = parseSolomon(SOLOMON);
    // depot (0,0) -> 1 (3,4): 5 exactly -> 50 tenths; depot -> 2 (1,1): sqrt(2) = 1.4142.. -> 14 tenths;
    // 1 (3,4) -> 3 (0,10): sqrt(9 + 36) = 6.7082.. -> 67 tenths. Times are scaled to tenths too.
    const d = buildCoordProblem(inst, 'dimacs');
    const m = d.profiles[0]!.distances;
    expect([m[0 * 4 + 1], m[0 * 4 + 2], m[1 * 4 + 3]]).toEqual([50, 14, 67]);
    expect(d.clients[0]!.windows).toEqual([{ early: 100, late: 500 }]);
    expect(d.clients[0]!.service).toBe(100);
    const r = buildCoordProblem(inst, 'round');
    // floor(d + 0.5): 5 -> 5, 1.414 -> 1, 6.708 -> 7.
    const mr = r.profiles[0]!.distances;
    expect([mr[0 * 4 + 1], mr[0 * 4 + 2], mr[1 * 4 + 3]]).toEqual([5, 1, 7]);
    // Internal tenths print with one decimal.
    expect(formatCost(827, 'dimacs')).toBe('82.7');
  });
});

describe('VRPLIB parser', () => {
  it('reads CVRP with 0-based node indexes (node 1 = depot = index 0)', () => {
    const inst = parseVrplib(CVRP);
    expect(inst.kind).toBe('cvrp');
    expect(inst.capacity).toBe(10);
    expect(inst.numVehicles).toBeUndefined();
    expect(inst.depot.index).toBe(0);
    expect(inst.customers.map((c) => [c.index, c.demand])).toEqual([
      [1, 6],
      [2, 5],
      [3, 3],
    ]);
  });

  it('reads VRPTW windows, vehicles and the global service time (not on the depot)', () => {
    const inst = parseVrplib(VRPTW);
    expect(inst.kind).toBe('vrptw');
    expect(inst.numVehicles).toBe(2);
    expect(inst.depot).toMatchObject({ early: 0, late: 100, service: 0 });
    expect(inst.customers[0]).toMatchObject({ index: 1, early: 5, late: 20, service: 9 });
  });

  it('rejects a file whose demands or windows do not list every node', () => {
    const without = (text: string, line: string): string => text.replace(`\n${line}`, '');
    // A cut file: no DEMAND_SECTION at all would otherwise be solved with zero demands.
    expect(errorsOf(CVRP.split('DEMAND_SECTION')[0]!, parseVrplib)).toEqual({
      DEMAND_SECTION: '0 rows for DIMENSION 4',
    });
    expect(errorsOf(without(CVRP, '3 5'), parseVrplib)).toEqual({ DEMAND_SECTION: '3 rows for DIMENSION 4' });
    // A VRPTW file needs its windows; node 2's row missing would leave it open.
    expect(errorsOf(without(VRPTW, '2 5 20'), parseVrplib)).toEqual({
      TIME_WINDOW_SECTION: '2 rows for DIMENSION 3',
    });
    expect(errorsOf(VRPTW.replace(/TIME_WINDOW_SECTION[^D]*/, ''), parseVrplib)).toEqual({
      TIME_WINDOW_SECTION: '0 rows for DIMENSION 3',
    });
  });
});

describe('VRPLIB solution writer', () => {
  it('writes Route #k lines with node indexes and the cost in instance units', () => {
    const P = new Problem(buildCoordProblem(parseVrplib(CVRP), 'round'));
    // Route 1: depot -> node 1 (3,4) -> node 2 (1,1) -> depot: 5 + round(sqrt(13) = 3.61) = 4, + 1 = 10;
    // route 2: depot -> node 3 (0,10) -> depot: 10 + 10 = 20. Total 30.
    const sol = evaluateRoutes(P, [
      { vehicle: 0, visits: Int32Array.from([1, 2]) },
      { vehicle: 1, visits: Int32Array.from([3]) },
    ]);
    expect(writeVrplibSolution(P, sol, 'round')).toBe('Route #1: 1 2\nRoute #2: 3\nCost 30\n');
  });

  it('solves the tiny CVRP to its optimum', () => {
    const P = new Problem(buildCoordProblem(parseVrplib(CVRP), 'round'));
    const res = solveInThread(P, { seed: 3, stop: { maxIterations: 30 }, timer: () => 0 });
    // Demands 6 + 5 + 3 = 14 > 10: two routes. {1, 3} + {2}: (5 + round(6.71) = 7 + 10) + (1 + 1) = 22 + 2 = 24;
    // {1} + {2, 3}: 10 + (1 + round(9.06) = 9 + 10) = 30; {1, 2} + {3}: 30. The optimum is 24.
    expect(res.solution?.feasible).toBe(true);
    expect(res.solution?.cost).toBe(24);
  });
});

const VROOM = {
  vehicles: [
    {
      id: 7,
      type: 'truck',
      start_index: 0,
      end_index: 0,
      capacity: [10, 100],
      time_window: [0, 1000],
      speed_factor: 0.5,
      breaks: [{ id: 70, time_windows: [[100, 200]], service: 30 }],
    },
  ],
  jobs: [
    { id: 1, location_index: 1, service: 10, service_per_type: { truck: 20 }, delivery: [3, 10] },
    {
      id: 2,
      location_index: 2,
      service: 10,
      delivery: [4, 10],
      time_windows: [
        [0, 5],
        [150, 300],
      ],
      priority: 10,
    },
    { id: 3, location_index: 1, service: 10, delivery: [20, 1] },
  ],
  matrices: {
    car: {
      durations: [
        [0, 40, 60],
        [40, 0, 30],
        [60, 30, 0],
      ],
      distances: [
        [0, 400, 600],
        [400, 0, 300],
        [600, 300, 0],
      ],
    },
  },
};

describe('VROOM input and output', () => {
  it('converts vehicles, jobs, speed factor, service per type and windows', () => {
    const { spec } = fromVroom(VROOM);
    // speed_factor 0.5 -> round(100 / 0.5) = 200 hundredths: 40 s -> 80 s, 60 -> 120, 30 -> 60. The profile
    // keeps the matrix's entries and the factor; the Problem reads them scaled.
    // Nodes: depot (location 0), then jobs 1, 2, 3 (locations 1, 2, 1).
    const m = spec.profiles[0]!.durations;
    expect([m[0 * 4 + 1], m[0 * 4 + 2], m[1 * 4 + 2]]).toEqual([40, 60, 30]);
    expect(spec.profiles[0]!.durationFactor).toBe(200);
    const P = new Problem(spec);
    expect([P.dur(0, 0, 1), P.dur(0, 0, 2), P.dur(0, 1, 2)]).toEqual([80, 120, 60]);
    expect(spec.clients[0]!.serviceByType).toEqual([20]);
    expect(spec.clients[1]!.windows).toEqual([
      { early: 0, late: 5 },
      { early: 150, late: 300 },
    ]);
    expect(spec.vehicleTypes[0]!.break).toEqual({
      id: '70',
      duration: 30,
      windows: [{ early: 100, late: 200 }],
    });
  });

  it('reads one shared matrix per profile at each speed factor, rounding as VROOM does', () => {
    const input = (factors: number[], far: number) => ({
      vehicles: factors.map((speed_factor, id) => ({ id, start_index: 0, end_index: 0, speed_factor })),
      jobs: [{ id: 1, location_index: 1 }],
      matrices: {
        car: {
          durations: [
            [0, 600],
            [far, 0],
          ],
        },
      },
    });
    const travel = (P: Problem, p: number): number[] => [P.dur(p, 0, 1), P.dur(p, 1, 0)];
    // speed_factor 1.2 -> round(100 / 1.2) = 83 hundredths: 600 s -> 498 s (not 500), 45 001 -> 37 350.83 ->
    // 37 351. speed_factor 0.5 -> 200: 600 -> 1200, 45 001 -> 90 002 (beyond a Uint16: the scaled value is
    // computed, never stored).
    const two = fromVroom(input([1.2, 0.5], 45_001)).spec;
    expect(two.profiles.map((p) => p.durationFactor)).toEqual([83, 200]);
    expect(two.profiles[0]!.durations).toBe(two.profiles[1]!.durations);
    expect(two.profiles[0]!.durations).toBeInstanceOf(Uint16Array);
    const P = new Problem(two);
    expect(travel(P, 0)).toEqual([498, 37_351]);
    expect(travel(P, 1)).toEqual([1200, 90_002]);
    // The edge costs (VROOM's per_hour 3600: one per second) are the travel times. A problem this small reads
    // scaled copies (Problem's SCALED_COPIES_BYTES): every scale is 1 there.
    expect([P.edge(0, 0, 1), P.edge(1, 0, 1)]).toEqual([498, 1200]);
    expect([...P.travelScale]).toEqual([1, 1]);
    // Half-way values round up, as Math.round does: 7 x 150 / 100 = 10.5 -> 11 (speed_factor 1 / 1.5 -> 150);
    // 600 x 150 / 100 = 900.
    expect(travel(new Problem(fromVroom(input([1 / 1.5], 7)).spec), 0)).toEqual([900, 11]);
    // Speed factor 1: no factor, the entries as they are.
    expect(fromVroom(input([1], 7)).spec.profiles[0]!.durationFactor).toBeUndefined();
  });

  it('rejects what it does not support', () => {
    expect(() => fromVroom({ ...VROOM, shipments: [{}] })).toThrow(/unsupported/);
    expect(() => fromVroom({ vehicles: [] })).toThrow(/invalid/);
  });

  it('rejects two jobs of one id, and takes two vehicles of one id as pyvroom 1.15.2 does', () => {
    expect(errorsOf({ ...VROOM, jobs: [VROOM.jobs[0]!, ...VROOM.jobs] })).toEqual({
      'jobs[1].id': 'duplicate job id 1',
    });
    // Both vehicles are there to route, and each keeps the input's id 7.
    const { spec, meta } = fromVroom({ ...VROOM, vehicles: [VROOM.vehicles[0]!, VROOM.vehicles[0]!] });
    expect(spec.vehicleTypes.reduce((n, t) => n + t.numAvailable, 0)).toBe(2);
    expect(meta.vehicles.map((v) => v.id)).toEqual([7, 7]);
    expect(spec.vehicleTypes.flatMap((t) => t.vehicleIds ?? [])).toEqual(['7', '7']);
  });

  it('rejects amounts of differing lengths, naming each that differs from the first', () => {
    const [j1, j2, j3] = VROOM.jobs;
    const input = {
      ...VROOM,
      vehicles: [VROOM.vehicles[0]!, { id: 8, start_index: 0, end_index: 0 }],
      // The first amount is vehicles[0].capacity, of 2; job 4 without delivery brings none (accepted), and
      // vehicle 8 without capacity carries anything (accepted).
      jobs: [{ ...j1!, delivery: [3] }, { ...j2!, pickup: [1, 2, 3] }, { id: 4, location_index: 1 }, j3!],
    };
    expect(errorsOf(input)).toEqual({
      'jobs[0].delivery': '1 amounts, where vehicles[0].capacity has 2',
      'jobs[1].pickup': '3 amounts, where vehicles[0].capacity has 2',
    });
    expect(errorsOf({ ...input, jobs: [j1!, j2!, { id: 4, location_index: 1 }] })).toBeUndefined();
  });

  it('rejects a matrix that is not square, or distances smaller than the durations', () => {
    const durations = VROOM.matrices.car.durations;
    // Row 1 of 2 entries in a matrix of 3 rows.
    const ragged = [durations[0]!, durations[1]!.slice(0, 2), durations[2]!];
    expect(errorsOf({ ...VROOM, matrices: { car: { durations: ragged } } })).toEqual({
      'matrices.car.durations': 'row 1 has 2 entries; a matrix of 3 rows needs 3 in each',
    });
    const small = [
      [0, 1],
      [1, 0],
    ];
    expect(errorsOf({ ...VROOM, matrices: { car: { durations, distances: small } } })).toEqual({
      'matrices.car.distances': "2 rows, fewer than the durations' 3",
    });
  });

  it('rejects a matrix with a non-number entry, naming the matrix', () => {
    const bad = {
      ...VROOM,
      matrices: {
        car: {
          durations: [
            [0, 'x'],
            [1, 0],
          ],
        },
      },
    };
    let error: unknown;
    try {
      fromVroom(bad);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({
      'matrices.car.durations': 'expected an array of rows of numbers',
    });
  });

  it('writes VROOM output with steps, breaks, loads and unassigned reasons', () => {
    const { spec, meta } = fromVroom(VROOM);
    const P = new Problem(spec);
    const res = solveInThread(P, { seed: 1, stop: { maxIterations: 20 }, timer: () => 0 });
    const sol = res.solution!;
    expect(sol.feasible).toBe(true);
    const out = toVroomOutput(P, meta, sol, { loading: 0, solving: 0 });
    // Job 3 needs 20 > 10 units of the first dimension, even alone: unassigned with reason "capacity_0".
    expect(out.unassigned).toEqual([{ id: 3, type: 'job', location_index: 1, reason: 'capacity_0' }]);
    const steps = out.routes[0]!['steps'] as Record<string, unknown>[];
    expect(steps[0]!['type']).toBe('start');
    expect(steps[steps.length - 1]!['type']).toBe('end');
    expect(steps.filter((s) => s['type'] === 'break')).toHaveLength(1);
    // Either order travels 80 + 60 + 120 = 260 s (scaled) and 400 + 300 + 600 = 1300 m.
    expect(out.summary['duration']).toBe(260);
    expect(out.summary['distance']).toBe(1300);
    // Job 2 can only start in [150, 300]: arriving at 120 at the earliest, never in [0, 5].
    const job2 = steps.find((s) => s['id'] === 2)!;
    const begin = (job2['arrival'] as number) + (job2['waiting_time'] as number);
    expect(begin).toBeGreaterThanOrEqual(150);
    expect(begin).toBeLessThanOrEqual(300);
    const brk = steps.find((s) => s['type'] === 'break')!;
    const bBegin = (brk['arrival'] as number) + (brk['waiting_time'] as number);
    expect(bBegin).toBeGreaterThanOrEqual(100);
    expect(bBegin).toBeLessThanOrEqual(200);
    expect(brk['service']).toBe(30);
    // The vehicle leaves with 3 + 4 = 7 units of the first dimension.
    expect((steps[0]!['load'] as number[])[0]).toBe(7);
    expect(sol.routes[0]!.visits.includes(BREAK)).toBe(true);
  });
});

/** The validation errors `parse` (fromVroom by default) throws for `input`, or undefined when it converts. */
function errorsOf<T>(input: T, parse: (input: T) => unknown = fromVroom): unknown {
  try {
    parse(input);
  } catch (err) {
    return (err as ValidationError).errors;
  }
  return undefined;
}
