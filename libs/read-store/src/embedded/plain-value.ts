/**
 * What a stored value becomes, matching the MongoDB adapter (driver option `ignoreUndefined`): object fields
 * holding `undefined` are dropped, `undefined` array items become null. Everything else is kept as is.
 */
export function withoutUndefined<T>(value: T): T {
  // Dates are stored tagged, not left to the encoder: LMDB's encoder recognises a Date by `instanceof`, which fails
  // for a Date made in another realm (a vm or jest context) and would store it as a string.
  if (Object.prototype.toString.call(value) === '[object Date]') {
    return { [DATE_TAG]: (value as Date).getTime() } as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => withoutUndefined(item ?? null)) as T;
  if (value !== null && typeof value === 'object' && isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) out[key] = withoutUndefined(item);
    }
    return out as T;
  }
  return value;
}

/** By tag, not prototype identity: documents may come from another realm (the encoder's, a vm, a jest context). */
function isPlainObject(value: object): boolean {
  return Object.prototype.toString.call(value) === '[object Object]';
}

/** Runs `work` now and hands its result (or its error) back as a promise. */
export function settle<T>(work: () => T): Promise<T> {
  return new Promise((resolve) => resolve(work()));
}

const DATE_TAG = '$fleetDate';

/** Inverse of the tagging in `withoutUndefined`: tagged dates become Date objects again. */
export function fromStored<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => fromStored(item)) as T;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const tagged = record[DATE_TAG];
    if (typeof tagged === 'number' && Object.keys(record).length === 1) return new Date(tagged) as T;
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) out[key] = fromStored(item);
    return out as T;
  }
  return value;
}
