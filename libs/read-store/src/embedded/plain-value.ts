/**
 * What a stored value becomes, matching the MongoDB adapter (driver option `ignoreUndefined`): object fields
 * holding `undefined` are dropped, `undefined` array items become null. Everything else is kept as is.
 */
export function withoutUndefined<T>(value: T): T {
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

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Runs `work` now and hands its result (or its error) back as a promise. */
export function settle<T>(work: () => T): Promise<T> {
  return new Promise((resolve) => resolve(work()));
}
