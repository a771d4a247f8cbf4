import { ValidationError } from '@fleet/core';
import type { FindOptions } from '../port.js';

export type SortSpec = readonly (readonly [field: string, direction: 1 | -1])[];

/**
 * The sort both adapters apply: the requested keys in order, then `_id` ascending as the last tie-breaker,
 * so that equal keys come back in the same order from every adapter and paging with skip/limit is stable.
 */
export function sortSpec(options: FindOptions = {}): SortSpec {
  const spec: [string, 1 | -1][] = [];
  for (const [field, direction] of Object.entries(options.sort ?? {})) {
    if (field.length === 0 || field.startsWith('$') || (direction !== 1 && direction !== -1)) {
      throw new ValidationError(`invalid sort on ${JSON.stringify(field)}`, { [field]: direction });
    }
    spec.push([field, direction]);
  }
  if (!spec.some(([field]) => field === '_id')) spec.push(['_id', 1]);
  return spec;
}

/** `skip` and `limit` as non-negative integers; a `limit` of 0 returns no documents (not "no limit"). */
export function pageOf(options: FindOptions = {}): { skip: number; limit: number | undefined } {
  const skip = options.skip ?? 0;
  const limit = options.limit;
  if (!Number.isSafeInteger(skip) || skip < 0)
    throw new ValidationError('skip must be a non-negative integer');
  if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 0)) {
    throw new ValidationError('limit must be a non-negative integer');
  }
  return { skip, limit };
}

/** Reads a (possibly dotted) field path through nested objects; `undefined` when absent. */
export function valueAt(doc: Readonly<Record<string, unknown>>, path: string): unknown {
  let current: unknown = doc;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}
