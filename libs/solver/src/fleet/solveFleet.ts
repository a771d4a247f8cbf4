import { Problem } from '../model/problem.js';
import { solveInThread, type SolveOptions } from '../solve.js';
import { evaluateRoutes, feasiblePart } from '../solution/evaluate.js';
import { buildFleetProblem } from './build.js';
import { toFleetPlan } from './plan.js';
import type { FleetPlan, FleetProblemInput } from './types.js';

/** Plans a depot's day in the calling thread (tests, small days); the optimizer app uses the pool. */
export function planFleetInThread(input: FleetProblemInput, options: SolveOptions): FleetPlan {
  const model = buildFleetProblem(input);
  const problem = new Problem(model.spec);
  if (problem.numClients === 0 || problem.numVehicles === 0)
    return toFleetPlan(input, model, problem, evaluateRoutes(problem, []));
  const result = solveInThread(problem, options);
  const sol = result.solution ?? evaluateRoutes(problem, []);
  return toFleetPlan(input, model, problem, feasiblePart(problem, sol));
}
