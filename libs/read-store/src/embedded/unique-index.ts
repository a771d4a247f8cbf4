import { createHash } from 'node:crypto';
import { ConflictError } from '@fleet/core';
import { valueAt } from '../query/find-options.js';
import type { Doc } from '../port.js';
import type { IndexSpec, Layout } from './layout.js';

/**
 * Unique indexes, kept in the `unique` database inside the same transaction as the documents.
 * As in MongoDB (non-sparse index), a missing field counts as null, so two documents both missing an indexed
 * field collide. The entry key holds a hash of the typed values (bounded key size, any value shape).
 */
export function indexName(fields: readonly (readonly [string, 1 | -1])[]): string {
  return fields.map(([field, direction]) => `${field}_${direction}`).join('_');
}

export function valueKey(index: IndexSpec, doc: Doc): string {
  const values = index.fields.map(([field]) => typed(valueAt(doc, field)));
  return createHash('sha256').update(JSON.stringify(values)).digest('base64url');
}

/** A JSON form that keeps types apart ("1" vs 1, a date vs its ISO string) and maps missing to null. */
function typed(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return ['date', value.getTime()];
  if (value instanceof Uint8Array) return ['bin', Buffer.from(value).toString('base64')];
  if (Array.isArray(value)) return ['array', value.map(typed)];
  if (typeof value === 'object') {
    return ['object', Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typed(v)])];
  }
  return [typeof value, value];
}

interface EntryChange {
  readonly remove: [string, string, string] | undefined;
  readonly add: [string, string, string];
}

/**
 * Checks `next` (replacing `previous`, if any) against the unique indexes of its collection, inside a write
 * transaction. Returns the entry changes to make, or the conflict; nothing is written here.
 */
export function planUniqueEntries(
  layout: Layout,
  collection: string,
  indexes: readonly IndexSpec[],
  previous: Doc | undefined,
  next: Doc,
): EntryChange[] | ConflictError {
  const changes: EntryChange[] = [];
  for (const index of indexes) {
    if (!index.unique) continue;
    const key = valueKey(index, next);
    const oldKey = previous === undefined ? undefined : valueKey(index, previous);
    if (key === oldKey) continue;
    const owner = layout.unique.get([collection, index.name, key]);
    if (owner !== undefined && owner !== next._id) {
      return new ConflictError(`duplicate key for unique index ${index.name} in ${collection}`, {
        [index.fields.map(([field]) => field).join(',')]: 'duplicate',
      });
    }
    changes.push({
      remove: oldKey === undefined ? undefined : [collection, index.name, oldKey],
      add: [collection, index.name, key],
    });
  }
  return changes;
}

export function applyUniqueEntries(layout: Layout, id: string, changes: readonly EntryChange[]): void {
  for (const change of changes) {
    if (change.remove !== undefined) layout.unique.removeSync(change.remove);
    layout.unique.putSync(change.add, id);
  }
}

/** Removes the entries a deleted document held. */
export function removeUniqueEntries(
  layout: Layout,
  collection: string,
  indexes: readonly IndexSpec[],
  doc: Doc,
): void {
  for (const index of indexes) {
    if (!index.unique) continue;
    const key: [string, string, string] = [collection, index.name, valueKey(index, doc)];
    if (layout.unique.get(key) === doc._id) layout.unique.removeSync(key);
  }
}
