import type { Problem } from '../model/problem.js';
import { SearchState } from '../search/state.js';
import type { Solution, SolutionRoute } from './solution.js';

/** Evaluates given routes as they are (no search): the immutable Solution with its statistics. */
export function evaluateRoutes(problem: Problem, routes: readonly SolutionRoute[]): Solution {
  const st = new SearchState(problem);
  st.load(routes);
  return st.export(problem.timeTolerance);
}

/**
 * When every client is optional, a plan can always be made feasible by leaving clients out: this keeps the
 * routes that are feasible on their own and drops the others' clients (used on the rare answer that is still
 * infeasible when time runs out). With required clients the solution is returned as it is.
 */
export function feasiblePart(problem: Problem, solution: Solution): Solution {
  if (solution.feasible || problem.required.some((r, u) => r === 1 && u >= problem.numDepots))
    return solution;
  const keep = solution.routes.filter((r) => evaluateRoutes(problem, [r]).feasible);
  return evaluateRoutes(problem, keep);
}
