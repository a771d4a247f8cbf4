import type { Problem } from '../model/problem.js';
import type { Rng } from '../rng.js';

/** What an admission measures: a client's size, and the room it takes from (capacityAdmission, timeAdmission). */
export interface AdmissionMeasure {
  /** The client's size in the order (before the diversity factor). */
  size(u: number): number;
  /** Whether the client still fits in what is left. */
  fits(u: number): boolean;
  /** Takes the client's share of what is left. */
  take(u: number): void;
}

/**
 * The shared rule of the admissions: every client worth more than the least valuable (required ones, priority
 * jobs) is admitted and takes its share; then the least valuable in increasing order of size (times a factor
 * drawn in [1, 1.25) for diversity, one draw per such client in node order) while each fits. From the first
 * that does not fit on, the rest are deferred (1, indexed by client).
 */
export function admitInOrder(P: Problem, rng: Rng, m: AdmissionMeasure): Uint8Array {
  const D = P.numDepots;
  const C = P.numClients;
  let least = Infinity;
  for (let u = D; u < D + C; u++) least = Math.min(least, P.prize[u]!);
  const plain: number[] = [];
  const key = new Float64Array(C);
  for (let u = D; u < D + C; u++) {
    if (P.prize[u]! > least || P.required[u] === 1) {
      m.take(u);
      continue;
    }
    key[u - D] = m.size(u) * (1 + 0.25 * rng.rand());
    plain.push(u);
  }
  plain.sort((a, b) => key[a - D]! - key[b - D]! || a - b);
  const deferred = new Uint8Array(C);
  let full = false;
  for (const u of plain) {
    if (!full && m.fits(u)) {
      m.take(u);
      continue;
    }
    full = true;
    deferred[u - D] = 1;
  }
  return deferred;
}
