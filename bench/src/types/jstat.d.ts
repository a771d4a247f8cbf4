/**
 * The part of jstat (a CommonJS module without bundled types) that the A/B summary uses: Student's t quantile and
 * the binomial distribution's CDF (rich/abStats.ts).
 */
declare module 'jstat' {
  interface JStat {
    readonly studentt: { inv(p: number, degreesOfFreedom: number): number };
    readonly binomial: { cdf(k: number, n: number, p: number): number };
  }
  const jStat: JStat;
  export default jStat;
}
