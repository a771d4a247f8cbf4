import { ValidationError } from '@fleet/core';
import type { Doc, GuardedWrite } from './port.js';

/**
 * Input checks shared by both adapters, so that a write one adapter refuses is refused by the other too
 * (MongoDB rejects these shapes at the server; the embedded adapter would silently accept them).
 */
const MAX_ID_BYTES = 512;

export function assertCollectionName(name: string): void {
  if (name.length === 0 || name.length > 120 || /[$\0]/.test(name) || name.startsWith('system.')) {
    throw new ValidationError(`invalid collection name ${JSON.stringify(name)}`, { collection: name });
  }
}

export function assertId(id: unknown): asserts id is string {
  if (typeof id !== 'string' || id.length === 0 || Buffer.byteLength(id) > MAX_ID_BYTES) {
    throw new ValidationError(`a document _id must be a non-empty string of at most ${MAX_ID_BYTES} bytes`, {
      _id: id,
    });
  }
}

/** A top-level field name a write may touch: no `$` prefix, no dot (that would mean a nested path). */
export function assertFieldName(field: string, reserved: readonly string[] = []): void {
  if (field.length === 0 || field.startsWith('$') || field.includes('.') || reserved.includes(field)) {
    throw new ValidationError(`invalid or reserved field name ${JSON.stringify(field)}`, {
      [field]: 'invalid',
    });
  }
}

export function assertDoc(doc: Doc): void {
  assertId(doc._id);
  for (const field of Object.keys(doc)) if (field !== '_id') assertFieldName(field);
}

const GUARDED_RESERVED = ['_id', '_position'];

export function assertGuardedWrite(write: GuardedWrite): void {
  assertId(write.id);
  if (!Number.isSafeInteger(write.position) || write.position < 0) {
    throw new ValidationError('a guarded write needs a non-negative integer position', {
      position: write.position,
    });
  }
  const seen = new Set<string>();
  const claim = (field: string): void => {
    assertFieldName(field, GUARDED_RESERVED);
    if (seen.has(field)) {
      throw new ValidationError(
        `field ${JSON.stringify(field)} appears in more than one of set/unset/setOnInsert`,
        {
          [field]: 'conflict',
        },
      );
    }
    seen.add(field);
  };
  for (const field of Object.keys(write.set)) claim(field);
  for (const field of write.unset ?? []) claim(field);
  for (const field of Object.keys(write.setOnInsert ?? {})) claim(field);
}

/** Fields a write stores: `undefined` values are dropped, as the MongoDB adapter (ignoreUndefined) does. */
export function definedEntries(fields: Readonly<Record<string, unknown>>): [string, unknown][] {
  return Object.entries(fields).filter(([, value]) => value !== undefined);
}
