import type { Problem } from './problem.js';

export interface NeighbourParams {
  /** Neighbours kept per client (granularity). */
  readonly count: number;
  /** Weight of the waiting time (j opens long after i can be left) in the proximity. */
  readonly weightWait: number;
  /** Weight of the time warp (i cannot be left early enough to reach j in time). */
  readonly weightTimeWarp: number;
}

export const DEFAULT_NEIGHBOURS: NeighbourParams = { count: 30, weightWait: 0.2, weightTimeWarp: 1 };

/**
 * Granular neighbourhoods (Toth & Vigo; HGS; PyVRP's compute_neighbours): for each client, the `count`
 * clients closest by a proximity that adds to the cheapest edge cost a penalty for the waiting and the time
 * warp a direct visit i -> j would cause given their (outer) windows. Symmetrised with min(p_ij, p_ji).
 * Returns a flat C x count array of client node indexes (row c is client node numDepots + c).
 */
export function computeNeighbours(
  problem: Problem,
  params: NeighbourParams = DEFAULT_NEIGHBOURS,
): Int32Array {
  const P = problem;
  const D = P.numDepots;
  const C = P.numClients;
  const N = P.numNodes;
  const k = Math.max(0, Math.min(params.count, C - 1));
  const out = new Int32Array(C * Math.max(k, 0));
  if (k === 0) return out;
  const prox = new Float64Array(C * C);
  const types = P.vehicleTypes;
  const early = new Float64Array(N);
  const late = new Float64Array(N);
  for (let u = D; u < N; u++) {
    early[u] = P.winEarly[P.winOffset[u]!]!;
    late[u] = P.winLate[P.winOffset[u + 1]! - 1]!;
  }
  for (let a = 0; a < C; a++) {
    const i = D + a;
    const si = P.service[i]!;
    for (let b = 0; b < C; b++) {
      if (a === b) {
        prox[a * C + b] = Infinity;
        continue;
      }
      const j = D + b;
      let cost = Infinity;
      let travel = Infinity;
      for (const vt of types) {
        const idx = i * N + j;
        const d = P.durations[vt.profile]![idx]!;
        let c = vt.unitDistanceCost * P.distances[vt.profile]![idx]! + vt.unitTravelCost * d;
        if (vt.unitDistanceCost === 0 && vt.unitTravelCost === 0) c = d;
        if (c < cost) cost = c;
        if (d < travel) travel = d;
      }
      if (types.length === 0) {
        cost = P.distances[0]![i * N + j]!;
        travel = P.durations[0]![i * N + j]!;
      }
      const wait = Math.max(early[j]! - travel - si - late[i]!, 0);
      const warp = Math.max(early[i]! + si + travel - late[j]!, 0);
      prox[a * C + b] = cost + params.weightWait * wait + params.weightTimeWarp * warp;
    }
  }
  for (let a = 0; a < C; a++)
    for (let b = a + 1; b < C; b++) {
      const m = Math.min(prox[a * C + b]!, prox[b * C + a]!);
      prox[a * C + b] = m;
      prox[b * C + a] = m;
    }
  // Per row, keep the k smallest (ties by index, for determinism) with a bounded max-heap.
  const heapD = new Float64Array(k);
  const heapI = new Int32Array(k);
  const worse = (da: number, ia: number, db: number, ib: number): boolean =>
    da > db || (da === db && ia > ib);
  for (let a = 0; a < C; a++) {
    let size = 0;
    for (let b = 0; b < C; b++) {
      if (b === a) continue;
      const d = prox[a * C + b]!;
      if (size < k) {
        // Sift up.
        let i = size++;
        while (i > 0) {
          const p = (i - 1) >> 1;
          if (!worse(d, b, heapD[p]!, heapI[p]!)) break;
          heapD[i] = heapD[p]!;
          heapI[i] = heapI[p]!;
          i = p;
        }
        heapD[i] = d;
        heapI[i] = b;
      } else if (worse(heapD[0]!, heapI[0]!, d, b)) {
        // Replace the root and sift down.
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          if (l >= size) break;
          const r = l + 1;
          const c = r < size && worse(heapD[r]!, heapI[r]!, heapD[l]!, heapI[l]!) ? r : l;
          if (!worse(heapD[c]!, heapI[c]!, d, b)) break;
          heapD[i] = heapD[c]!;
          heapI[i] = heapI[c]!;
          i = c;
        }
        heapD[i] = d;
        heapI[i] = b;
      }
    }
    const row = Array.from({ length: size }, (_, q) => q).sort(
      (x, y) => heapD[x]! - heapD[y]! || heapI[x]! - heapI[y]!,
    );
    for (let q = 0; q < size; q++) out[a * k + q] = D + heapI[row[q]!]!;
  }
  return out;
}
