/**
 * Penalty weights for the search's penalised cost: cost + sum_k loadPenalty[k] * excessLoad[k]
 * + timeWarpPenalty * timeWarp. Time warp includes lateness at windows and the excess over a maximum
 * route duration. Immutable once made; the PenaltyManager hands out new ones as weights adapt.
 */
export class CostEvaluator {
  constructor(
    readonly loadPenalty: Float64Array,
    readonly timeWarpPenalty: number,
  ) {}

  penalty(excessLoad: Float64Array, timeWarp: number): number {
    let p = this.timeWarpPenalty * timeWarp;
    for (let k = 0; k < excessLoad.length; k++) p += this.loadPenalty[k]! * excessLoad[k]!;
    return p;
  }

  scaled(factor: number): CostEvaluator {
    return new CostEvaluator(
      this.loadPenalty.map((p) => p * factor),
      this.timeWarpPenalty * factor,
    );
  }
}
