import type { SearchRoute } from './route.js';

/**
 * A proposed new route for `target`, described as a short list of pieces: ranges of positions of existing
 * routes (its own or another's) and single nodes. The Evaluator concatenates the pieces' cached segments in
 * O(pieces) for most moves, and `applyProposals` writes exactly the evaluated sequence back, so what is
 * applied is always what was evaluated. Fixed-size storage: building a proposal allocates nothing.
 */
export class Proposal {
  static readonly MAX = 8;
  target!: SearchRoute;
  n = 0;
  /** 0: range src[q] positions a[q]..b[q]; 1: single node handle a[q] (window override if hasWin). */
  readonly kind = new Int8Array(Proposal.MAX);
  readonly src: (SearchRoute | null)[] = new Array<SearchRoute | null>(Proposal.MAX).fill(null);
  readonly a = new Int32Array(Proposal.MAX);
  readonly b = new Int32Array(Proposal.MAX);
  readonly hasWin = new Uint8Array(Proposal.MAX);
  readonly we = new Float64Array(Proposal.MAX);
  readonly wl = new Float64Array(Proposal.MAX);

  begin(target: SearchRoute): this {
    this.target = target;
    this.n = 0;
    return this;
  }

  /** Positions i..j (inclusive) of route src; nothing when i > j. */
  range(src: SearchRoute, i: number, j: number): this {
    if (i > j) return this;
    const q = this.n++;
    this.kind[q] = 0;
    this.src[q] = src;
    this.a[q] = i;
    this.b[q] = j;
    return this;
  }

  /** Node handle h with its currently selected window. */
  node(h: number): this {
    const q = this.n++;
    this.kind[q] = 1;
    this.src[q] = null;
    this.a[q] = h;
    this.hasWin[q] = 0;
    return this;
  }

  /** Node handle h with window [e, l] (one of its windows, chosen by the operator). */
  nodeWin(h: number, e: number, l: number): this {
    const q = this.n++;
    this.kind[q] = 1;
    this.src[q] = null;
    this.a[q] = h;
    this.hasWin[q] = 1;
    this.we[q] = e;
    this.wl[q] = l;
    return this;
  }

  copyFrom(o: Proposal): this {
    this.target = o.target;
    this.n = o.n;
    for (let q = 0; q < o.n; q++) {
      this.kind[q] = o.kind[q]!;
      this.src[q] = o.src[q]!;
      this.a[q] = o.a[q]!;
      this.b[q] = o.b[q]!;
      this.hasWin[q] = o.hasWin[q]!;
      this.we[q] = o.we[q]!;
      this.wl[q] = o.wl[q]!;
    }
    return this;
  }
}
