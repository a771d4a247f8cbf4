import { open, type Database, type RootDatabase } from 'lmdb';
import type { Doc } from '../port.js';

/**
 * On-disk layout: ONE LMDB environment (one memory-mapped file under `dir`) with three named databases.
 * - `docs`:   key [collection, _id]                 -> the document (msgpack)
 * - `meta`:   key collection                        -> { indexes } (a collection exists when it has an entry)
 * - `unique`: key [collection, indexName, valueKey] -> _id of the document holding that value
 * Array keys are ordered-binary encoded: elements joined by a 0x00 byte, so [c] .. [c, 0xff] spans exactly
 * the keys of collection c (names and ids never start with a byte below 0x1b once encoded).
 */
export interface IndexSpec {
  readonly name: string;
  readonly fields: readonly (readonly [string, 1 | -1])[];
  readonly unique: boolean;
}

export interface CollectionMeta {
  readonly indexes: readonly IndexSpec[];
}

export interface Layout {
  readonly root: RootDatabase;
  readonly docs: Database<Doc, [string, string]>;
  readonly meta: Database<CollectionMeta, string>;
  readonly unique: Database<string, [string, string, string]>;
}

const AFTER_ALL = new Uint8Array([0xff]);

export function openLayout(dir: string, flushEachCommit: boolean): Layout {
  // overlappingSync off: a commit's promise resolves only once it is flushed to disk (fsync), so an awaited
  // write survives a power cut, not only a process crash. Batched writes share one flush.
  const root = open({ path: dir, maxDbs: 4, overlappingSync: !flushEachCommit, compression: false });
  return {
    root,
    docs: root.openDB<Doc, [string, string]>({ name: 'docs' }),
    meta: root.openDB<CollectionMeta, string>({ name: 'meta' }),
    unique: root.openDB<string, [string, string, string]>({ name: 'unique' }),
  };
}

/** Range options covering every key whose first element is `collection`. */
export function rangeOf(collection: string): { start: [string]; end: [string, Uint8Array] } {
  return { start: [collection], end: [collection, AFTER_ALL] };
}
