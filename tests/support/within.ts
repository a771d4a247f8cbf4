/**
 * Awaits `work`, or fails after `ms` naming `step`: a test of several slow steps (a service start, a flow over
 * HTTP, a replay) that stalls then says which step it was, instead of running to the test's own timeout with
 * no clue. The step itself is not cancelled; the test's clean-up closes what it started.
 */
export async function within<T>(step: string, ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${step} did not end within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
