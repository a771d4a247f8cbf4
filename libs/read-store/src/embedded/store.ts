import { mkdirSync } from 'node:fs';
import { InternalError } from '@fleet/core';
import type { Collection, Doc, ReadStore } from '../port.js';
import { compareStrings } from '../query/compare.js';
import { assertCollectionName } from '../validate.js';
import { EmbeddedCollection } from './collection.js';
import { openLayout, rangeOf } from './layout.js';

export interface EmbeddedReadStoreOptions {
  /** Directory of the LMDB environment (created if missing). */
  readonly dir: string;
  /**
   * `true` (default): a write's promise resolves once its commit is flushed to disk, so acknowledged writes
   * survive a power cut as well as a crash. `false`: it resolves once committed (visible, and kept across a
   * process crash or kill -9, but the last commits may be lost if the machine itself goes down).
   */
  readonly flushEachCommit?: boolean;
}

/** The read store of the embedded runtime: documents in one LMDB environment on disk, no server. */
export function createEmbeddedReadStore(options: EmbeddedReadStoreOptions): Promise<ReadStore> {
  return new Promise((resolve) => {
    mkdirSync(options.dir, { recursive: true });
    resolve(new EmbeddedReadStore(openLayout(options.dir, options.flushEachCommit ?? true)));
  });
}

class EmbeddedReadStore implements ReadStore {
  private closed = false;

  constructor(private readonly layout: ReturnType<typeof openLayout>) {}

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    this.assertOpen();
    assertCollectionName(name);
    return new EmbeddedCollection<T>(this.layout, name);
  }

  listCollections(): Promise<string[]> {
    return new Promise((resolve) => {
      this.assertOpen();
      resolve(Array.from(this.layout.meta.getKeys()).sort(compareStrings));
    });
  }

  async dropCollection(name: string): Promise<void> {
    this.assertOpen();
    assertCollectionName(name);
    await this.layout.root.transaction(() => {
      for (const key of Array.from(this.layout.docs.getKeys(rangeOf(name)))) this.layout.docs.removeSync(key);
      for (const key of Array.from(this.layout.unique.getKeys(rangeOf(name))))
        this.layout.unique.removeSync(key);
      this.layout.meta.removeSync(name);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.layout.root.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new InternalError('the embedded read store is closed');
  }
}
