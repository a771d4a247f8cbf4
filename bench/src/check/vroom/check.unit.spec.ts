import { checkVroomSolution } from './check.js';
import { parseVroomOutput } from './parse.js';
import type { VroomInput, VroomOutput } from './schema.js';

/**
 * A hand-made VROOM problem. Locations: 0 depot, 1 job 1, 2 jobs 2 and 3.
 * Vehicle 1 (type truck) has speed_factor 1.25, so VROOM scales its travel times by round(100 / 1.25) = 80 / 100:
 *   0 -> 1: 600 s -> 480 s;  1 -> 2: 300 s -> 240 s;  2 -> 0: 900 s -> 720 s.
 * Job 1 serves in 180 s for a truck (service_per_type), 120 s otherwise; job 3 (8 kg) does not fit and is left out.
 */
const input = (): VroomInput => ({
  vehicles: [
    {
      id: 1,
      type: 'truck',
      start_index: 0,
      end_index: 0,
      capacity: [10, 10],
      time_window: [0, 10000],
      speed_factor: 1.25,
      breaks: [{ id: 7, time_windows: [[1000, 2000]], service: 300 }],
    },
  ],
  jobs: [
    {
      id: 1,
      location_index: 1,
      delivery: [4, 2],
      service: 120,
      service_per_type: { truck: 180 },
      time_windows: [
        [0, 500],
        [1200, 3000],
      ],
    },
    { id: 2, location_index: 2, delivery: [5, 1], pickup: [2, 0], service: 60, priority: 3 },
    { id: 3, location_index: 2, delivery: [8, 8], service: 60 },
  ],
  matrices: {
    car: {
      durations: [
        [0, 600, 900],
        [600, 0, 300],
        [900, 300, 0],
      ],
      distances: [
        [0, 5000, 7000],
        [5000, 0, 2000],
        [7000, 2000, 0],
      ],
    },
  },
});

/**
 * The route start -> job 1 -> break -> job 2 -> end, worked out by hand:
 *   start at 0 with deliveries [4 + 5, 2 + 1] = [9, 3] on board;
 *   job 1: arrival 0 + 480 = 480, inside [0, 500], service 180, leaves at 660 with [9 - 4, 3 - 2] = [5, 1];
 *   break: taken right away at 660, waits 340 s for its window [1000, 2000], 300 s of service, leaves at 1300;
 *   job 2: arrival 1300 + 240 = 1540, service 60, leaves at 1600 with [5 - 5 + 2, 1 - 1 + 0] = [2, 0];
 *   end: arrival 1600 + 720 = 2320.
 * Travel (duration) cumulates 0, 480, 480, 720, 1440; distance 0, 5000, 5000, 7000, 14000.
 * Totals: duration 1440 = cost (per_hour 3600 by default), service 180 + 300 + 60 = 540, waiting 340, priority 3.
 */
const output = (): VroomOutput => ({
  code: 0,
  summary: {
    cost: 1440,
    routes: 1,
    unassigned: 1,
    setup: 0,
    service: 540,
    duration: 1440,
    waiting_time: 340,
    priority: 3,
    distance: 14000,
    delivery: [9, 3],
    pickup: [2, 0],
  },
  unassigned: [{ id: 3, type: 'job', reason: 'capacity' }],
  routes: [
    {
      vehicle: 1,
      cost: 1440,
      setup: 0,
      service: 540,
      duration: 1440,
      waiting_time: 340,
      priority: 3,
      distance: 14000,
      delivery: [9, 3],
      pickup: [2, 0],
      steps: [
        {
          type: 'start',
          location_index: 0,
          setup: 0,
          service: 0,
          waiting_time: 0,
          load: [9, 3],
          arrival: 0,
          duration: 0,
          distance: 0,
        },
        {
          type: 'job',
          id: 1,
          location_index: 1,
          setup: 0,
          service: 180,
          waiting_time: 0,
          load: [5, 1],
          arrival: 480,
          duration: 480,
          distance: 5000,
        },
        {
          type: 'break',
          id: 7,
          setup: 0,
          service: 300,
          waiting_time: 340,
          load: [5, 1],
          arrival: 660,
          duration: 480,
          distance: 5000,
        },
        {
          type: 'job',
          id: 2,
          location_index: 2,
          setup: 0,
          service: 60,
          waiting_time: 0,
          load: [2, 0],
          arrival: 1540,
          duration: 720,
          distance: 7000,
        },
        {
          type: 'end',
          location_index: 0,
          setup: 0,
          service: 0,
          waiting_time: 0,
          load: [2, 0],
          arrival: 2320,
          duration: 1440,
          distance: 14000,
        },
      ],
    },
  ],
});

type Change<T> = (value: T) => void;
const check = (changeInput: Change<VroomInput> = () => {}, changeOutput: Change<VroomOutput> = () => {}) => {
  const i = input();
  const o = output();
  changeInput(i);
  changeOutput(o);
  return checkVroomSolution(i, o);
};
const rules = (report: ReturnType<typeof check>) => [...new Set(report.violations.map((v) => v.rule))].sort();
const step = (o: VroomOutput, index: number) => o.routes[0]!.steps[index]!;
const vehicle = (i: VroomInput) => i.vehicles[0]!;
const job = (i: VroomInput, id: number) => i.jobs!.find((j) => j.id === id)!;

describe('VROOM-format checker', () => {
  it('accepts the hand-made solution and recomputes its figures', () => {
    const report = check();
    expect(report.violations).toEqual([]);
    expect(report.feasible).toBe(true);
    expect(report.metrics).toEqual({
      jobs: 3,
      assigned: 2,
      unassigned: 1,
      priority: 3,
      routes: 1,
      duration: 1440,
      distance: 14000,
      service: 540,
      setup: 0,
      waiting: 340,
      cost: 1440,
      span: 2320,
    });
  });

  it('finds a job neither routed nor unassigned, and one in both', () => {
    expect(check(undefined, (o) => (o.unassigned = [])).violations).toContainEqual({
      rule: 'coverage',
      at: 3,
      message: 'job 3 appears 0 time(s) in routes and 0 time(s) in unassigned',
    });
    expect(rules(check(undefined, (o) => o.unassigned.push({ id: 1 })))).toEqual(['coverage', 'summary']);
  });

  it('finds a load over capacity in one dimension', () => {
    // Capacity [8, 10]: the vehicle leaves with [9, 3].
    const report = check((i) => (vehicle(i).capacity = [8, 10]));
    expect(report.violations).toEqual([
      {
        rule: 'capacity',
        route: 1,
        message: 'vehicle 1: load [9, 3] at step 0 (start) exceeds capacity [8, 10]',
      },
    ]);
  });

  it('finds a step whose reported load is not the computed one', () => {
    expect(rules(check(undefined, (o) => (step(o, 1).load = [5, 2])))).toEqual(['load_report']);
  });

  it('scales travel by round(100 / speed_factor): with speed_factor 1 every leg is too short', () => {
    // Factor 100: 0 -> 1 must take 600 s, the route shows 480.
    const report = check((i) => (vehicle(i).speed_factor = 1));
    expect(rules(report)).toEqual(['travel']);
    expect(report.violations[0]?.message).toBe(
      'vehicle 1: step 1: travel from location 0 to 1 shows 480 s; the matrix says 600 s, x 100/100 (speed_factor 1) = 600 s',
    );
  });

  it('accepts the floor or the ceiling of a fractional scaled travel time, nothing else', () => {
    // speed_factor 1.2: factor round(83.33) = 83, so 0 -> 1 takes 600 x 0.83 = 498 s exactly, not 600 / 1.2 = 500.
    // Make 0 -> 1 a 333 s arc: 333 x 0.83 = 276.39 s, shown as 276 or 277 by VROOM (it floors hundredths of a second).
    const at = (arrival: number) =>
      check(
        (i) => {
          vehicle(i).speed_factor = 1.2;
          i.matrices!['car']!.durations![0]![1] = 333;
        },
        (o) => (step(o, 1).arrival = arrival),
      ).violations.filter((v) => v.rule === 'travel' && v.message.includes('from location 0 to 1'));
    expect(at(276)).toEqual([]);
    expect(at(277)).toEqual([]);
    expect(at(275)).toHaveLength(1);
    expect(at(278)).toHaveLength(1);
  });

  it('finds a service time other than service_per_type[vehicle type], else service', () => {
    // A truck serves job 1 in 180 s; the plain service is 120 s. The output keeps its timing, so only the service rule.
    const report = check((i) => (job(i, 1).service_per_type = { van: 180 }));
    expect(report.violations).toEqual([
      {
        rule: 'service',
        route: 1,
        at: 1,
        message: 'vehicle 1: job 1: setup 0 and service 180, expected 0 and 120 for vehicle type truck',
      },
    ]);
  });

  it('finds a service start outside every time window of a job', () => {
    // Windows [0, 400] and [1200, 3000]: arriving at 480 and starting at once is in neither.
    const report = check(
      (i) =>
        (job(i, 1).time_windows = [
          [0, 400],
          [1200, 3000],
        ]),
    );
    expect(report.violations).toEqual([
      {
        rule: 'time_window',
        route: 1,
        at: 1,
        message: 'vehicle 1: job 1 starts at 480, outside [0, 400] [1200, 3000]',
      },
    ]);
  });

  it('finds a break started outside its window', () => {
    // Break window [1100, 2000]: the break starts at 660 + 340 = 1000.
    const report = check((i) => (vehicle(i).breaks![0]!.time_windows = [[1100, 2000]]));
    expect(rules(report)).toEqual(['time_window']);
  });

  it('finds waiting beyond the opening of the window', () => {
    // Break window [900, 2000]: arrived at 660, the break could start at 900, but it waits until 1000.
    const report = check((i) => (vehicle(i).breaks![0]!.time_windows = [[900, 2000]]));
    expect(report.violations).toEqual([
      {
        rule: 'waiting',
        route: 1,
        at: 7,
        message: 'vehicle 1: break 7 arrives at 660 and waits 340 s, but could start at 900',
      },
    ]);
  });

  it('finds a break shorter than its service', () => {
    expect(rules(check((i) => (vehicle(i).breaks![0]!.service = 200)))).toEqual(['service']);
  });

  it('finds a missing break', () => {
    // Without the break, job 2 is reached 880 s after leaving job 1 instead of 240 s.
    const report = check(undefined, (o) => o.routes[0]!.steps.splice(2, 1));
    expect(rules(report)).toEqual(expect.arrayContaining(['breaks', 'travel']));
  });

  it('finds a break taken with more load than its max_load', () => {
    // The load during the break is [5, 1].
    expect(rules(check((i) => (vehicle(i).breaks![0]!.max_load = [4, 10])))).toEqual(['break_max_load']);
  });

  it('finds a route outside the vehicle time_window', () => {
    // The vehicle must be back by 2000; the route ends at 2320.
    expect(check((i) => (vehicle(i).time_window = [0, 2000])).violations).toEqual([
      {
        rule: 'vehicle_window',
        route: 1,
        message: 'vehicle 1: ends at 2320, after its time_window [0, 2000]',
      },
    ]);
  });

  it('finds an arrival before the previous departure', () => {
    // The break ends at 1300; arriving at job 2 at 1290 is impossible (and breaks the cumulated travel too).
    const report = check(undefined, (o) => (step(o, 3).arrival = 1290));
    expect(rules(report)).toEqual(expect.arrayContaining(['timing']));
  });

  it('finds a step whose cumulated duration is wrong', () => {
    expect(rules(check(undefined, (o) => (step(o, 3).duration = 700)))).toEqual(['step_report']);
  });

  it('finds a break distance outside its leg', () => {
    // The break sits on the leg job 1 -> job 2, whose distances are 5000 and 7000; no travel was done before it.
    expect(check(undefined, (o) => (step(o, 2).distance = 7500)).violations).toEqual([
      {
        rule: 'step_report',
        route: 1,
        message: 'vehicle 1: a break before step 3 reports distance 7500, outside [5000, 7000]',
      },
    ]);
  });

  it('finds route totals that are not the sums of their steps', () => {
    expect(check(undefined, (o) => (o.routes[0]!.waiting_time = 0)).violations).toEqual([
      { rule: 'route_total', route: 1, message: 'vehicle 1: route waiting_time is 0, computed 340' },
    ]);
  });

  it('finds a summary that does not add up', () => {
    expect(check(undefined, (o) => (o.summary.duration = 1400)).violations).toEqual([
      { rule: 'summary', message: 'summary duration is 1400, the routes sum to 1440' },
    ]);
  });

  it('prices the route as VROOM does: fixed + round(duration x per_hour / 3600 + distance x per_km / 1000)', () => {
    // fixed 100 + round(1440 x 7200 / 3600 + 14000 x 10 / 1000) = 100 + 2880 + 140 = 3120.
    const report = check((i) => (vehicle(i).costs = { fixed: 100, per_hour: 7200, per_km: 10 }));
    expect(report.metrics.cost).toBe(3120);
    expect(report.violations).toContainEqual({
      rule: 'route_total',
      route: 1,
      message: 'vehicle 1: route cost is 1440, computed 3120',
    });
  });

  it('finds a job the vehicle lacks the skills for, and a job that does not exist', () => {
    expect(rules(check((i) => (job(i, 2).skills = [5])))).toEqual(['skills']);
    const unknown = check(undefined, (o) => (step(o, 3).id = 99));
    expect(rules(unknown)).toEqual(expect.arrayContaining(['unknown_job', 'coverage']));
  });

  it('reports a malformed output as format violations', () => {
    const text = JSON.stringify({ ...output(), routes: [{ vehicle: 1, steps: [] }] });
    const parsed = parseVroomOutput(text);
    expect('violations' in parsed && parsed.violations.map((v) => v.rule)).toEqual(
      expect.arrayContaining(['format']),
    );
  });
});
