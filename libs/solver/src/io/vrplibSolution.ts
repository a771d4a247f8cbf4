import type { Problem } from '../model/problem.js';
import type { Solution } from '../solution/solution.js';
import { BREAK } from '../solution/solution.js';
import { formatCost, type Rounding } from './rounding.js';

/**
 * Writes a solution in the VRPLIB solution format: `Route #k: c1 c2 ...` with each client's id (for the
 * benchmark sets, its 0-based node index in the instance file, depot = 0), then `Cost X` in instance units.
 */
export function writeVrplibSolution(problem: Problem, solution: Solution, rounding: Rounding): string {
  const lines: string[] = [];
  let k = 1;
  for (const r of solution.routes) {
    const ids: string[] = [];
    for (const u of r.visits) if (u !== BREAK) ids.push(problem.spec.clients[u - problem.numDepots]!.id);
    lines.push(`Route #${k++}: ${ids.join(' ')}`);
  }
  lines.push(`Cost ${formatCost(solution.cost, rounding)}`);
  return lines.join('\n') + '\n';
}
