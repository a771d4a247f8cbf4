import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type { RegistryCodec } from '@fleet/schemas';
import type { SubscribeOptions, Subscription } from '../port.js';
import { DEFAULT_MAX_BATCH } from '../defaults.js';
import { kafkaError } from './errors.js';
import { toLogRecord } from './decode.js';

export interface ConsumerSettings {
  readonly sessionTimeoutMs: number;
  readonly heartbeatIntervalMs: number;
  readonly maxWaitTimeInMs: number;
}

/**
 * A consumer-group member: `eachBatch` cut into handler batches of at most `maxBatchSize`; after each handler
 * call the offsets are resolved and committed (autoCommit off), with heartbeats while a handler runs. A
 * handler error or a crash kafkajs will not restart from reports once through onError and stops the member,
 * leaving the group so the uncommitted batch goes to the next member.
 */
export class KafkaSubscription implements Subscription {
  readonly ready: Promise<void>;
  private readonly consumer: Consumer;
  private readonly maxBatchSize: number;
  private failed = false;
  private stopping: Promise<void> | undefined;
  private markReady: () => void = () => undefined;
  private failReady: (error: unknown) => void = () => undefined;

  constructor(
    kafka: Kafka,
    private readonly codec: RegistryCodec,
    private readonly options: SubscribeOptions,
    private readonly settings: ConsumerSettings,
  ) {
    this.maxBatchSize = Math.max(1, options.maxBatchSize ?? DEFAULT_MAX_BATCH);
    this.consumer = kafka.consumer({
      groupId: options.groupId,
      sessionTimeout: settings.sessionTimeoutMs,
      heartbeatInterval: settings.heartbeatIntervalMs,
      maxWaitTimeInMs: settings.maxWaitTimeInMs,
      allowAutoTopicCreation: false,
    });
    this.ready = new Promise<void>((resolve, reject) => {
      this.markReady = resolve;
      this.failReady = reject;
    });
    this.ready.catch(() => undefined); // a start-up failure is also reported through start() / onError
    let joined = false;
    this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
      joined = true;
    });
    this.consumer.on(this.consumer.events.FETCH_START, () => {
      if (joined) this.markReady();
    });
    this.consumer.on(this.consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart)
        this.fail(kafkaError(payload.error, `Consumer of group ${options.groupId} crashed`));
    });
  }

  async start(): Promise<void> {
    try {
      await this.consumer.connect();
      await this.consumer.subscribe({ topics: [...this.options.topics], fromBeginning: true });
      await this.consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        eachBatch: (payload) => this.eachBatch(payload),
      });
    } catch (error) {
      const wrapped = kafkaError(error, `Subscribing group ${this.options.groupId} failed`);
      this.failReady(wrapped);
      await this.consumer.disconnect().catch(() => undefined);
      throw wrapped;
    }
  }

  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch } = payload;
    const { topic, partition, messages } = batch;
    const heartbeat = (): Promise<void> => payload.heartbeat();
    for (let from = 0; from < messages.length; from += this.maxBatchSize) {
      if (this.failed || !payload.isRunning() || payload.isStale()) return;
      const chunk = messages.slice(from, from + this.maxBatchSize);
      const last = chunk[chunk.length - 1];
      if (!last) return;
      const beat = setInterval(
        () => void heartbeat().catch(() => undefined),
        this.settings.heartbeatIntervalMs,
      );
      try {
        const records = await Promise.all(
          chunk.map((message) => toLogRecord(this.codec, topic, partition, message)),
        );
        await this.options.handler({ topic, partition, records });
      } catch (error) {
        this.fail(error);
        return;
      } finally {
        clearInterval(beat);
      }
      payload.resolveOffset(last.offset);
      const isBatchEnd = from + this.maxBatchSize >= messages.length;
      const next = (BigInt(isBatchEnd ? batch.lastOffset() : last.offset) + 1n).toString();
      await payload.commitOffsetsIfNecessary({
        topics: [{ topic, partitions: [{ partition, offset: next }] }],
      });
      await heartbeat();
    }
  }

  /** Reports once, stops fetching at once and leaves the group in the background. */
  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.failReady(error);
    try {
      this.consumer.pause(this.options.topics.map((topic) => ({ topic })));
    } catch {
      // not running (a crash before or after the group started): nothing to pause
    }
    try {
      this.options.onError?.(error);
    } catch {
      // the subscription is stopping anyway
    }
    setImmediate(() => void this.stop());
  }

  stop(): Promise<void> {
    this.stopping ??= this.consumer.disconnect().catch(() => undefined);
    return this.stopping;
  }
}
