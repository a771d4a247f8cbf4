import type { Problem } from '../../model/problem.js';
import type { SearchRoute } from '../route.js';

/**
 * What SWAP* reads about one route's load for every pair of clients it scans (HGS-CVRP prices each pair's load
 * penalty change): the load (the peak load with pickups) per dimension, the capacity, the excess now, and the
 * least and largest client size in the route. `fill` once per route and scan; `delta` per pair; `fixed` tells
 * beforehand that `delta` is 0 for every pair, so the scan can skip it.
 */
export class RouteLoads {
  readonly load: Float64Array;
  readonly cap: Float64Array;
  readonly base: Float64Array;
  readonly lo: Float64Array;
  readonly hi: Float64Array;

  constructor(
    private readonly problem: Problem,
    /** Per client and dimension: what it weighs in a load (its delivery or pickup, the larger). */
    private readonly size: Float64Array,
  ) {
    const K = problem.numDims;
    this.load = new Float64Array(K);
    this.cap = new Float64Array(K);
    this.base = new Float64Array(K);
    this.lo = new Float64Array(K);
    this.hi = new Float64Array(K);
  }

  /** size[u * K + k] = max(delivery, pickup) of node u in dimension k. */
  static sizes(P: Problem): Float64Array {
    const size = new Float64Array(P.numNodes * P.numDims);
    for (let i = 0; i < size.length; i++) size[i] = Math.max(P.delivery[i]!, P.pickup[i]!);
    return size;
  }

  fill(r: SearchRoute): this {
    const P = this.problem;
    const K = P.numDims;
    const size = this.size;
    for (let k = 0; k < K; k++) {
      this.load[k] = P.hasPickups ? r.pLoad[r.last * K + k]! : r.pDel[r.last * K + k]!;
      this.cap[k] = P.capacity[r.type * K + k]!;
      this.base[k] = Math.max(this.load[k]! - this.cap[k]!, 0);
      let a = Infinity;
      let b = -Infinity;
      for (let i = 1; i < r.last; i++) {
        if (i === r.breakPos) continue;
        const z = size[r.nodes[i]! * K + k]!;
        if (z < a) a = z;
        if (z > b) b = z;
      }
      this.lo[k] = a;
      this.hi[k] = b;
    }
    return this;
  }

  /**
   * Whether the route stays within capacity whichever of its clients leaves and whichever client of `other`
   * comes in: then `delta` is 0 for every pair. Each step of the bound is at least the per-pair expression's,
   * rounding included (rounding is monotone), so the answer is exact.
   */
  fixed(other: RouteLoads): boolean {
    for (let k = 0; k < this.load.length; k++)
      if (this.base[k]! > 0 || this.load[k]! - this.lo[k]! + other.hi[k]! - this.cap[k]! > 0) return false;
    return true;
  }

  /** Change of the route's load penalty under weights `lp` when client `out` leaves it and `inn` joins. */
  delta(lp: Float64Array, out: number, inn: number): number {
    const K = this.load.length;
    const size = this.size;
    let d = 0;
    for (let k = 0; k < K; k++)
      d +=
        lp[k]! *
        (Math.max(this.load[k]! - size[out * K + k]! + size[inn * K + k]! - this.cap[k]!, 0) - this.base[k]!);
    return d;
  }
}
