import type { Problem } from '../model/problem.js';

/** The parameters that choose an island's share of ruin-and-recreate generations (see GeneticParams). */
export interface RuinShareParams {
  readonly ruinShare: number;
  readonly smallRuinShare: number;
  readonly smallClients: number;
  readonly smallRuinLegShare: number;
}

/**
 * The share of generations that ruin and recreate instead of crossing two parents: `ruinShare`, except on
 * problems of at most `smallClients` clients whose depot legs are below `smallRuinLegShare` of a route's cost
 * (`legShare`, model/depotLegShare.ts), which take `smallRuinShare`. Small problems with long routes gain from
 * the population's crossovers; small problems of many short routes far from their depots (a few clients per
 * vehicle) gain from the ruins, which remove and repack whole routes (docs/solver.md, "Ruin and recreate",
 * session 24).
 */
export function ruinShareFor(problem: Problem, params: RuinShareParams, legShare: number): number {
  if (problem.numClients > params.smallClients) return params.ruinShare;
  return legShare >= params.smallRuinLegShare ? params.ruinShare : params.smallRuinShare;
}
