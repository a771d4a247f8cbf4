import type { Problem } from '../model/problem.js';
import { BREAK, type Solution, type SolutionRoute } from '../solution/solution.js';

export interface MergedPlan {
  readonly routes: SolutionRoute[];
  /** The objective the merged plan has when its routes cost what they cost in their parents. */
  readonly objective: number;
}

/**
 * Partition merge of two plans of the same problem (after the partition crossover of Whitley et al., "GPX",
 * applied to routes): the vehicles whose routes differ between `a` and `b` split into components, two
 * vehicles being joined when some client is in one's route in `a` and in the other's in `b`. Each component
 * is then a self-contained part of both plans: the same clients are in it in both, except clients one plan
 * leaves out. Taking each component from the plan where it costs less (route costs minus the values of the
 * clients it serves) gives a plan that covers every client at most once, whose routes are all routes of `a`
 * or `b`, and whose objective is the least of every such combination, so at most either parent's.
 *
 * Two islands that run ruin and recreate from the same plan change a few routes each; where they changed
 * different routes, this keeps both changes instead of the better plan alone. Returns undefined unless the
 * result mixes both plans and is better than each by more than `epsilon`. Deterministic, O(clients +
 * vehicles). The routes of a feasible `a` and `b` are feasible one by one, and so is the result.
 */
export function partitionMerge(P: Problem, a: Solution, b: Solution, epsilon = 1e-9): MergedPlan | undefined {
  const V = P.numVehicles;
  const ra = routeIndex(V, a);
  const rb = routeIndex(V, b);
  const parent = new Int32Array(V);
  const differs = new Uint8Array(V);
  let anyDiffers = false;
  for (let v = 0; v < V; v++) {
    parent[v] = v;
    const x = ra[v]!;
    const y = rb[v]!;
    if (x < 0 && y < 0) continue;
    if (x < 0 || y < 0 || !sameVisits(a.routes[x]!.visits, b.routes[y]!.visits)) {
      differs[v] = 1;
      anyDiffers = true;
    }
  }
  if (!anyDiffers) return undefined;
  const ownerA = owners(P, a);
  const ownerB = owners(P, b);
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]!]!;
      v = parent[v]!;
    }
    return v;
  };
  for (let u = P.numDepots; u < P.numNodes; u++) {
    const va = ownerA[u]!;
    const vb = ownerB[u]!;
    if (va < 0 || vb < 0 || va === vb) continue;
    const x = find(va);
    const y = find(vb);
    if (x !== y) parent[Math.max(x, y)] = Math.min(x, y);
  }
  // Per component root: (route costs - values served) in a, and in b.
  const deltaA = new Float64Array(V);
  const deltaB = new Float64Array(V);
  for (let v = 0; v < V; v++) {
    if (!differs[v]) continue;
    const root = find(v);
    if (ra[v]! >= 0) deltaA[root] = deltaA[root]! + part(P, a, ra[v]!);
    if (rb[v]! >= 0) deltaB[root] = deltaB[root]! + part(P, b, rb[v]!);
  }
  let fromA = 0;
  let fromB = 0;
  let gainOverA = 0;
  let gainOverB = 0;
  const takeB = new Uint8Array(V);
  for (let v = 0; v < V; v++) {
    if (!differs[v] || find(v) !== v) continue;
    const da = deltaA[v]!;
    const db = deltaB[v]!;
    if (db < da) {
      takeB[v] = 1;
      fromB++;
      gainOverA += da - db;
    } else {
      fromA++;
      gainOverB += db - da;
    }
  }
  if (fromA === 0 || fromB === 0) return undefined;
  const objA = a.objective - gainOverA;
  const objB = b.objective - gainOverB;
  const objective = Math.max(objA, objB);
  if (objective > Math.min(a.objective, b.objective) - epsilon) return undefined;
  const routes: SolutionRoute[] = [];
  for (let v = 0; v < V; v++) {
    const useB = differs[v] === 1 && takeB[find(v)] === 1;
    const idx = useB ? rb[v]! : ra[v]!;
    if (idx >= 0) routes.push((useB ? b : a).routes[idx]!);
  }
  return { routes, objective };
}

function routeIndex(V: number, s: Solution): Int32Array {
  const idx = new Int32Array(V).fill(-1);
  s.routes.forEach((r, i) => (idx[r.vehicle] = i));
  return idx;
}

function owners(P: Problem, s: Solution): Int32Array {
  const owner = new Int32Array(P.numNodes).fill(-1);
  for (const r of s.routes) for (const u of r.visits) if (u !== BREAK) owner[u] = r.vehicle;
  return owner;
}

function sameVisits(x: Int32Array, y: Int32Array): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** A route's share of the objective: its cost minus the values of the clients it serves. */
function part(P: Problem, s: Solution, i: number): number {
  let served = 0;
  for (const u of s.routes[i]!.visits) if (u !== BREAK) served += P.value[u]!;
  return s.routeCosts[i]! - served;
}
