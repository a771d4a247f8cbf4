/**
 * XorShift128 pseudo-random number generator: small, fast and seedable, so every run is reproducible
 * from its seed. The state is four 32-bit words; `seed` fills them with SplitMix32 so that nearby seeds
 * give unrelated streams.
 */
export class Rng {
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;

  constructor(seed: number) {
    let x = (seed | 0) ^ 0x9e3779b9;
    const next = (): number => {
      x = (x + 0x9e3779b9) | 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next() | 1;
  }

  /** Next unsigned 32-bit integer. */
  nextU32(): number {
    let t = this.s3;
    const s = this.s0;
    this.s3 = this.s2;
    this.s2 = this.s1;
    this.s1 = s;
    t ^= t << 11;
    t ^= t >>> 8;
    this.s0 = (t ^ s ^ (s >>> 19)) >>> 0;
    return this.s0;
  }

  /** Uniform float in [0, 1). */
  rand(): number {
    return this.nextU32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  randint(n: number): number {
    return Math.floor(this.rand() * n);
  }

  /** Fisher-Yates shuffle in place. */
  shuffle<T extends { length: number; [i: number]: unknown }>(arr: T): T {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = this.randint(i + 1);
      const tmp = arr[i];
      arr[i] = arr[j];
      arr[j] = tmp;
    }
    return arr;
  }
}

/** Derives an independent seed for island `index` from a base seed (deterministic). */
export function deriveSeed(seed: number, index: number): number {
  let z = (Math.imul(seed | 0, 0x27d4eb2d) ^ Math.imul(index + 1, 0x165667b1)) | 0;
  z = Math.imul(z ^ (z >>> 15), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}
