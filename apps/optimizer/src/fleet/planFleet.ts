import {
  buildFleetProblem,
  evaluateRoutes,
  feasiblePart,
  Problem,
  toFleetPlan,
  type FleetPlan,
  type FleetProblemInput,
} from '@fleet/solver';
import type { PoolSolveOptions, SolverPool } from '../pool/solverPool.js';

/**
 * Plans a depot's day on the solver pool: builds the model (stops, vehicles, travel profiles), solves with
 * cooperating islands, and returns the product's plan (routes with timed stops, unassigned deliveries with
 * reasons). A solve that finds nothing feasible returns an empty plan with every delivery explained.
 */
export async function planFleet(
  pool: SolverPool,
  input: FleetProblemInput,
  options: PoolSolveOptions,
): Promise<FleetPlan> {
  const model = buildFleetProblem(input);
  if (model.spec.clients.length === 0 || model.spec.vehicleTypes.length === 0) {
    const problem = new Problem(model.spec);
    return toFleetPlan(input, model, problem, evaluateRoutes(problem, []));
  }
  const res = await pool.solve(model.spec, options);
  const sol = res.solution ? feasiblePart(res.problem, res.solution) : evaluateRoutes(res.problem, []);
  return toFleetPlan(input, model, res.problem, sol);
}
