import type { Problem } from '../model/problem.js';

/**
 * The value of the least valuable optional clients when it is dominated: every optional client worth more is
 * worth more than all the least valuable ones together (VROOM jobs without priority, against any job with a
 * priority: value BIG x (1 + (n + 1) x priority)). Then leaving out any number of least valuable clients costs
 * less than leaving out one other. -1 otherwise (all worth the same, or product deliveries, where a stop of
 * two deliveries is worth exactly two of one).
 */
export function dominatedFloor(P: Problem): number {
  let floor = Infinity;
  let count = 0;
  let next = Infinity;
  for (let u = P.numDepots; u < P.numNodes; u++) {
    if (P.required[u]) continue;
    const v = P.value[u]!;
    if (v < floor) {
      next = floor;
      floor = v;
      count = 1;
    } else if (v === floor) count++;
    else if (v < next) next = v;
  }
  return Number.isFinite(next) && next > count * floor ? floor : -1;
}
