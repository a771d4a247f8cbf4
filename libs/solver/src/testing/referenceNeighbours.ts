import type { Problem } from '../model/problem.js';
import { DEFAULT_NEIGHBOURS, type NeighbourParams } from '../model/neighbours.js';

/**
 * The granular neighbourhoods by their definition, pair by pair and with a full sort per client: the
 * yardstick for computeNeighbours, which reaches the same lists through row-wise scans and a bounded heap.
 */
export function referenceNeighbours(P: Problem, params: NeighbourParams = DEFAULT_NEIGHBOURS): number[][] {
  const D = P.numDepots;
  const C = P.numClients;
  const N = P.numNodes;
  const k = Math.max(0, Math.min(params.count, C - 1));
  const early = (u: number): number => P.winEarly[P.winOffset[u]!]!;
  const late = (u: number): number => P.winLate[P.winOffset[u + 1]! - 1]!;
  const proximity = (i: number, j: number): number => {
    let cost = Infinity;
    let travel = Infinity;
    for (const vt of P.vehicleTypes) {
      const d = P.dur(vt.profile, i, j);
      const free = vt.unitDistanceCost === 0 && vt.unitTravelCost === 0;
      const c = free ? d : vt.unitDistanceCost * P.distances[vt.profile]![i * N + j]! + vt.unitTravelCost * d;
      cost = Math.min(cost, c);
      travel = Math.min(travel, d);
    }
    const si = P.service[i]!;
    const wait = Math.max(early(j) - travel - si - late(i), 0);
    const warp = Math.max(early(i) + si + travel - late(j), 0);
    return cost + params.weightWait * wait + params.weightTimeWarp * warp;
  };
  const rows: number[][] = [];
  for (let i = D; i < N; i++) {
    const others: { j: number; p: number }[] = [];
    for (let j = D; j < N; j++)
      if (j !== i) others.push({ j, p: Math.min(proximity(i, j), proximity(j, i)) });
    others.sort((x, y) => x.p - y.p || x.j - y.j);
    rows.push(others.slice(0, k).map((o) => o.j));
  }
  return rows;
}
