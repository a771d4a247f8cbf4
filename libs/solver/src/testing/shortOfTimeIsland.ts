import { Island } from '../hgs/island.js';
import { DEFAULT_GENETIC_PARAMS, type GeneticParams } from '../hgs/params.js';
import { Problem } from '../model/problem.js';
import { lineSpec, optionalLineClients } from './lineProblem.js';

/**
 * An island on ten optional clients c1..c10 on the line (node i at 10 i from the depot), service 100 each, one
 * vehicle of capacity 100 (the deliveries sum to 10: no shortage of capacity). With a shift of [0, 450] the
 * vehicle serves at most 3: any 4 clients take 4 x 100 = 400 of service and at least 2 x 40 = 80 of travel (out
 * to the farthest of them and back), 480 > 450; c1..c3 take 300 + 10 + 10 + 10 + 30 = 360 <= 450. So at least 7
 * of the 10 (70 %) stay out: a fleet short of time, which fleetCapacity cannot see. With a shift of [0, 100 000]
 * all fit.
 */
export function shortOfTimeIsland(twLate: number, params: Partial<GeneticParams> = {}): Island {
  const spec = lineSpec(optionalLineClients(10, 100, 1000), [100], twLate);
  return new Island(new Problem(spec), 1, { ...DEFAULT_GENETIC_PARAMS, ...params });
}
