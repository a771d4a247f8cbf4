import { Problem } from '../model/problem.js';
import { lineSpec } from '../testing/lineProblem.js';
import { evaluateRoutes, feasiblePart } from './evaluate.js';

/**
 * Depot 0 and optional clients c1, c2, c3 at nodes 1, 2, 3 of a line (node i at 10 i), no service; vehicles of
 * capacity 10 with shift [0, 50]. The route c1 c2 c3 takes 30 out and 30 back: 60, 10 of time warp. Without c3
 * it takes 40 (feasible); without c1 or c2 it still takes 60.
 */
function line(required = false): Problem {
  const clients = [1, 2, 3].map((i) => ({ id: `c${i}`, delivery: [1], service: 0, required, prize: 100 }));
  const spec = lineSpec(clients, [10], 50);
  return new Problem({ ...spec, vehicleTypes: spec.vehicleTypes.map((t) => ({ ...t, numAvailable: 2 })) });
}

const route = (vehicle: number, visits: number[]) => ({ vehicle, visits: Int32Array.from(visits) });

describe('feasiblePart', () => {
  it('leaves out the clients that make a route infeasible, not the whole route', () => {
    const P = line();
    const sol = evaluateRoutes(P, [route(0, [1, 2, 3])]);
    expect([sol.feasible, sol.timeWarp]).toEqual([false, 10]);
    const part = feasiblePart(P, sol);
    expect(part.feasible).toBe(true);
    expect(part.routes.map((r) => [r.vehicle, [...r.visits]])).toEqual([[0, [1, 2]]]);
    // Only c3 (worth 100) is left out; the route takes 40.
    expect([part.travel, part.valueLost]).toEqual([40, 100]);
  });

  it('keeps the feasible routes as they are', () => {
    // Vehicle 0: c1 c3 takes 60 (infeasible); without c3, 20. Vehicle 1: c2 alone, 40 (feasible).
    const P = line();
    const sol = evaluateRoutes(P, [route(0, [1, 3]), route(1, [2])]);
    expect(sol.feasible).toBe(false);
    const part = feasiblePart(P, sol);
    expect(part.routes.map((r) => [r.vehicle, [...r.visits]])).toEqual([
      [0, [1]],
      [1, [2]],
    ]);
    const ok = evaluateRoutes(P, [route(0, [1, 2])]);
    expect(feasiblePart(P, ok)).toBe(ok);
  });

  it('returns a plan with required clients as it is', () => {
    const P = line(true);
    const sol = evaluateRoutes(P, [route(0, [1, 2, 3])]);
    expect(feasiblePart(P, sol)).toBe(sol);
  });
});
