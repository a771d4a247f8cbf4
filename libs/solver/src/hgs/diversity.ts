import type { Solution } from '../solution/solution.js';

/**
 * Broken-pairs distance (HGS-CVRP): the share of clients whose successor in A is neither their successor
 * nor their predecessor in B, plus those that start a route in A but neither start nor end one in B.
 * Range [0, ~1]; 0 for identical route sets.
 */
export function brokenPairsDistance(a: Solution, b: Solution, numDepots: number, numNodes: number): number {
  let diff = 0;
  const sA = a.succ;
  const pA = a.pred;
  const sB = b.succ;
  const pB = b.pred;
  for (let j = numDepots; j < numNodes; j++) {
    if (sA[j] !== sB[j] && sA[j] !== pB[j]) diff++;
    if (pA[j] === -1 && pB[j] !== -1 && sB[j] !== -1) diff++;
  }
  return diff / Math.max(numNodes - numDepots, 1);
}
