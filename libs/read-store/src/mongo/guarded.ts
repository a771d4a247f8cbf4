import type { AnyBulkWriteOperation, Filter, UpdateFilter } from 'mongodb';
import type { GuardedWrite } from '../port.js';

/** How the driver sees a stored document: a string `_id` and any fields. */
export interface StoredDoc {
  _id: string;
  [field: string]: unknown;
}

/**
 * A guarded write as one MongoDB upsert. The filter matches the document only while its `_position` is
 * lower than the write's (or absent); when it does not match, the upsert tries to insert a second document
 * with the same `_id` and the server answers E11000, which the collection reads as 'skipped'.
 */
export function guardFilter(write: GuardedWrite): Filter<StoredDoc> {
  return {
    _id: write.id,
    $or: [{ _position: { $lt: write.position } }, { _position: { $exists: false } }],
  };
}

export function guardUpdate(write: GuardedWrite): UpdateFilter<StoredDoc> {
  const update: UpdateFilter<StoredDoc> = { $set: { ...write.set, _position: write.position } };
  if (write.unset !== undefined && write.unset.length > 0) {
    update.$unset = Object.fromEntries(write.unset.map((field) => [field, '']));
  }
  if (write.setOnInsert !== undefined && Object.keys(write.setOnInsert).length > 0) {
    update.$setOnInsert = write.setOnInsert;
  }
  return update;
}

export function guardOperation(write: GuardedWrite): AnyBulkWriteOperation<StoredDoc> {
  return { updateOne: { filter: guardFilter(write), update: guardUpdate(write), upsert: true } };
}
