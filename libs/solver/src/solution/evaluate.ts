import type { Problem } from '../model/problem.js';
import { SearchState } from '../search/state.js';
import type { Solution, SolutionRoute } from './solution.js';

/** Evaluates given routes as they are (no search): the immutable Solution with its statistics. */
export function evaluateRoutes(problem: Problem, routes: readonly SolutionRoute[]): Solution {
  const st = new SearchState(problem);
  st.load(routes);
  return st.export(problem.timeTolerance);
}
