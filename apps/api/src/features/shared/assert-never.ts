/** Ends a `switch` over a discriminated union: a forgotten case fails to compile (and throws if reached anyway). */
export function assertNever(value: never, what = 'value'): never {
  throw new TypeError(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
