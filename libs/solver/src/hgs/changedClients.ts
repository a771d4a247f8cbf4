import type { Problem } from '../model/problem.js';
import type { SearchState } from '../search/state.js';
import { BREAK, type SolutionRoute } from '../solution/solution.js';

/**
 * The clients of the loaded state whose place differs from `parent`'s: another vehicle, another client (or
 * depot) before or after them (breaks skipped), not routed by the parent, or routed by the parent and not by
 * the state. After a crossover these are the clients of the other parent's routes, the ones the repair put
 * back and the ones it could not; the parent's own routes that the child kept are local optima already, so a
 * local search needs to start only from the changed clients.
 */
export function changedClients(
  problem: Problem,
  state: SearchState,
  parent: readonly SolutionRoute[],
): number[] {
  const N = problem.numNodes;
  const D = problem.numDepots;
  // Per client: the parent's vehicle (-1: not routed), and the clients before and after it (-1: the depot).
  const vehicle = new Int32Array(N).fill(-1);
  const before = new Int32Array(N).fill(-1);
  const after = new Int32Array(N).fill(-1);
  for (const r of parent) {
    let prev = -1;
    for (const u of r.visits) {
      if (u === BREAK || u < D || u >= N) continue;
      vehicle[u] = r.vehicle;
      before[u] = prev;
      if (prev >= 0) after[prev] = u;
      prev = u;
    }
  }
  const mark = new Uint8Array(N);
  for (const r of state.routes) {
    let prev = -1;
    for (let i = 1; i < r.last; i++) {
      const u = r.nodes[i]!;
      if (u < D || u >= N) continue;
      if (vehicle[u] !== r.idx || before[u] !== prev) mark[u] = 1;
      if (prev >= 0 && after[prev] !== u) mark[prev] = 1;
      prev = u;
    }
    if (prev >= 0 && after[prev] !== -1) mark[prev] = 1;
  }
  const out: number[] = [];
  for (let u = D; u < N; u++) if (mark[u] === 1 || (vehicle[u]! >= 0 && !state.isRouted(u))) out.push(u);
  return out;
}
