import type { Problem } from '../model/problem.js';
import { SearchState } from '../search/state.js';
import { BREAK, type Solution, type SolutionRoute } from './solution.js';

/** Evaluates given routes as they are (no search): the immutable Solution with its statistics. */
export function evaluateRoutes(problem: Problem, routes: readonly SolutionRoute[]): Solution {
  const st = new SearchState(problem);
  st.load(routes);
  return st.export(problem.timeTolerance);
}

/**
 * When every client is optional, a plan can always be made feasible by leaving clients out: each infeasible
 * route leaves out, one at a time, the client whose absence leaves the least violation (time warp plus excess
 * load; ties to the least value, then the earliest visit), until it is feasible (used on the rare answer that is
 * still infeasible when time runs out). With required clients the solution is returned as it is.
 */
export function feasiblePart(problem: Problem, solution: Solution): Solution {
  if (solution.feasible || problem.required.some((r, u) => r === 1 && u >= problem.numDepots))
    return solution;
  const keep = solution.routes
    .map((r) => feasibleRoute(problem, r))
    .filter((r) => r.visits.some((u) => u !== BREAK));
  return evaluateRoutes(problem, keep);
}

function feasibleRoute(problem: Problem, route: SolutionRoute): SolutionRoute {
  let current = route;
  for (;;) {
    if (evaluateRoutes(problem, [current]).feasible) return current;
    let best: SolutionRoute | undefined;
    let bestViolation = Infinity;
    let bestValue = Infinity;
    const visits = current.visits;
    for (let i = 0; i < visits.length; i++) {
      const u = visits[i]!;
      if (u === BREAK) continue;
      const candidate = { vehicle: current.vehicle, visits: visits.filter((_, j) => j !== i) };
      const e = evaluateRoutes(problem, [candidate]);
      let violation = e.timeWarp;
      for (const x of e.excess) violation += x;
      const value = problem.value[u]!;
      if (violation < bestViolation || (violation === bestViolation && value < bestValue)) {
        best = candidate;
        bestViolation = violation;
        bestValue = value;
      }
    }
    if (best === undefined) return { vehicle: route.vehicle, visits: new Int32Array(0) };
    current = best;
  }
}
