import type { NodeOperator, SearchContext } from '../context.js';

/**
 * Intra-route 2-opt (HGS-CVRP's move 7): reverses the visits strictly after U up to V. Only used when
 * reversing a sequence cannot change its feasibility or duration: symmetric matrices, no time constraints,
 * no pickups and no breaks. Delta = c(U,V) + c(n(U),n(V)) - c(U,n(U)) - c(V,n(V)).
 */
export class TwoOpt implements NodeOperator {
  readonly name = 'twoOpt';
  private route = 0;
  private from = 0;
  private to = 0;

  constructor(private readonly ctx: SearchContext) {}

  static applicable(ctx: SearchContext): boolean {
    const P = ctx.problem;
    return !P.hasTimeConstraints && !P.hasPickups && !P.hasBreaks && P.symmetricMatrices();
  }

  evaluate(U: number, V: number): number {
    const { state, problem } = this.ctx;
    const ri = state.routeOf[U]!;
    if (ri !== state.routeOf[V]) return 0;
    const r = state.routes[ri]!;
    let a = state.posOf[U]!;
    let b = state.posOf[V]!;
    if (a > b) {
      const t = a;
      a = b;
      b = t;
    }
    if (b - a < 2 || b >= r.last) return 0;
    // Reverse positions a+1 .. b.
    const N = problem.numNodes;
    const dist = problem.distances[r.profile]!;
    const dur = problem.durations[r.profile]!;
    const k = r.travelScale;
    const la = r.loc[a]!;
    const na = r.loc[a + 1]!;
    const lb = r.loc[b]!;
    const nb = r.loc[b + 1]!;
    const cd = r.unitDistanceCost;
    const ct = r.unitTravelCost;
    const added =
      cd * (dist[la * N + lb]! + dist[na * N + nb]!) +
      ct * (r.leg(dur, la * N + lb, k) + r.leg(dur, na * N + nb, k));
    const removed =
      cd * (dist[la * N + na]! + dist[lb * N + nb]!) +
      ct * (r.leg(dur, la * N + na, k) + r.leg(dur, lb * N + nb, k));
    this.route = ri;
    this.from = a + 1;
    this.to = b;
    return added - removed;
  }

  apply(): void {
    const { state } = this.ctx;
    const r = state.routes[this.route]!;
    const nodes = r.nodes;
    let i = this.from;
    let j = this.to;
    while (i < j) {
      const t = nodes[i]!;
      nodes[i] = nodes[j]!;
      nodes[j] = t;
      i++;
      j--;
    }
    state.updateRoute(r);
  }
}
