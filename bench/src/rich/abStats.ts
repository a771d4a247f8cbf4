import jStat from 'jstat';

/** How far an A/B run's pairs tell the arms apart (rich/ab.ts). */
export interface PairedStats {
  /** Pairs counted (at equal jobs and priority). */
  readonly n: number;
  /** Mean of the per-pair differences, B / A - 1 in %. */
  readonly mean: number;
  /**
   * Half-width of the 95 % confidence interval of that mean (Student's t with n - 1 degrees of freedom): the
   * difference is told from noise only when |mean| exceeds it. NaN below 2 pairs.
   */
  readonly halfWidth: number;
  /**
   * Two-sided sign test: the probability of a split of shorter / longer pairs at least this uneven if each pair
   * were a coin toss (ties left out). 1 without any untied pair.
   */
  readonly signP: number;
}

/**
 * Statistics of the per-pair differences of an A/B run. Why: single 10 s runs of a large instance move by
 * several percent from seed to seed and from run to run, and a mean over a dozen pairs moved by 1.5 % between
 * two runs of arms that did the same thing (docs/benchmarks.md, session 39); the interval and the sign test say
 * when a difference is more than that.
 */
export function pairedStats(diffs: readonly number[]): PairedStats {
  const n = diffs.length;
  const mean = n > 0 ? diffs.reduce((s, d) => s + d, 0) / n : Number.NaN;
  let halfWidth = Number.NaN;
  if (n >= 2) {
    const variance = diffs.reduce((s, d) => s + (d - mean) ** 2, 0) / (n - 1);
    halfWidth = jStat.studentt.inv(0.975, n - 1) * Math.sqrt(variance / n);
  }
  const shorter = diffs.filter((d) => d < 0).length;
  const longer = diffs.filter((d) => d > 0).length;
  const m = shorter + longer;
  const tail = m > 0 ? jStat.binomial.cdf(Math.min(shorter, longer), m, 0.5) : 0.5;
  return { n, mean, halfWidth, signP: Math.min(1, 2 * tail) };
}
