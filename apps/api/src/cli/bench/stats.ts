/** Percentile of a sample (nearest rank), in the sample's unit. */
export function percentile(sample: readonly number[], p: number): number {
  if (sample.length === 0) return Number.NaN;
  const sorted = [...sample].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

/** Runs `task(i)` for i in [0, count) with `concurrency` in flight; returns the elapsed ms and each task's ms. */
export async function timed(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<{ elapsedMs: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      await task(i);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { elapsedMs: performance.now() - started, latencies };
}
