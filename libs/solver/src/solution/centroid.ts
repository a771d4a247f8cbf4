import type { Problem } from '../model/problem.js';
import { BREAK, type SolutionRoute } from './solution.js';

/** Mean plane position of a route's clients (Problem.x, y; breaks skipped), and their count: (0, 0, 0) if none. */
export function routeCentroid(problem: Problem, route: SolutionRoute): { x: number; y: number; n: number } {
  let x = 0;
  let y = 0;
  let n = 0;
  for (const u of route.visits) {
    if (u === BREAK) continue;
    x += problem.x[u]!;
    y += problem.y[u]!;
    n++;
  }
  return n === 0 ? { x: 0, y: 0, n } : { x: x / n, y: y / n, n };
}
