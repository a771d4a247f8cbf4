/**
 * Handles name every position a route can hold: nodes 0 .. N-1 (depots, clients), then per vehicle v a break
 * pseudo-node N + v, a start handle N + V + 2v and an end handle N + V + 2v + 1 (so that "the start depot of
 * route v" is a node of its own, as in PyVRP's search routes).
 */
export class Handles {
  readonly count: number;
  constructor(
    readonly numNodes: number,
    readonly numVehicles: number,
  ) {
    this.count = numNodes + 3 * numVehicles;
  }
  breakOf(v: number): number {
    return this.numNodes + v;
  }
  startOf(v: number): number {
    return this.numNodes + this.numVehicles + 2 * v;
  }
  endOf(v: number): number {
    return this.numNodes + this.numVehicles + 2 * v + 1;
  }
  isBreak(h: number): boolean {
    return h >= this.numNodes && h < this.numNodes + this.numVehicles;
  }
  isDepotHandle(h: number): boolean {
    return h >= this.numNodes + this.numVehicles;
  }
}
