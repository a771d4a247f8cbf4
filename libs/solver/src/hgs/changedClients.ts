import type { Problem } from '../model/problem.js';
import type { SearchState } from '../search/state.js';
import type { Solution } from '../solution/solution.js';

/**
 * The clients of the loaded state whose place differs from `parent`'s: another vehicle, another client (or
 * depot) before or after them (breaks skipped, as in Solution.pred and succ), not routed by the parent, or
 * routed by the parent and not by the state. After a crossover these are the clients of the other parent's
 * routes, the ones the repair put back and the ones it could not; the parent's own routes that the child kept
 * are local optima already, so a local search needs to start only from the changed clients.
 */
export function changedClients(problem: Problem, state: SearchState, parent: Solution): number[] {
  const N = problem.numNodes;
  const D = problem.numDepots;
  const { pred, succ } = parent;
  // The parent's vehicle of each client (-1: not routed).
  const vehicle = new Int32Array(N).fill(-1);
  for (const r of parent.routes) for (const u of r.visits) if (u >= D && u < N) vehicle[u] = r.vehicle;
  const mark = new Uint8Array(N);
  for (const r of state.routes) {
    let prev = -1;
    for (let i = 1; i < r.last; i++) {
      const u = r.nodes[i]!;
      if (u < D || u >= N) continue;
      if (vehicle[u] !== r.idx || pred[u] !== prev) mark[u] = 1;
      if (prev >= 0 && succ[prev] !== u) mark[prev] = 1;
      prev = u;
    }
    if (prev >= 0 && succ[prev] !== -1) mark[prev] = 1;
  }
  const out: number[] = [];
  for (let u = D; u < N; u++) if (mark[u] === 1 || (vehicle[u]! >= 0 && !state.isRouted(u))) out.push(u);
  return out;
}
