/**
 * Concatenable load segments (PyVRP's LoadSegment), one per load dimension: `delivery` (total dropped in the
 * sequence, loaded at the depot), `pickup` (total collected, carried to the end) and `load` (the largest
 * load carried at any point of the sequence). Joining A then B:
 *   delivery = A.delivery + B.delivery
 *   pickup   = A.pickup + B.pickup
 *   load     = max(A.load + B.delivery, B.load + A.pickup)
 * (while in A the vehicle also carries what B will drop; while in B, what A picked up).
 * A single visit is (d, p, max(d, p)); the excess over capacity c is max(load - c, 0).
 */
export class LoadSegment {
  delivery = 0;
  pickup = 0;
  load = 0;

  set(delivery: number, pickup: number, load: number): this {
    this.delivery = delivery;
    this.pickup = pickup;
    this.load = load;
    return this;
  }

  append(d: number, p: number, l: number): this {
    const load = Math.max(this.load + d, l + this.pickup);
    this.delivery += d;
    this.pickup += p;
    this.load = load;
    return this;
  }

  appendSegment(o: LoadSegment): this {
    return this.append(o.delivery, o.pickup, o.load);
  }

  excess(capacity: number): number {
    return Math.max(this.load - capacity, 0);
  }
}

/** Scalar form used by the typed-array route data: the merged load of (dA, pA, lA) then (dB, pB, lB). */
export function mergedLoad(lA: number, pA: number, dB: number, lB: number): number {
  return Math.max(lA + dB, lB + pA);
}
