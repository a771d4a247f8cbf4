import { randomUUID } from 'node:crypto';
import type { Admin, Kafka } from 'kafkajs';
import { UnavailableError } from '@fleet/core';
import type { RegistryCodec } from '@fleet/schemas';
import type { LogRecord } from '../port.js';
import { kafkaError } from './errors.js';
import { toLogRecord } from './decode.js';

/** Records buffered ahead of the reader before the fetching consumer waits. */
const HIGH_WATER = 5000;

/** How long a read may wait for its next batch (KafkaEventLogOptions.readStallMs). */
export const DEFAULT_READ_STALL_MS = 60_000;

interface Range {
  readonly begin: number;
  readonly end: number;
}

/**
 * Reads `topic` from `ranges[p].begin` up to the end offsets taken when the read started, with a throwaway
 * consumer group (seeked, never committing, deleted afterwards). Partitions come interleaved, each in order.
 * A read that waits `stallMs` for its next batch while records it expects are missing (the group never got its
 * partitions, or the records are gone) fails naming the partitions, instead of waiting forever: a service
 * rebuilding its state from the log then stops with that error rather than hang at start-up.
 */
export async function* readTopic(
  kafka: Kafka,
  admin: Admin,
  codec: RegistryCodec,
  clientId: string,
  topic: string,
  ranges: ReadonlyMap<number, Range>,
  stallMs: number = DEFAULT_READ_STALL_MS,
): AsyncGenerator<LogRecord> {
  const pending = new Map([...ranges].filter(([, r]) => r.begin < r.end));
  if (pending.size === 0) return;
  const groupId = `${clientId}.read.${randomUUID()}`;
  const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 200, allowAutoTopicCreation: false });
  const queue: LogRecord[] = [];
  let failure: Error | undefined;
  let finished = false;
  let wake: (() => void) | undefined;
  let drained: (() => void) | undefined;
  const signal = (): void => {
    wake?.();
    wake = undefined;
  };
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (!payload.restart) {
      failure = kafkaError(payload.error, `Reading ${topic} failed`);
      signal();
    }
  });
  try {
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatch: async ({ batch, ...payload }) => {
        const range = pending.get(batch.partition);
        if (!range) return;
        for (const message of batch.messages) {
          const offset = Number(message.offset);
          if (offset < range.begin || offset >= range.end) continue;
          queue.push(await toLogRecord(codec, topic, batch.partition, message));
        }
        if (Number(batch.lastOffset()) + 1 >= range.end) {
          pending.delete(batch.partition);
          consumer.pause([{ topic, partitions: [batch.partition] }]);
        }
        signal();
        while (queue.length > HIGH_WATER && failure === undefined && !finished) {
          await new Promise<void>((resolve) => (drained = resolve));
          await payload.heartbeat();
        }
      },
    });
    for (const [partition, { begin }] of pending) consumer.seek({ topic, partition, offset: String(begin) });
    while (true) {
      if (queue.length > 0) {
        const record = queue.shift() as LogRecord;
        if (queue.length <= HIGH_WATER / 2) drained?.();
        yield record;
        continue;
      }
      if (failure !== undefined) throw failure;
      if (pending.size === 0) return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          wake = undefined;
          reject(stalled(topic, pending, stallMs));
        }, stallMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } catch (error) {
    throw kafkaError(error, `Reading ${topic} failed`);
  } finally {
    finished = true;
    drained?.();
    await consumer.disconnect().catch(() => undefined);
    await admin.deleteGroups([groupId]).catch(() => undefined);
  }
}

/** Unavailable (retriable): the same read may well succeed once the broker or the group has recovered. */
function stalled(topic: string, pending: ReadonlyMap<number, Range>, stallMs: number): UnavailableError {
  const short = [...pending].map(([partition, { end }]) => `${partition} (to offset ${end})`).join(', ');
  return new UnavailableError(
    `Reading ${topic} stalled: no record came for ${stallMs} ms; partitions still to read: ${short}`,
    { kafka: 'READ_STALLED' },
  );
}
