import type { RouteOperator, SearchContext } from '../context.js';
import { Proposal } from '../proposal.js';
import type { SearchRoute } from '../route.js';

/**
 * Route merge: two routes' visit sequences, one after the other, go to an unused vehicle of a third type that
 * can carry both loads; the two vehicles are left unused. The first route's break (the target's, where the
 * target has one) stays where it was; without one it goes between the two sequences, and the break moves of
 * the local search place it afterwards.
 *
 * Why: on `alt-s18005-032` (172 jobs, trucks of 4000 kg and vans of 1000 kg, capacity binding) a plan with
 * three vans of 4 to 6 jobs each and an idle truck stays so: moving one van's route to the truck alone costs
 * more (the truck is slower), and only then would the other vans' jobs join it. The node operators move one
 * to three visits, 2-opt* and the head exchange join two routes on one of their own vehicles, and no move
 * brings two routes to a third vehicle at once.
 */
export class MergeRoutes implements RouteOperator {
  readonly name = 'mergeRoutes';
  private readonly p = new Proposal();
  private readonly best = new Proposal();
  /** Evaluate without early exits and return the best merge's delta even when it is not negative (tests). */
  exact = false;
  /** Whether the last evaluate found a merge (its delta is what evaluate returned). */
  found = false;
  /** The target route of the last apply (for LocalSearch to mark it changed). */
  alsoChanged = -1;
  private readonly load: Float64Array;

  constructor(private readonly ctx: SearchContext) {
    this.load = new Float64Array(ctx.problem.numDims);
  }

  /** Whether the fleet has vehicles of more than one type (else the operator never applies). */
  static applicable(ctx: SearchContext): boolean {
    return ctx.problem.vehicleTypes.length > 1;
  }

  evaluate(ru: number, rv: number): number {
    const st = this.ctx.state;
    const P = this.ctx.problem;
    const ev = this.ctx.ev;
    const rU = st.routes[ru]!;
    const rV = st.routes[rv]!;
    if (rU === rV || rU.numClients === 0 || rV.numClients === 0) return 0;
    const K = P.numDims;
    for (let k = 0; k < K; k++) this.load[k] = rU.pDel[rU.last * K + k]! + rV.pDel[rV.last * K + k]!;
    this.found = false;
    const delta0 = -ev.routeCost(rU) - ev.routeCost(rV);
    let bestDelta = this.exact ? Infinity : 0;
    for (const T of st.routes) {
      if (T.numClients !== 0 || T.type === rU.type || T.type === rV.type) continue;
      if (!P.hasPickups && !this.fits(T)) continue;
      for (let order = 0; order < 2; order++) {
        const [A, B] = order === 0 ? [rU, rV] : [rV, rU];
        this.build(T, A, B);
        const d = ev.deltaCost(this.p, null, delta0, this.exact, bestDelta);
        if (d < bestDelta) {
          bestDelta = d;
          this.found = true;
          this.best.copyFrom(this.p);
        }
      }
    }
    return this.found ? bestDelta : 0;
  }

  private fits(T: SearchRoute): boolean {
    const P = this.ctx.problem;
    const K = P.numDims;
    for (let k = 0; k < K; k++) if (this.load[k]! > P.capacity[T.type * K + k]!) return false;
    return true;
  }

  /** T's start, A's visits (with T's break where A had its own), B's visits without its break, T's end. */
  private build(T: SearchRoute, A: SearchRoute, B: SearchRoute): void {
    const p = this.p.begin(T).range(T, 0, 0);
    let placed = !T.hasBreak;
    if (A.hasBreak && A.breakPos > 0 && A.breakPos < A.last) {
      p.range(A, 1, A.breakPos - 1);
      if (!placed) {
        p.node(T.breakHandle);
        placed = true;
      }
      p.range(A, A.breakPos + 1, A.last - 1);
    } else p.range(A, 1, A.last - 1);
    if (!placed) p.node(T.breakHandle);
    if (B.hasBreak && B.breakPos > 0 && B.breakPos < B.last)
      p.range(B, 1, B.breakPos - 1).range(B, B.breakPos + 1, B.last - 1);
    else p.range(B, 1, B.last - 1);
    p.range(T, T.last, T.last);
  }

  apply(ru: number, rv: number): void {
    const st = this.ctx.state;
    st.apply(this.best, null);
    st.empty(st.routes[ru]!);
    st.empty(st.routes[rv]!);
    this.alsoChanged = this.best.target.idx;
  }
}
