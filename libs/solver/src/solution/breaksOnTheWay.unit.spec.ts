import { Problem } from '../model/problem.js';
import { lineSpec } from '../testing/lineProblem.js';
import { evaluateRoutes } from './evaluate.js';
import { scheduleRoute } from './schedule.js';
import { BREAK } from './solution.js';

/**
 * Depot 0, c1 at node 1 (10 from the depot, window [0, 10]) and c2 at node 2 (20 from the depot), no service;
 * one vehicle with shift [0, 75] and a break of 20 whose window is [30, 100]. Route c1, break, c2.
 *
 * At the stop: leave at 0, c1 at 10, wait there until 30, break 30-50, drive 10 to c2 (60), 20 back: 80, five
 * past the shift's end. On the way: leave c1 at 10, drive the whole leg to c2 while the break's window is shut
 * (10-20), wait 10, break 30-50 at c2, serve it at 50, back at 70: on time.
 */
function problem(onTheWay: boolean): Problem {
  const spec = lineSpec(
    [
      { id: 'c1', delivery: [1], service: 0, required: true, windows: [{ early: 0, late: 10 }] },
      { id: 'c2', delivery: [1], service: 0, required: true },
    ],
    [10],
    75,
  );
  return new Problem({
    ...spec,
    vehicleTypes: spec.vehicleTypes.map((t) => ({
      ...t,
      break: { id: 'lunch', windows: [{ early: 30, late: 100 }], duration: 20 },
    })),
    breaksOnTheWay: onTheWay,
  });
}

const route = { vehicle: 0, visits: Int32Array.from([1, BREAK, 2]) };

describe('breaks on the way (ProblemSpec.breaksOnTheWay)', () => {
  it('drives the leg after the break while its window is shut', () => {
    const P = problem(true);
    const s = scheduleRoute(P, route);
    const [c1, brk, c2] = s.visits;
    expect([c1!.arrival, c1!.departure]).toEqual([10, 10]);
    // The whole leg (10) is driven before the break: it reaches c2's place at 20 and waits until 30.
    expect(brk).toMatchObject({
      travel: 10,
      distance: 10,
      arrival: 20,
      waiting: 10,
      start: 30,
      departure: 50,
    });
    expect(c2).toMatchObject({ travel: 0, distance: 0, arrival: 50, start: 50 });
    expect([s.end, s.travel, s.distance, s.lateness]).toEqual([70, 40, 40, 0]);
    const sol = evaluateRoutes(P, [route]);
    expect(sol.feasible).toBe(true);
    expect([sol.timeWarp, sol.travel]).toEqual([0, 40]);
  });

  it('takes the break at the stop before it otherwise', () => {
    const P = problem(false);
    const s = scheduleRoute(P, route);
    const brk = s.visits[1]!;
    expect(brk).toMatchObject({ travel: 0, distance: 0, arrival: 10, waiting: 20, start: 30, departure: 50 });
    expect(s.visits[2]).toMatchObject({ travel: 10, arrival: 60 });
    expect([s.end, s.lateness]).toEqual([80, 5]);
    const sol = evaluateRoutes(P, [route]);
    expect(sol.feasible).toBe(false);
    expect(sol.timeWarp).toBe(5);
  });

  it('drives only until the window opens when the leg is longer', () => {
    // Break window [15, 100]: from c1 at 10 it drives 5 of the 10, breaks 15-35, drives the other 5: c2 at 40,
    // back at 60 (the same as the formula max(10 + 20 + 10, 15 + 20) = 40 for c2).
    const spec = problem(true);
    const P = new Problem({
      ...spec.spec,
      vehicleTypes: spec.spec.vehicleTypes.map((t) => ({
        ...t,
        break: { id: 'lunch', windows: [{ early: 15, late: 100 }], duration: 20 },
      })),
    });
    const s = scheduleRoute(P, route);
    expect(s.visits[1]).toMatchObject({
      travel: 5,
      distance: 5,
      arrival: 15,
      waiting: 0,
      start: 15,
      departure: 35,
    });
    expect(s.visits[2]).toMatchObject({ travel: 5, distance: 5, arrival: 40 });
    expect([s.end, s.travel, s.lateness]).toEqual([60, 40, 0]);
  });
});
