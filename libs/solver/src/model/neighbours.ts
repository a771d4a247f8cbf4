import { scaledEntry, type Matrix } from './matrix.js';
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
  const travel = new Float64Array(C * C);
  minCostAndTravel(P, prox, travel);
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
      const e = a * C + b;
      if (a === b) {
        prox[e] = Infinity;
        continue;
      }
      const j = D + b;
      const t = travel[e]!;
      const wait = Math.max(early[j]! - t - si - late[i]!, 0);
      const warp = Math.max(early[i]! + si + t - late[j]!, 0);
      prox[e] = prox[e]! + params.weightWait * wait + params.weightTimeWarp * warp;
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

/**
 * cost[a * C + b]: the cheapest edge cost client a -> client b over the vehicle types (travel time for a type
 * that pays for neither distance nor travel); travel[a * C + b]: the shortest travel time over their
 * profiles. Each distinct (profile, unit costs) is read once, row by row, while the output rows stay in the
 * cache: with one profile per VROOM speed factor, reading every type's matrices pair by pair missed the cache
 * on each read (0.32 s on 900 clients and 24 types, against 0.16 s).
 */
function minCostAndTravel(P: Problem, cost: Float64Array, travel: Float64Array): void {
  const D = P.numDepots;
  const C = P.numClients;
  const N = P.numNodes;
  cost.fill(Infinity);
  travel.fill(Infinity);
  if (P.vehicleTypes.length === 0) {
    for (let a = 0; a < C; a++)
      for (let b = 0; b < C; b++) {
        cost[a * C + b] = P.distances[0]![(D + a) * N + D + b]!;
        travel[a * C + b] = P.dur(0, D + a, D + b);
      }
    return;
  }
  // One scan per (durations, distances, unit costs): profiles that share a matrix at several speeds are read
  // once, at the fastest, which reads every entry lowest (scaledEntry is monotone in the scale).
  const scans: { dur: Matrix; k: number; dist: Matrix; ud: number; ut: number }[] = [];
  const travelScans: { dur: Matrix; k: number }[] = [];
  for (const vt of P.vehicleTypes) {
    const dur = P.durations[vt.profile]!;
    const dist = P.distances[vt.profile]!;
    const k = P.travelScale[vt.profile]!;
    const ud = vt.unitDistanceCost;
    // A type that pays for neither distance nor travel is ranked by its travel time.
    const ut = vt.unitDistanceCost === 0 && vt.unitTravelCost === 0 ? 1 : vt.unitTravelCost;
    const same = scans.find((x) => x.dur === dur && x.dist === dist && x.ud === ud && x.ut === ut);
    if (same) same.k = Math.min(same.k, k);
    else scans.push({ dur, k, dist, ud, ut });
    const seen = travelScans.find((x) => x.dur === dur);
    if (seen) seen.k = Math.min(seen.k, k);
    else travelScans.push({ dur, k });
  }
  for (let a = 0; a < C; a++) {
    const row = (D + a) * N + D;
    const out = a * C;
    for (const { dur, k } of travelScans)
      for (let b = 0; b < C; b++) {
        const d = scaledEntry(dur[row + b]!, k);
        if (d < travel[out + b]!) travel[out + b] = d;
      }
    for (const s of scans) {
      const { dur, k } = s;
      if (s.ud === 0) {
        // Travel-priced (VROOM's default): the distance matrix need not be read.
        const ut = s.ut;
        for (let b = 0; b < C; b++) {
          const c = ut * scaledEntry(dur[row + b]!, k);
          if (c < cost[out + b]!) cost[out + b] = c;
        }
      } else {
        const dist = s.dist;
        for (let b = 0; b < C; b++) {
          const c = s.ud * dist[row + b]! + s.ut * scaledEntry(dur[row + b]!, k);
          if (c < cost[out + b]!) cost[out + b] = c;
        }
      }
    }
  }
}

/**
 * The first `count` neighbours of each row of `wide` (rows of `width` entries, C rows): what computeNeighbours
 * returns for `count`, since its rows are sorted by the same (proximity, index) order whatever their length.
 * `count` is capped at `width`.
 */
export function narrowNeighbours(wide: Int32Array, width: number, count: number): Int32Array {
  const k = Math.max(0, Math.min(count, width));
  if (k === width) return wide;
  const C = width === 0 ? 0 : wide.length / width;
  const out = new Int32Array(C * k);
  for (let a = 0; a < C; a++) out.set(wide.subarray(a * width, a * width + k), a * k);
  return out;
}

/** The search's neighbour lists and the final polish's wider ones (GeneticParams.finalNeighbours). */
export interface NeighbourLists {
  readonly search: Int32Array;
  /** `finalNeighbours` per client, or undefined when the final polish is off. */
  readonly final: Int32Array | undefined;
}

/**
 * Both lists from one computation: the wider, then the other as its prefix (narrowNeighbours). Why: the
 * computation reads every profile's matrix (0.16 to 0.21 s per island at 824 and 927 clients with 15
 * profiles), and the final polish computed its own within the time kept for it at the end of a run, which
 * left it little or none on large problems (docs/solver.md, "Final polish").
 */
export function neighbourLists(
  problem: Problem,
  params: NeighbourParams,
  finalCount: number,
): NeighbourLists {
  if (finalCount <= 0) return { search: computeNeighbours(problem, params), final: undefined };
  const widest = Math.max(params.count, finalCount);
  const wide = computeNeighbours(problem, { ...params, count: widest });
  const width = Math.max(0, Math.min(widest, problem.numClients - 1));
  return {
    search: narrowNeighbours(wide, width, params.count),
    final: narrowNeighbours(wide, width, finalCount),
  };
}
