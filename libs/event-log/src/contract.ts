/**
 * The one contract suite every EventLog adapter passes (test-only: import it from `@fleet/event-log/contract`).
 * `open` must reach the same data on every call, so records can be checked after a close and a reopen.
 * The values use the schemas in `contractSchemaDir()`: `contract.events.Counted` and `contract.commands.Ping`.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConflictError, NotFoundError, ValidationError } from '@fleet/core';
import type { EventLog, LogRecord, NewRecord, RecordBatch, Subscription, TopicSpec } from './port.js';
import { partitionForKey } from './partitioner.js';

export const COUNTED = 'contract.events.Counted';
export const PING = 'contract.commands.Ping';

export function contractSchemaDir(): string {
  return fileURLToPath(new URL('../test-fixtures/schemas/', import.meta.url));
}

export interface ContractOptions {
  /** Per test; Kafka group joins take seconds. */
  readonly timeoutMs?: number;
}

export function counted(key: string, seq: number, note: string | null = null): NewRecord {
  return { key, type: COUNTED, value: { key, seq, note }, headers: { 'command-id': `c-${key}-${seq}` } };
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function readAll(
  log: EventLog,
  topic: string,
  from?: Record<number, number>,
): Promise<LogRecord[]> {
  const out: LogRecord[] = [];
  for await (const record of log.read(topic, from ? { from } : undefined)) out.push(record);
  return out;
}

/** Records grouped by partition, each list in delivery order. */
function byPartition(records: readonly LogRecord[]): Map<number, LogRecord[]> {
  const out = new Map<number, LogRecord[]>();
  for (const record of records) out.set(record.partition, [...(out.get(record.partition) ?? []), record]);
  return out;
}

function expectDenseFrom(records: readonly LogRecord[], first: number): void {
  expect(records.map((r) => r.offset)).toEqual(records.map((_, i) => first + i));
}

interface Collector {
  readonly records: LogRecord[];
  readonly batches: RecordBatch[];
  readonly errors: unknown[];
  subscription?: Subscription;
}

async function collect(
  log: EventLog,
  groupId: string,
  topics: readonly string[],
  options: { maxBatchSize?: number; failOnce?: boolean } = {},
): Promise<Collector> {
  const collector: Collector = { records: [], batches: [], errors: [] };
  let failed = false;
  collector.subscription = await log.subscribe({
    groupId,
    topics,
    maxBatchSize: options.maxBatchSize,
    handler: (batch) => {
      if (options.failOnce && !failed) {
        failed = true;
        collector.batches.push(batch);
        return Promise.reject(new Error('handler failure (test)'));
      }
      collector.batches.push(batch);
      collector.records.push(...batch.records);
      return Promise.resolve();
    },
    onError: (error) => collector.errors.push(error),
  });
  await collector.subscription.ready;
  return collector;
}

async function totalEnd(log: EventLog, topic: string): Promise<number> {
  return (await log.endOffsets(topic)).reduce((sum, p) => sum + p.end, 0);
}

export function describeEventLogContract(
  name: string,
  open: () => Promise<EventLog>,
  options: ContractOptions = {},
): void {
  const timeout = options.timeoutMs ?? 30_000;
  const run = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  const topicName = (suffix: string): string => `contract-${run}-${suffix}`;
  const spec = (suffix: string, partitions = 3): TopicSpec => ({
    name: topicName(suffix),
    partitions,
    retentionMs: -1,
  });

  describe(`EventLog contract: ${name}`, () => {
    let log: EventLog;
    const main = spec('main', 3);
    const keys = Array.from({ length: 40 }, (_, i) => `depot:${i}`);
    const appended: NewRecord[] = [];

    beforeAll(async () => {
      log = await open();
      await log.ensureTopics([main]);
    }, timeout);

    afterAll(async () => {
      await log?.close();
    }, timeout);

    it(
      'ensureTopics is idempotent and refuses a partition mismatch',
      async () => {
        const other = spec('topics', 2);
        await log.ensureTopics([other]);
        await log.ensureTopics([other, main]);
        const listed = await log.listTopics();
        expect(listed).toEqual(
          expect.arrayContaining([
            { name: other.name, partitions: 2 },
            { name: main.name, partitions: 3 },
          ]),
        );
        await expect(log.ensureTopics([{ ...other, partitions: 4 }])).rejects.toBeInstanceOf(ConflictError);
        expect(listed.filter((t) => t.name === other.name)).toHaveLength(1);
        expect(await log.endOffsets(other.name)).toEqual([
          { partition: 0, end: 0 },
          { partition: 1, end: 0 },
        ]);
      },
      timeout,
    );

    it(
      'append returns dense positions in input order, partitioned by key',
      async () => {
        const key = keys[0] as string;
        const partition = partitionForKey(key, main.partitions);
        const before = (await log.endOffsets(main.name))[partition]?.end ?? -1;
        const batch = [0, 1, 2, 3, 4].map((seq) => counted(key, seq));
        const positions = await log.append(main.name, batch);
        appended.push(...batch);
        expect(positions).toEqual(batch.map((_, i) => ({ topic: main.name, partition, offset: before + i })));
        const next = await log.append(main.name, [counted(key, 5)]);
        appended.push(counted(key, 5));
        expect(next).toEqual([{ topic: main.name, partition, offset: before + 5 }]);
        expect((await log.endOffsets(main.name))[partition]).toEqual({ partition, end: before + 6 });
        await expect(log.append(topicName('absent'), [counted(key, 0)])).rejects.toBeInstanceOf(
          NotFoundError,
        );
        expect(await log.append(main.name, [])).toEqual([]);
      },
      timeout,
    );

    it(
      'keeps per-key order across many keys and concurrent appends',
      async () => {
        const before = await log.endOffsets(main.name);
        const rounds = 6;
        for (let round = 0; round < rounds; round++) {
          // two appends in flight at once, each holding several keys
          const half = keys.length / 2;
          const a = keys.slice(1, half).map((key) => counted(key, round));
          const b = keys.slice(half).map((key) => counted(key, round));
          const [pa, pb] = await Promise.all([log.append(main.name, a), log.append(main.name, b)]);
          appended.push(...a, ...b);
          for (const [i, position] of [...pa, ...pb].entries()) {
            const record = [...a, ...b][i] as NewRecord;
            expect(position.partition).toBe(partitionForKey(record.key, main.partitions));
          }
        }
        const records = await readAll(
          log,
          main.name,
          Object.fromEntries(before.map((p) => [p.partition, p.end])),
        );
        expect(records).toHaveLength((keys.length - 1) * rounds);
        for (const key of keys.slice(1)) {
          const seqs = records.filter((r) => r.key === key).map((r) => r.value['seq']);
          expect(seqs).toEqual(Array.from({ length: rounds }, (_, i) => i));
        }
        for (const [partition, list] of byPartition(records)) {
          expectDenseFrom(list, before[partition]?.end ?? -1);
        }
      },
      timeout,
    );

    it(
      'refuses a value that fails its schema, storing nothing of that append',
      async () => {
        const before = await log.endOffsets(main.name);
        const bad: NewRecord = {
          key: 'depot:bad',
          type: COUNTED,
          value: { key: 'depot:bad', seq: 'one', note: null },
        };
        const error = await log.append(main.name, [counted('depot:bad', 1), bad]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ValidationError);
        expect(Object.keys((error as ValidationError).errors ?? {})).toEqual(['records.1.seq']);
        const unknownType: NewRecord = { key: 'k', type: 'contract.events.Nope', value: {} };
        await expect(log.append(main.name, [unknownType])).rejects.toBeInstanceOf(Error);
        expect(await log.endOffsets(main.name)).toEqual(before);
      },
      timeout,
    );

    it(
      'subscribe delivers everything in per-partition order, then commits',
      async () => {
        const group = `g-${run}-a`;
        const total = await totalEnd(log, main.name);
        const c = await collect(log, group, [main.name], { maxBatchSize: 7 });
        await waitFor('all records delivered', () => c.records.length >= total, timeout);
        await waitFor(
          'committed to reach the end offsets',
          async () => {
            const [ends, committed] = await Promise.all([
              log.endOffsets(main.name),
              log.committed(group, main.name),
            ]);
            return ends.every((p) => p.end === 0 || committed[p.partition] === p.end);
          },
          timeout,
        );
        await c.subscription?.stop();
        expect(c.records).toHaveLength(total);
        expect(c.errors).toEqual([]);
        for (const batch of c.batches) {
          expect(batch.records.length).toBeGreaterThan(0);
          expect(batch.records.length).toBeLessThanOrEqual(7);
          expect(batch.records.every((r) => r.topic === batch.topic && r.partition === batch.partition)).toBe(
            true,
          );
        }
        for (const list of byPartition(c.records).values()) expectDenseFrom(list, 0);
        const first = c.records.find((r) => r.key === keys[0] && r.value['seq'] === 0);
        expect(first?.type).toBe(COUNTED);
        expect(first?.headers['command-id']).toBe(`c-${keys[0]}-0`);
        expect(first?.value).toEqual({ key: keys[0], seq: 0, note: null });
        expect(typeof first?.timestamp).toBe('number');
      },
      timeout,
    );

    it(
      'a second subscription of the group resumes after the committed position',
      async () => {
        const group = `g-${run}-a`;
        const committedBefore = await log.committed(group, main.name);
        const fresh = keys.slice(0, 5).map((key) => counted(key, 100, 'after stop'));
        const positions = await log.append(main.name, fresh);
        appended.push(...fresh);
        const c = await collect(log, group, [main.name]);
        await waitFor('the new records', () => c.records.length >= fresh.length, timeout);
        await new Promise((resolve) => setTimeout(resolve, 300)); // nothing older may follow
        await c.subscription?.stop();
        expect(c.records.map((r) => r.value['note'])).toEqual(fresh.map(() => 'after stop'));
        for (const record of c.records) {
          expect(record.offset).toBeGreaterThanOrEqual(committedBefore[record.partition] ?? 0);
        }
        expect(c.records.map((r) => `${r.partition}@${r.offset}`).sort()).toEqual(
          positions.map((p) => `${p.partition}@${p.offset}`).sort(),
        );
      },
      timeout,
    );

    it(
      'a new group starts at offset 0',
      async () => {
        const total = await totalEnd(log, main.name);
        const c = await collect(log, `g-${run}-new`, [main.name]);
        await waitFor('every record', () => c.records.length >= total, timeout);
        await c.subscription?.stop();
        expect(c.records).toHaveLength(total);
        for (const list of byPartition(c.records).values()) expect(list[0]?.offset).toBe(0);
      },
      timeout,
    );

    it(
      'a throwing handler stops its subscription without committing; the batch goes to the next subscriber',
      async () => {
        const topic = spec('fail', 1);
        await log.ensureTopics([topic]);
        await log.append(
          topic.name,
          [0, 1, 2].map((seq) => counted('only', seq)),
        );
        const group = `g-${run}-fail`;
        const failing = await collect(log, group, [topic.name], { failOnce: true });
        await waitFor('the error report', () => failing.errors.length > 0, timeout);
        expect(String(failing.errors[0])).toContain('handler failure (test)');
        expect(failing.errors).toHaveLength(1);
        expect(failing.records).toEqual([]);
        const failedBatch = failing.batches[0] as RecordBatch;
        expect(failedBatch.records[0]?.offset).toBe(0);
        await failing.subscription?.stop();
        expect(await log.committed(group, topic.name)).toEqual({});

        const next = await collect(log, group, [topic.name]);
        await waitFor('redelivery', () => next.records.length >= 3, timeout);
        await waitFor('commit', async () => (await log.committed(group, topic.name))[0] === 3, timeout);
        await next.subscription?.stop();
        expect(next.records.map((r) => r.offset)).toEqual([0, 1, 2]);
        expect(next.records.slice(0, failedBatch.records.length).map((r) => r.value)).toEqual(
          failedBatch.records.map((r) => r.value),
        );
      },
      timeout,
    );

    it(
      'read replays every record, and from given offsets',
      async () => {
        const records = await readAll(log, main.name);
        expect(records).toHaveLength(appended.length);
        const ends = await log.endOffsets(main.name);
        for (const [partition, list] of byPartition(records)) {
          expectDenseFrom(list, 0);
          expect(list.length).toBe(ends[partition]?.end);
        }
        const seen = records
          .map((r) => `${r.key}#${String(r.value['seq'])}#${String(r.value['note'])}`)
          .sort();
        const expected = appended
          .map((r) => `${r.key}#${String(r.value['seq'])}#${String(r.value['note'])}`)
          .sort();
        expect(seen).toEqual(expected);
        const from = { 0: 2, 1: 1, 2: 0 };
        const tail = await readAll(log, main.name, from);
        expect(tail).toHaveLength(appended.length - 3);
        expect(tail.every((r) => r.offset >= (from[r.partition as 0 | 1 | 2] ?? 0))).toBe(true);
      },
      timeout,
    );

    it(
      'endOffsets and committed agree after a full consumption',
      async () => {
        const group = `g-${run}-a`;
        const ends = await log.endOffsets(main.name);
        expect(ends.map((p) => p.partition)).toEqual([0, 1, 2]);
        const committed = await log.committed(group, main.name);
        for (const { partition, end } of ends) {
          if (end > 0) expect(committed[partition]).toBe(end);
        }
        expect(await log.committed(`g-${run}-never`, main.name)).toEqual({});
      },
      timeout,
    );

    it(
      'records, topics and committed positions survive closing and reopening',
      async () => {
        const group = `g-${run}-a`;
        const before = {
          records: await readAll(log, main.name),
          ends: await log.endOffsets(main.name),
          committed: await log.committed(group, main.name),
        };
        await log.close();
        log = await open();
        expect(await log.listTopics()).toEqual(expect.arrayContaining([{ name: main.name, partitions: 3 }]));
        expect(await log.endOffsets(main.name)).toEqual(before.ends);
        expect(await log.committed(group, main.name)).toEqual(before.committed);
        const after = await readAll(log, main.name);
        const rows = (list: LogRecord[]): unknown[] =>
          [...list]
            .sort((a, b) => a.partition - b.partition || a.offset - b.offset)
            .map((r) => [r.partition, r.offset, r.key, r.value]);
        expect(rows(after)).toEqual(rows(before.records));
        const [position] = await log.append(main.name, [counted(keys[0] as string, 200)]);
        const end = before.ends.find((p) => p.partition === position?.partition)?.end;
        expect(position?.offset).toBe(end);
      },
      timeout,
    );
  });
}
