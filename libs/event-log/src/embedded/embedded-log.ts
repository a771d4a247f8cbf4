import { type Clock, systemClock, ValidationError } from '@fleet/core';
import type { SchemaSet } from '@fleet/schemas';
import type {
  EventLog,
  LogRecord,
  NewRecord,
  PartitionOffsets,
  Position,
  SubscribeOptions,
  Subscription,
  TopicSpec,
} from '../port.js';
import { partitionForKey } from '../partitioner.js';
import { checkNewRecord, closedLog, recordError, unknownTopic } from '../errors.js';
import { checkTopicSpec, partitionMismatch } from '../topic-spec.js';
import { decodeEnvelope, encodeEnvelope } from './envelope.js';
import { offsetKey, recordKey, topicKey } from './keys.js';
import { LevelStore, type StoredTopic, type WriteOp } from './level-store.js';
import { WriterSchemas } from './writer-schemas.js';
import { GroupRunner, type GroupHost } from './group-runner.js';
import { pruneHead } from './retention.js';

export interface EmbeddedEventLogOptions {
  /** Directory of the log's LevelDB database; created if missing. One open log per dir. */
  readonly dir: string;
  readonly schemas: SchemaSet;
  /** Topics created (or checked) when the log opens. */
  readonly topicsDefaults?: readonly TopicSpec[];
  /** Append timestamps and retention. */
  readonly clock?: Clock;
}

interface TopicState {
  readonly spec: StoredTopic;
  /** Per partition: first stored offset and next offset. */
  readonly start: number[];
  readonly end: number[];
}

interface PreparedRecord {
  readonly partition: number;
  readonly key: string;
  readonly type: string;
  readonly value: Buffer;
  readonly headers: Readonly<Record<string, string>>;
}

interface PendingAppend {
  readonly topic: string;
  readonly records: readonly PreparedRecord[];
  readonly resolve: (positions: Position[]) => void;
  readonly reject: (error: unknown) => void;
}

/** Records per synced write when many appends wait together (group commit). */
const MAX_RECORDS_PER_WRITE = 5000;
const READ_CHUNK = 1000;

class EmbeddedEventLog implements EventLog, GroupHost {
  private readonly topicsByName = new Map<string, TopicState>();
  private readonly positions = new Map<string, Map<string, number>>();
  private readonly groups = new Map<string, GroupRunner>();
  private queue: PendingAppend[] = [];
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly store: LevelStore,
    private readonly schemas: SchemaSet,
    private readonly writers: WriterSchemas,
    private readonly clock: Clock,
  ) {}

  async load(): Promise<void> {
    const now = this.clock().getTime();
    for (const spec of await this.store.topics()) {
      const state: TopicState = { spec, start: [], end: [] };
      for (let p = 0; p < spec.partitions; p++) {
        const bounds = await this.store.bounds(spec.name, p);
        const start =
          spec.retentionMs >= 0
            ? await pruneHead(this.store, spec.name, p, bounds, now - spec.retentionMs)
            : bounds.start;
        state.start.push(start);
        state.end.push(bounds.end);
      }
      this.topicsByName.set(spec.name, state);
    }
    for (const { group, topic, partition, offset } of await this.store.committedOffsets()) {
      this.groupPositions(group).set(`${topic}/${partition}`, offset);
    }
  }

  private groupPositions(group: string): Map<string, number> {
    let found = this.positions.get(group);
    if (!found) {
      found = new Map();
      this.positions.set(group, found);
    }
    return found;
  }

  private assertOpen(): void {
    if (this.closed) throw closedLog();
  }

  private topic(name: string): TopicState {
    const found = this.topicsByName.get(name);
    if (!found) throw unknownTopic(name);
    return found;
  }

  async ensureTopics(specs: readonly TopicSpec[]): Promise<void> {
    this.assertOpen();
    const created: StoredTopic[] = [];
    for (const spec of specs) {
      checkTopicSpec(spec);
      const existing = this.topicsByName.get(spec.name) ?? created.find((c) => c.name === spec.name);
      if (existing) {
        const partitions = 'spec' in existing ? existing.spec.partitions : existing.partitions;
        if (partitions !== spec.partitions) throw partitionMismatch(spec.name, partitions, spec.partitions);
        continue;
      }
      created.push({ name: spec.name, partitions: spec.partitions, retentionMs: spec.retentionMs });
    }
    const ops: WriteOp[] = created.map((spec) => ({
      type: 'put',
      key: topicKey(spec.name),
      value: Buffer.from(JSON.stringify(spec), 'utf8'),
    }));
    await this.store.write(ops);
    for (const spec of created) {
      if (this.topicsByName.has(spec.name)) continue; // a concurrent ensureTopics wrote the same spec
      const zeros = (): number[] => Array.from({ length: spec.partitions }, () => 0);
      this.topicsByName.set(spec.name, { spec, start: zeros(), end: zeros() });
    }
  }

  append(topic: string, records: readonly NewRecord[]): Promise<Position[]> {
    try {
      this.assertOpen();
      const state = this.topic(topic);
      const prepared = records.map((record, index): PreparedRecord => {
        checkNewRecord(index, record);
        let value: Buffer;
        try {
          value = this.schemas.encode(record.type, record.value);
        } catch (error) {
          throw recordError(index, error);
        }
        return {
          partition: partitionForKey(record.key, state.spec.partitions),
          key: record.key,
          type: record.type,
          value,
          headers: { ...record.headers },
        };
      });
      if (prepared.length === 0) return Promise.resolve([]);
      return new Promise<Position[]>((resolve, reject) => {
        this.queue.push({ topic, records: prepared, resolve, reject });
        this.flushing ??= this.flush();
      });
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new ValidationError(String(error)));
    }
  }

  /** Group commit: every append queued while a write is in flight goes into the next synced batch. */
  private async flush(): Promise<void> {
    await Promise.resolve(); // appends made in the same tick join this batch
    while (this.queue.length > 0) {
      const batch: PendingAppend[] = [];
      let count = 0;
      while (
        this.queue.length > 0 &&
        (batch.length === 0 || count + (this.queue[0]?.records.length ?? 0) <= MAX_RECORDS_PER_WRITE)
      ) {
        const next = this.queue.shift() as PendingAppend;
        batch.push(next);
        count += next.records.length;
      }
      await this.writeBatch(batch);
    }
    this.flushing = undefined;
  }

  private async writeBatch(batch: readonly PendingAppend[]): Promise<void> {
    const timestamp = this.clock().getTime();
    const next = new Map<string, number>();
    const ops: WriteOp[] = [];
    const newSchemas = new Set<number>();
    const results: Position[][] = [];
    try {
      for (const append of batch) {
        const state = this.topic(append.topic);
        const positions: Position[] = [];
        for (const record of append.records) {
          const slot = `${append.topic}/${record.partition}`;
          const offset = next.get(slot) ?? state.end[record.partition] ?? 0;
          next.set(slot, offset + 1);
          const { id, put } = this.writers.idFor(record.type);
          if (put && !newSchemas.has(id)) {
            newSchemas.add(id);
            ops.push({ type: 'put', ...put });
          }
          const envelope = {
            key: record.key,
            type: record.type,
            schemaId: id,
            timestamp,
            headers: record.headers,
            value: record.value,
          };
          ops.push({
            type: 'put',
            key: recordKey(append.topic, record.partition, offset),
            value: encodeEnvelope(envelope),
          });
          positions.push({ topic: append.topic, partition: record.partition, offset });
        }
        results.push(positions);
      }
      await this.store.write(ops);
    } catch (error) {
      for (const append of batch) append.reject(error);
      return;
    }
    this.writers.markPersisted(newSchemas);
    for (const [slot, offset] of next) {
      const cut = slot.lastIndexOf('/');
      const state = this.topicsByName.get(slot.slice(0, cut));
      if (state) state.end[Number(slot.slice(cut + 1))] = offset;
    }
    batch.forEach((append, i) => append.resolve(results[i] ?? []));
    for (const group of this.groups.values()) group.wake();
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    if (!options.groupId) throw new ValidationError('groupId is required', { groupId: 'required' });
    if (options.topics.length === 0)
      throw new ValidationError('topics must not be empty', { topics: 'empty' });
    for (const topic of options.topics) this.topic(topic);
    let group = this.groups.get(options.groupId);
    if (!group) {
      group = new GroupRunner(options.groupId, this);
      this.groups.set(options.groupId, group);
    }
    const subscription = group.join(options);
    await subscription.ready;
    return subscription;
  }

  // GroupHost
  partitionsOf(topic: string): number {
    return this.topic(topic).spec.partitions;
  }

  boundsOf(topic: string, partition: number): { start: number; end: number } {
    const state = this.topic(topic);
    return { start: state.start[partition] ?? 0, end: state.end[partition] ?? 0 };
  }

  committedOf(group: string, topic: string, partition: number): number | undefined {
    return this.positions.get(group)?.get(`${topic}/${partition}`);
  }

  async fetch(topic: string, partition: number, from: number, limit: number): Promise<LogRecord[]> {
    const end = this.boundsOf(topic, partition).end;
    const rows = await this.store.records(topic, partition, from, end, limit);
    return rows.map(({ offset, value }) => {
      const envelope = decodeEnvelope(value);
      return {
        topic,
        partition,
        offset,
        key: envelope.key,
        type: envelope.type,
        value: this.writers.decode(envelope.type, envelope.schemaId, envelope.value),
        headers: envelope.headers,
        timestamp: envelope.timestamp,
      };
    });
  }

  async commit(group: string, topic: string, partition: number, next: number): Promise<void> {
    await this.store.write([
      { type: 'put', key: offsetKey(group, topic, partition), value: Buffer.from(String(next), 'utf8') },
    ]);
    this.groupPositions(group).set(`${topic}/${partition}`, next);
  }

  async *read(
    topic: string,
    options?: { readonly from?: Readonly<Record<number, number>> },
  ): AsyncIterable<LogRecord> {
    this.assertOpen();
    const state = this.topic(topic);
    const ends = [...state.end];
    for (let partition = 0; partition < ends.length; partition++) {
      const end = ends[partition] ?? 0;
      let position = Math.max(options?.from?.[partition] ?? 0, state.start[partition] ?? 0);
      while (position < end) {
        this.assertOpen();
        const records = await this.fetch(topic, partition, position, Math.min(READ_CHUNK, end - position));
        const last = records[records.length - 1];
        if (!last) break;
        yield* records;
        position = last.offset + 1;
      }
    }
  }

  endOffsets(topic: string): Promise<PartitionOffsets[]> {
    // a throw inside the executor rejects the promise
    return new Promise((resolve) => {
      this.assertOpen();
      resolve(this.topic(topic).end.map((end, partition) => ({ partition, end })));
    });
  }

  listTopics(): Promise<{ name: string; partitions: number }[]> {
    const topics = [...this.topicsByName.values()]
      .map(({ spec }) => ({ name: spec.name, partitions: spec.partitions }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return Promise.resolve(topics);
  }

  committed(groupId: string, topic: string): Promise<Record<number, number>> {
    const out: Record<number, number> = {};
    const state = this.topicsByName.get(topic);
    for (let partition = 0; partition < (state?.spec.partitions ?? 0); partition++) {
      const offset = this.committedOf(groupId, topic, partition);
      if (offset !== undefined) out[partition] = offset;
    }
    return Promise.resolve(out);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.groups.values()].map((group) => group.stopAll()));
    while (this.flushing) await this.flushing;
    await this.store.close();
  }
}

/**
 * Opens (creating if needed) the embedded event log in `dir`: LevelDB with synced writes, one process owning
 * the dir. Values are validated and stored as Avro binary with the id of their writer schema.
 */
export async function createEmbeddedEventLog(options: EmbeddedEventLogOptions): Promise<EventLog> {
  const store = await LevelStore.open(options.dir);
  try {
    const writers = new WriterSchemas(options.schemas, await store.schemas());
    const log = new EmbeddedEventLog(store, options.schemas, writers, options.clock ?? systemClock);
    await log.load();
    if (options.topicsDefaults) await log.ensureTopics(options.topicsDefaults);
    return log;
  } catch (error) {
    await store.close();
    throw error;
  }
}
