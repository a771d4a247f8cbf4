/** mulberry32: a small seeded PRNG, so a failing crash run can be repeated with the same seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

export const between = (random: () => number, min: number, max: number): number =>
  Math.floor(min + random() * (max - min + 1));

/** The seed of this run: CRASH_SEED when set (to repeat a run), else derived from the clock and printed. */
export function runSeed(): number {
  const fromEnv = Number(process.env.CRASH_SEED);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Date.now() % 1_000_000_007;
}
