import type { Problem } from './problem.js';

/** What the whole fleet carries against what the clients ask for, per load dimension. */
export interface FleetCapacity {
  /** Sum over every vehicle of its capacity, per dimension. */
  readonly capacity: Float64Array;
  /** Sum over every client of its delivery, per dimension. */
  readonly demand: Float64Array;
  /** Whether some dimension has more demand than capacity: no plan can serve every client. */
  readonly short: boolean;
}

/**
 * Summed capacity and delivery per dimension (pickups not counted). A fleet short of capacity is a knapsack
 * first: which clients are served decides the count, and the search changes how it starts and moves (regret.ts
 * capacityAdmission, PenaltyManager's first load weights, GeneticParams.replaceWhenShort).
 */
export function fleetCapacity(P: Problem): FleetCapacity {
  const K = P.numDims;
  const capacity = new Float64Array(K);
  const demand = new Float64Array(K);
  for (let v = 0; v < P.numVehicles; v++) {
    const t = P.vehicleType[v]!;
    for (let k = 0; k < K; k++) capacity[k] = capacity[k]! + P.capacity[t * K + k]!;
  }
  for (let u = P.numDepots; u < P.numNodes; u++)
    for (let k = 0; k < K; k++) demand[k] = demand[k]! + P.delivery[u * K + k]!;
  let short = false;
  for (let k = 0; k < K; k++) if (demand[k]! > capacity[k]!) short = true;
  return { capacity, demand, short };
}
