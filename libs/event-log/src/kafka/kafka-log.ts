import { Kafka, logLevel, Partitioners, type Admin, type Message, type Producer } from 'kafkajs';
import { ValidationError } from '@fleet/core';
import { FLEET_TOPICS, RegistryCodec, registerAll, type SchemaSet, type TopicMapping } from '@fleet/schemas';
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
import { checkNewRecord, closedLog, recordError } from '../errors.js';
import { isWarmingUp, kafkaError } from './errors.js';
import { toKafkaHeaders } from './headers.js';
import { KafkaAppender } from './appender.js';
import { KafkaTopics } from './topics.js';
import { KafkaSubscription, type ConsumerSettings } from './subscription.js';
import { DEFAULT_READ_STALL_MS, readTopic } from './reader.js';

export interface KafkaEventLogOptions {
  readonly brokers: readonly string[];
  /** Confluent-compatible schema registry, e.g. `http://127.0.0.1:8081/apis/ccompat/v7`. */
  readonly registryUrl: string;
  readonly schemas: SchemaSet;
  readonly clientId: string;
  /** Consumer group session timeout (kafkajs default 30 s; the broker's floor is 6 s by default). */
  readonly sessionTimeoutMs?: number;
  /** About a third of the session timeout. */
  readonly heartbeatIntervalMs?: number;
  /** Schema folder -> topic, registered at start-up (default `commands` -> `fleet.commands`, `events` -> `fleet.events`). */
  readonly topics?: TopicMapping;
  /** Longest time a fetch waits for new records; also bounds how long `stop()` waits (default 500 ms). */
  readonly maxWaitTimeInMs?: number;
  readonly logLevel?: 'nothing' | 'error' | 'warn' | 'info';
  /** kafkajs connection timeout per broker (default 3 s). */
  readonly connectionTimeoutMs?: number;
  /** A `read` waiting this long for its next batch of expected records fails (default 60 s; reader.ts). */
  readonly readStallMs?: number;
}

const LOG_LEVELS = {
  nothing: logLevel.NOTHING,
  error: logLevel.ERROR,
  warn: logLevel.WARN,
  info: logLevel.INFO,
};

class KafkaEventLog implements EventLog {
  private readonly subscriptions = new Set<KafkaSubscription>();
  private readonly appender: KafkaAppender;
  private closed = false;

  constructor(
    private readonly kafka: Kafka,
    private readonly admin: Admin,
    private readonly producer: Producer,
    private readonly codec: RegistryCodec,
    private readonly topics: KafkaTopics,
    private readonly clientId: string,
    private readonly consumerSettings: ConsumerSettings,
    private readonly readStallMs: number,
  ) {
    this.appender = new KafkaAppender(producer);
  }

  private assertOpen(): void {
    if (this.closed) throw closedLog();
  }

  async ensureTopics(specs: readonly TopicSpec[]): Promise<void> {
    this.assertOpen();
    await this.topics.ensure(specs);
  }

  async append(topic: string, records: readonly NewRecord[]): Promise<Position[]> {
    this.assertOpen();
    const partitions = await this.topics.partitionsOf(topic);
    if (records.length === 0) return [];
    records.forEach((record, index) => checkNewRecord(index, record));
    const ids = new Map<string, number>();
    for (const type of new Set(records.map((r) => r.type))) {
      if (!this.codec.schemas.has(type)) {
        const index = records.findIndex((r) => r.type === type);
        throw recordError(index, new ValidationError(`Unknown message type ${type}`, { type }));
      }
      ids.set(type, await this.codec.register(topic, type));
    }
    const messages: Message[] = records.map((record, index) => {
      try {
        return {
          key: record.key,
          value: this.codec.encodeWithId(ids.get(record.type) ?? 0, record.type, record.value),
          partition: partitionForKey(record.key, partitions),
          headers: toKafkaHeaders(record.type, record.headers),
        };
      } catch (error) {
        throw recordError(index, error);
      }
    });
    return this.appender.append(topic, messages);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    if (!options.groupId) throw new ValidationError('groupId is required', { groupId: 'required' });
    if (options.topics.length === 0)
      throw new ValidationError('topics must not be empty', { topics: 'empty' });
    for (const topic of options.topics) await this.topics.partitionsOf(topic);
    const subscription = new KafkaSubscription(this.kafka, this.codec, options, this.consumerSettings);
    await subscription.start();
    this.subscriptions.add(subscription);
    const stop = subscription.stop.bind(subscription);
    return {
      ready: subscription.ready,
      stop: async () => {
        await stop();
        this.subscriptions.delete(subscription);
      },
    };
  }

  async *read(
    topic: string,
    options?: { readonly from?: Readonly<Record<number, number>> },
  ): AsyncIterable<LogRecord> {
    this.assertOpen();
    const offsets = await this.topics.offsets(topic);
    const ranges = new Map(
      offsets.map(({ partition, start, end }) => [
        partition,
        { begin: Math.max(options?.from?.[partition] ?? 0, start), end },
      ]),
    );
    yield* readTopic(this.kafka, this.admin, this.codec, this.clientId, topic, ranges, this.readStallMs);
  }

  endOffsets(topic: string): Promise<PartitionOffsets[]> {
    return this.topics.endOffsets(topic);
  }

  listTopics(): Promise<{ name: string; partitions: number }[]> {
    return this.topics.listWithPartitions();
  }

  committed(groupId: string, topic: string): Promise<Record<number, number>> {
    return this.topics.committed(groupId, topic);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.appender.drain();
    await Promise.all(
      [this.producer.disconnect(), this.admin.disconnect()].map((p) => p.catch(() => undefined)),
    );
  }
}

/**
 * Connects to Kafka and the schema registry and registers the schemas (BACKWARD_TRANSITIVE). Appends go through
 * an idempotent producer (acks all, one request in flight), keyed with `partitionForKey`, values in the
 * Confluent wire format with the `type` also in a header.
 */
export async function createKafkaEventLog(options: KafkaEventLogOptions): Promise<EventLog> {
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    logLevel: LOG_LEVELS[options.logLevel ?? 'warn'],
    connectionTimeout: options.connectionTimeoutMs ?? 3000,
    retry: { initialRetryTime: 200 }, // no client-wide `retries`: idempotent producers need the defaults
  });
  const codec = new RegistryCodec(options.schemas, {
    registryUrl: options.registryUrl,
    clientId: options.clientId,
  });
  await registerAll(
    options.schemas,
    { registryUrl: options.registryUrl, topics: options.topics ?? FLEET_TOPICS },
    codec,
  );
  const admin = kafka.admin();
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    allowAutoTopicCreation: false,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  // A broker that has just started may answer "coordinator loading" to the idempotent producer's first
  // request for longer than kafkajs retries: keep trying for up to 30 s then, and only then.
  const warmUpUntil = Date.now() + 30_000;
  for (;;) {
    try {
      await admin.connect();
      await producer.connect();
      break;
    } catch (error) {
      await Promise.all([admin.disconnect(), producer.disconnect()].map((p) => p.catch(() => undefined)));
      if (isWarmingUp(error) && Date.now() < warmUpUntil) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      throw kafkaError(error, `Kafka at ${options.brokers.join(',')} is unreachable`);
    }
  }
  const sessionTimeoutMs = options.sessionTimeoutMs ?? 30_000;
  const settings: ConsumerSettings = {
    sessionTimeoutMs,
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? Math.max(100, Math.floor(sessionTimeoutMs / 10)),
    maxWaitTimeInMs: options.maxWaitTimeInMs ?? 500,
  };
  return new KafkaEventLog(
    kafka,
    admin,
    producer,
    codec,
    new KafkaTopics(admin),
    options.clientId,
    settings,
    options.readStallMs ?? DEFAULT_READ_STALL_MS,
  );
}
