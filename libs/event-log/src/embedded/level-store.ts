import { mkdirSync } from 'node:fs';
import { ClassicLevel } from 'classic-level';
import { ConflictError, InternalError, UnavailableError } from '@fleet/core';
import {
  OFFSET_RANGE,
  SCHEMA_RANGE,
  TOPIC_RANGE,
  offsetOfRecordKey,
  parseOffsetKey,
  recordRange,
  schemaIdOfKey,
} from './keys.js';

export interface StoredTopic {
  readonly name: string;
  readonly partitions: number;
  readonly retentionMs: number;
}

export type WriteOp = { type: 'put'; key: string; value: Buffer } | { type: 'del'; key: string };

interface LevelError {
  readonly code?: string;
  readonly cause?: { readonly code?: string };
}

/**
 * The LevelDB database under the log's dir: every write is a synced (fsync'ed WAL) atomic batch. LevelDB takes
 * an exclusive lock on the dir, so a second open (this process or another) fails with a ConflictError.
 */
export class LevelStore {
  private constructor(
    readonly dir: string,
    private readonly db: ClassicLevel<string, Buffer>,
  ) {}

  static async open(dir: string): Promise<LevelStore> {
    mkdirSync(dir, { recursive: true });
    const db = new ClassicLevel<string, Buffer>(dir, { keyEncoding: 'utf8', valueEncoding: 'buffer' });
    try {
      await db.open();
    } catch (error) {
      const { code, cause } = (error ?? {}) as LevelError;
      if (code === 'LEVEL_LOCKED' || cause?.code === 'LEVEL_LOCKED') {
        throw new ConflictError(
          `Event log dir ${dir} is already open (in this or another process)`,
          { dir },
          {
            cause: error,
          },
        );
      }
      throw new UnavailableError(`Event log dir ${dir} cannot be opened`, { dir }, { cause: error });
    }
    return new LevelStore(dir, db);
  }

  /** One atomic batch, synced to disk before it resolves. */
  async write(ops: readonly WriteOp[]): Promise<void> {
    if (ops.length === 0) return;
    try {
      await this.db.batch([...ops], { sync: true });
    } catch (error) {
      throw new InternalError(`Event log write to ${this.dir} failed`, { dir: this.dir }, { cause: error });
    }
  }

  async topics(): Promise<StoredTopic[]> {
    const out: StoredTopic[] = [];
    for await (const value of this.db.values(TOPIC_RANGE))
      out.push(JSON.parse(value.toString('utf8')) as StoredTopic);
    return out;
  }

  async schemas(): Promise<[number, string][]> {
    const out: [number, string][] = [];
    for await (const [key, value] of this.db.iterator(SCHEMA_RANGE))
      out.push([schemaIdOfKey(key), value.toString('utf8')]);
    return out;
  }

  async committedOffsets(): Promise<{ group: string; topic: string; partition: number; offset: number }[]> {
    const out: { group: string; topic: string; partition: number; offset: number }[] = [];
    for await (const [key, value] of this.db.iterator(OFFSET_RANGE)) {
      out.push({ ...parseOffsetKey(key), offset: Number(value.toString('utf8')) });
    }
    return out;
  }

  /** First and next offsets of a partition (`{start: end, end}` when empty: `end` is 0 for a new partition). */
  async bounds(topic: string, partition: number): Promise<{ start: number; end: number }> {
    const range = recordRange(topic, partition);
    const last = await this.db.keys({ ...range, reverse: true, limit: 1 }).all();
    if (last[0] === undefined) return { start: 0, end: 0 };
    const first = await this.db.keys({ ...range, limit: 1 }).all();
    return { start: offsetOfRecordKey(first[0] ?? last[0]), end: offsetOfRecordKey(last[0]) + 1 };
  }

  /** Up to `limit` records of a partition in offset order, from `from` (inclusive) to `to` (exclusive). */
  async records(
    topic: string,
    partition: number,
    from: number,
    to: number,
    limit: number,
  ): Promise<{ offset: number; value: Buffer }[]> {
    const out: { offset: number; value: Buffer }[] = [];
    if (from >= to) return out;
    for await (const [key, value] of this.db.iterator({
      ...recordRange(topic, partition, from, to),
      limit,
    })) {
      out.push({ offset: offsetOfRecordKey(key), value });
    }
    return out;
  }

  async close(): Promise<void> {
    await this.db.close();
  }
}
