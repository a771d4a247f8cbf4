import type { Matrix } from '../model/matrix.js';
import type { Problem } from '../model/problem.js';
import type { ProblemSpec, VehicleTypeSpec } from '../model/spec.js';
import { BREAK, type SolutionRoute } from '../solution/solution.js';

/**
 * A part of a problem: some of its vehicles and the clients of their routes, as a problem of its own. A plan of
 * the part maps back to routes of the whole problem on the same vehicles and clients, so plans of disjoint parts
 * join into one plan of the whole (decomposition, docs/solver.md).
 */
export interface SubProblem {
  readonly spec: ProblemSpec;
  /** Full-problem node of each sub-problem node (the depots first, unchanged, then the part's clients). */
  readonly nodes: Int32Array;
  /** Full-problem vehicle of each sub-problem vehicle. */
  readonly vehicles: Int32Array;
  /** Routes of the whole problem (on the part's vehicles and clients) as routes of the part. */
  toSub(routes: readonly SolutionRoute[]): SolutionRoute[];
  /** Routes of the part as routes of the whole problem. */
  toFull(routes: readonly SolutionRoute[]): SolutionRoute[];
}

/**
 * The part of `problem` (built from `spec`) made of `vehicles` (full-problem indices, each at most once) and
 * `clients` (full-problem nodes, each at most once): its matrices are copies of the rows and columns of its
 * nodes (one copy per distinct matrix, so profiles that share one still do), its vehicle types the runs of
 * consecutive vehicles of one type, its depots and clients at the whole problem's plane coordinates (given or
 * embedded) when it has them, every other field as in `spec`.
 */
export function subProblem(
  spec: ProblemSpec,
  problem: Problem,
  vehicles: readonly number[],
  clients: readonly number[],
): SubProblem {
  const D = spec.depots.length;
  const N = problem.numNodes;
  const nodes = new Int32Array(D + clients.length);
  for (let i = 0; i < D; i++) nodes[i] = i;
  for (let i = 0; i < clients.length; i++) nodes[D + i] = clients[i]!;
  const toSubNode = new Int32Array(N).fill(-1);
  for (let i = 0; i < nodes.length; i++) {
    const u = nodes[i]!;
    if (u < 0 || u >= N || toSubNode[u] !== -1) throw new RangeError(`node ${u} twice or out of range`);
    toSubNode[u] = i;
  }
  const copies = new Map<Matrix, Matrix>();
  const part = (m: Matrix): Matrix => {
    const known = copies.get(m);
    if (known !== undefined) return known;
    const n = nodes.length;
    const out = new (m.constructor as new (length: number) => Matrix)(n * n);
    for (let i = 0; i < n; i++) {
      const row = nodes[i]! * N;
      for (let j = 0; j < n; j++) out[i * n + j] = m[row + nodes[j]!]!;
    }
    copies.set(m, out);
    return out;
  };
  const order = Int32Array.from(vehicles).sort();
  const types: VehicleTypeSpec[] = [];
  for (let k = 0; k < order.length;) {
    const t = problem.vehicleType[order[k]!]!;
    let end = k + 1;
    while (end < order.length && problem.vehicleType[order[end]!] === t && order[end] === order[end - 1]! + 1)
      end++;
    const type = spec.vehicleTypes[t]!;
    const first = order[k]! - problem.typeOffset[t]!;
    const ids = type.vehicleIds?.slice(first, first + end - k);
    types.push({ ...type, numAvailable: end - k, ...(ids !== undefined ? { vehicleIds: ids } : {}) });
    k = end;
  }
  const toSubVehicle = new Map<number, number>();
  order.forEach((v, i) => toSubVehicle.set(v, i));
  // The whole problem's plane coordinates, given or embedded from its matrix (Problem.hasCoordinates): the part
  // then need not embed its own (a few to 60 ms per part and round at 250 clients, session 63).
  const placed = <T extends { readonly x?: number; readonly y?: number }>(s: T, u: number): T =>
    problem.hasCoordinates && !Number.isNaN(problem.x[u]!) && !Number.isNaN(problem.y[u]!)
      ? { ...s, x: problem.x[u]!, y: problem.y[u]! }
      : s;
  const subSpec: ProblemSpec = {
    ...spec,
    depots: spec.depots.map((d, i) => placed(d, i)),
    clients: clients.map((u) => placed(spec.clients[u - D]!, u)),
    vehicleTypes: types,
    profiles: spec.profiles.map((p) => ({
      ...p,
      durations: part(p.durations),
      distances: part(p.distances),
    })),
  };
  const mapRoutes = (
    routes: readonly SolutionRoute[],
    vehicle: (v: number) => number,
    node: (u: number) => number,
  ): SolutionRoute[] =>
    routes.map((r) => ({
      vehicle: vehicle(r.vehicle),
      visits: Int32Array.from(r.visits, (u) => (u === BREAK ? BREAK : node(u))),
    }));
  return {
    spec: subSpec,
    nodes,
    vehicles: order,
    toSub: (routes) =>
      mapRoutes(
        routes,
        (v) => {
          const s = toSubVehicle.get(v);
          if (s === undefined) throw new RangeError(`vehicle ${v} is not in the part`);
          return s;
        },
        (u) => {
          const s = toSubNode[u]!;
          if (s < D) throw new RangeError(`client ${u} is not in the part`);
          return s;
        },
      ),
    toFull: (routes) =>
      mapRoutes(
        routes,
        (v) => order[v]!,
        (u) => nodes[u]!,
      ),
  };
}
