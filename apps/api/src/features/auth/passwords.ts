import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (memory-hard). A stored hash names its own parameters, so they can be raised
 * later without invalidating old hashes: `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>`.
 */
export interface ScryptParams {
  /** CPU/memory cost, a power of two. Memory used is about 128 * N * r bytes. */
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** OWASP's scrypt setting of equal strength to N=2^17, p=1 with a third of the memory (32 MiB per hash). */
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds on parameters read back from a stored hash, so a corrupt hash cannot exhaust memory. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(password: string, salt: Buffer, params: ScryptParams, keylen: number): Promise<Buffer> {
  const maxmem = 256 * params.N * params.r + 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keylen, { ...params, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

interface ParsedHash {
  readonly params: ScryptParams;
  readonly salt: Buffer;
  readonly hash: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const sane =
    Number.isInteger(params.N) &&
    params.N > 1 &&
    params.N <= MAX_N &&
    (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= MAX_R &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= MAX_P;
  const hashBytes = Buffer.from(hash, 'base64');
  if (!sane || hashBytes.length < 16) return undefined;
  return { params, salt: Buffer.from(salt, 'base64'), hash: hashBytes };
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Compares in constant time. With `stored` undefined (unknown user) it still derives a key from a dummy hash
   * of the same cost and answers false, so response time does not tell whether an account exists.
   */
  verify(password: string, stored: string | undefined): Promise<boolean>;
}

export function createPasswordHasher(params: ScryptParams = DEFAULT_SCRYPT): PasswordHasher {
  const hash = async (password: string): Promise<string> => {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, params, KEY_BYTES);
    return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join(
      '$',
    );
  };
  // Made at once (not on the first unknown e-mail), so that first answer is not slower than the others.
  const dummy = hash(randomBytes(18).toString('base64'));
  dummy.catch(() => undefined); // a failure surfaces on use, not as an unhandled rejection
  const dummyHash = (): Promise<string> => dummy;

  const verify = async (password: string, stored: string | undefined): Promise<boolean> => {
    const parsed = parseHash(stored ?? (await dummyHash()));
    if (!parsed) {
      // A corrupt stored hash: spend the same work, then refuse.
      const fallback = parseHash(await dummyHash());
      if (fallback) await derive(password, fallback.salt, fallback.params, fallback.hash.length);
      return false;
    }
    const key = await derive(password, parsed.salt, parsed.params, parsed.hash.length);
    return timingSafeEqual(key, parsed.hash) && stored !== undefined;
  };
  return { hash, verify };
}
