import type { Message, Producer, RecordMetadata } from 'kafkajs';
import type { Position } from '../port.js';
import { kafkaError } from './errors.js';
import { chunkMessages, MAX_CHUNK_BYTES, sizeOf } from './chunks.js';

interface PendingAppend {
  readonly topic: string;
  readonly messages: readonly Message[];
  readonly bytes: number;
  readonly resolve: (positions: Position[]) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Sends appends through one idempotent producer (one request in flight). Appends that arrive while a send is
 * in flight go out together in the next request (group commit), up to the 1 MiB request limit; an append
 * bigger than that is sent alone, in chunks. Each append learns its positions from the partitions' base
 * offsets: records of one partition in one request get consecutive offsets, in request order.
 */
export class KafkaAppender {
  private queue: PendingAppend[] = [];
  private flushing: Promise<void> | undefined;

  constructor(private readonly producer: Producer) {}

  append(topic: string, messages: readonly Message[]): Promise<Position[]> {
    const bytes = messages.reduce((sum, m) => sum + sizeOf(m), 0);
    return new Promise((resolve, reject) => {
      this.queue.push({ topic, messages, bytes, resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  /** Resolves once every queued append was sent. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    await Promise.resolve(); // appends made in the same tick join the first request
    while (this.queue.length > 0) {
      const first = this.queue.shift() as PendingAppend;
      if (first.bytes > MAX_CHUNK_BYTES) {
        await this.sendAlone(first);
        continue;
      }
      const group = [first];
      let bytes = first.bytes;
      while (this.queue[0] && bytes + this.queue[0].bytes <= MAX_CHUNK_BYTES) {
        const next = this.queue.shift() as PendingAppend;
        group.push(next);
        bytes += next.bytes;
      }
      await this.sendTogether(group);
    }
    this.flushing = undefined;
  }

  private async sendAlone(append: PendingAppend): Promise<void> {
    try {
      const positions: Position[] = [];
      for (const chunk of chunkMessages(append.messages)) {
        const metadata = await this.producer.send({ topic: append.topic, acks: -1, messages: chunk });
        positions.push(...(assignPositions([{ topic: append.topic, messages: chunk }], metadata)[0] ?? []));
      }
      append.resolve(positions);
    } catch (error) {
      append.reject(
        kafkaError(error, `Appending ${append.messages.length} records to ${append.topic} failed`),
      );
    }
  }

  private async sendTogether(group: readonly PendingAppend[]): Promise<void> {
    const topicMessages = new Map<string, Message[]>();
    for (const { topic, messages } of group)
      topicMessages.set(topic, [...(topicMessages.get(topic) ?? []), ...messages]);
    try {
      const metadata = await this.producer.sendBatch({
        acks: -1,
        topicMessages: [...topicMessages].map(([topic, messages]) => ({ topic, messages })),
      });
      assignPositions(group, metadata).forEach((positions, i) => group[i]?.resolve(positions));
    } catch (error) {
      const topics = [...topicMessages.keys()].join(', ');
      const wrapped = kafkaError(error, `Appending to ${topics} failed`);
      for (const append of group) append.reject(wrapped);
    }
  }
}

/** Positions of each append's records, given the base offset of every (topic, partition) in the request. */
export function assignPositions(
  appends: readonly { readonly topic: string; readonly messages: readonly Message[] }[],
  metadata: readonly RecordMetadata[],
): Position[][] {
  const next = new Map(metadata.map((m) => [`${m.topicName}/${m.partition}`, Number(m.baseOffset)]));
  return appends.map(({ topic, messages }) =>
    messages.map((message) => {
      const partition = message.partition ?? 0;
      const slot = `${topic}/${partition}`;
      const offset = next.get(slot);
      if (offset === undefined) throw new Error(`no acknowledgement for ${slot}`);
      next.set(slot, offset + 1);
      return { topic, partition, offset };
    }),
  );
}
