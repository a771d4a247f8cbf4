import { checkVrpSolution } from './check.js';
import { defaultRounding, parseVrpInstance } from './parse-instance.js';
import type { Rounding } from './rounding.js';
import { parseVrpSolution } from './solution.js';

/**
 * A tiny VRPTW in Solomon format. Arcs (Euclidean):
 *   0(0,0)-1(3,4) = 5, 1-2(6,8) = 5, 2-0 = 10, 0-3(1,1) = sqrt 2 = 1.41421 (dimacs 1.4, round 1),
 *   2-3 = sqrt 74 = 8.60233.
 */
const solomon = (depotDue = 100, vehicles = 2, due3 = '50'): string => `TINY

VEHICLE
NUMBER     CAPACITY
  ${vehicles}         10

CUSTOMER
CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME

    0      0          0          0          0        ${depotDue}          0
    1      3          4          4          0         10          2
    2      6          8          5         10         30          2
    3      1          1          3          0         ${due3}          1
`;

/** The same instance in VRPLIB format (nodes numbered from 1; node 1 is the depot). */
const vrplib = [
  'NAME : TINY',
  'TYPE : VRPTW',
  'DIMENSION : 4',
  'VEHICLES : 2',
  'CAPACITY : 10',
  'EDGE_WEIGHT_TYPE : EUC_2D',
  'NODE_COORD_SECTION',
  '1 0 0',
  '2 3 4',
  '3 6 8',
  '4 1 1',
  'DEMAND_SECTION',
  '1 0',
  '2 4',
  '3 5',
  '4 3',
  'TIME_WINDOW_SECTION',
  '1 0 100',
  '2 0 10',
  '3 10 30',
  '4 0 50',
  'SERVICE_TIME_SECTION',
  '1 0',
  '2 2',
  '3 2',
  '4 1',
  'DEPOT_SECTION',
  '1',
  '-1',
  'EOF',
].join('\n');

const check = (routes: string, rounding: Rounding = 'dimacs', instance = solomon()) =>
  checkVrpSolution(parseVrpInstance(instance), parseVrpSolution(routes), rounding);
const rules = (report: ReturnType<typeof check>) => report.violations.map((v) => v.rule);

describe('VRPLIB/Solomon checker', () => {
  // Route 1: leave 0 at 0, reach 1 at 5 (due 10), leave 7, reach 2 at 12 (ready 10, due 30), leave 14, back at 24.
  // Route 2: reach 3 at 1.4 (due 50), leave 2.4, back at 3.8. Loads 9 and 3 (capacity 10).
  const valid = 'Route #1: 1 2\nRoute #2: 3\nCost 22.8\n';

  it('accepts a feasible solution and recomputes its cost under each rounding', () => {
    const report = check(valid);
    expect(report).toMatchObject({
      feasible: true,
      violations: [],
      vehicles: 2,
      statedCost: 22.8,
      costMatches: true,
    });
    // dimacs: 5 + 5 + 10 + 1.4 + 1.4 = 22.8; round: 5 + 5 + 10 + 1 + 1 = 22; exact: 20 + 2 sqrt 2 = 22.828427.
    expect(report.cost).toBe(22.8);
    expect(check(valid, 'round').cost).toBe(22);
    expect(check(valid, 'exact').cost).toBeCloseTo(22.828427, 6);
  });

  it('reads the same instance from VRPLIB and Solomon text alike', () => {
    expect(parseVrpInstance(vrplib)).toEqual({ ...parseVrpInstance(solomon()), format: 'vrplib' });
    expect(check(valid, 'dimacs', vrplib)).toMatchObject({ feasible: true, cost: 22.8 });
  });

  it('compares the stated cost to its own number of decimals', () => {
    expect(check('Route #1: 1 2\nRoute #2: 3\nCost 22.9\n').costMatches).toBe(false);
    // The exact cost 22.828427 is 22.83 at two decimals, not 22.82.
    expect(check('Route #1: 1 2\nRoute #2: 3\nCost 22.83\n', 'exact').costMatches).toBe(true);
    expect(check('Route #1: 1 2\nRoute #2: 3\nCost 22.82\n', 'exact').costMatches).toBe(false);
    expect(check('Route #1: 1 2\nRoute #2: 3\n').costMatches).toBe(false);
  });

  it('finds a customer not served and one served twice', () => {
    const missing = check('Route #1: 1 2\nCost 20\n');
    expect(missing.violations).toEqual([{ rule: 'coverage', at: 3, message: 'customer 3 is not served' }]);
    // Route 2 visits 3 twice; the arc 3-3 is 0, so the second visit (at 2.4) is still in time: only coverage breaks.
    expect(check('Route #1: 1 2\nRoute #2: 3 3\n').violations).toEqual([
      { rule: 'coverage', at: 3, message: 'customer 3 is served 2 times' },
    ]);
  });

  it('finds a node that is not a customer', () => {
    expect(rules(check('Route #1: 1 2 9\nRoute #2: 3\n'))).toEqual(['unknown_node']);
    expect(rules(check('Route #1: 0 1 2\nRoute #2: 3\n'))).toEqual(['unknown_node']);
  });

  it('finds a route over capacity', () => {
    // 4 + 5 + 3 = 12 > 10. Times hold: 3 is reached at 14 + 8.6 = 22.6 (due 50), back at 23.6 + 1.4 = 25 (due 100).
    expect(check('Route #1: 1 2 3\n').violations).toEqual([
      { rule: 'capacity', route: 1, message: 'route 1: load 12 > capacity 10' },
    ]);
  });

  it('finds a late service start', () => {
    // 0 -> 2 takes 10 (ready 10): start 10, leave 12; 2 -> 1 takes 5: service at 1 starts at 17 > due 10.
    expect(check('Route #1: 2 1\nRoute #2: 3\n').violations).toEqual([
      {
        rule: 'time_window',
        route: 1,
        at: 1,
        message: 'route 1: service at customer 1 starts at 17 > due 10',
      },
    ]);
  });

  it('finds a late return to the depot', () => {
    // With the depot due at 20, route 1 is back at 24.
    expect(check(valid, 'dimacs', solomon(20)).violations).toEqual([
      { rule: 'depot_return', route: 1, message: 'route 1: back at the depot at 24 > depot due 20' },
    ]);
  });

  it('finds more vehicles than the instance allows', () => {
    expect(check(valid, 'dimacs', solomon(100, 1)).violations).toEqual([
      { rule: 'vehicles', message: '2 vehicles used, the instance allows 1' },
    ]);
  });

  it('checks time with the rounded arcs: a due date between the truncated and the exact travel time', () => {
    // 0 -> 3 is 1.41421: dimacs reaches 3 at 1.4, exact at 1.41421. A due date of 1.4 tells them apart.
    const instance = solomon(100, 2, '1.4');
    expect(check(valid, 'dimacs', instance).feasible).toBe(true);
    expect(rules(check(valid, 'exact', instance))).toEqual(['time_window']);
  });

  it('reads SINTEF solutions, with the stated distance taken from the file name', () => {
    const solution = parseVrpSolution(
      'Instance name: TINY\nSolution\nRoute 1 : 1 2\nRoute  2 : 3\n',
      'tiny.2_22.8284.txt',
    );
    expect(solution).toEqual({ routes: [[1, 2], [3]], statedCost: '22.8284' });
    expect(checkVrpSolution(parseVrpInstance(solomon()), solution, 'exact').costMatches).toBe(true);
  });

  it('defaults to the benchmark conventions: dimacs with time windows, round for CVRP', () => {
    expect(defaultRounding(parseVrpInstance(solomon()))).toBe('dimacs');
    const cvrp = [
      'NAME : C',
      'TYPE : CVRP',
      'DIMENSION : 2',
      'CAPACITY : 5',
      'EDGE_WEIGHT_TYPE : EUC_2D',
      'NODE_COORD_SECTION',
      '1 0 0',
      '2 1 1',
      'DEMAND_SECTION',
      '1 0',
      '2 1',
      'DEPOT_SECTION',
      '1',
      '-1',
      'EOF',
    ].join('\n');
    const instance = parseVrpInstance(cvrp);
    expect(defaultRounding(instance)).toBe('round');
    // 0 -> 1 -> 0 is 2 x round(1.41421) = 2.
    const report = checkVrpSolution(instance, parseVrpSolution('Route #1: 1\nCost 2\n'), 'round');
    expect(report).toMatchObject({ feasible: true, costMatches: true, cost: 2 });
  });
});
