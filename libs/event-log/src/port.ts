/**
 * The event-log port. Two adapters implement it (embedded on disk, Kafka + schema registry) and both pass
 * the one contract suite in `contract.ts`.
 *
 * Semantics (Kafka's, which the embedded adapter reproduces):
 * - A topic has a fixed number of partitions. A record's partition is chosen from its key with
 *   `partitionForKey` (murmur2, as Kafka's default partitioner), so one key's records are totally ordered.
 * - `append` resolves only once every record is durable (acknowledged); it returns each record's position.
 * - Offsets are per partition, start at 0 and grow by one per record (no gaps in the embedded adapter; Kafka may
 *   have gaps with transactions, so consumers must never assume offset+1).
 * - A consumer group has committed positions per (topic, partition). `subscribe` delivers records from the
 *   committed position (or the start, for a new group), calls the handler with batches of records of ONE
 *   partition in offset order, and commits after the handler resolves. A handler that throws stops that
 *   subscription (it reports through `onError`) without committing, so the batch is redelivered on restart:
 *   delivery is at-least-once; idempotent handlers make it effectively once.
 * - Values are plain JSON-compatible objects whose shape is given by the Avro schema named by `type`
 *   (schemas/*.avsc). Adapters validate (and Kafka encodes) them with that schema.
 */
export interface TopicSpec {
  readonly name: string;
  readonly partitions: number;
  /** `-1` keeps records forever (event topics). */
  readonly retentionMs: number;
}

export interface NewRecord {
  /** Partitioning key (a depot id, `global`, `users`...). */
  readonly key: string;
  /** Fully-qualified Avro record name of the value, e.g. `fleet.events.DepotParametersSet`. */
  readonly type: string;
  readonly value: Readonly<Record<string, unknown>>;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Position {
  readonly topic: string;
  readonly partition: number;
  /** Kafka offsets are int64; they are carried as JS numbers (safe below 2^53). */
  readonly offset: number;
}

export interface LogRecord extends Position {
  readonly key: string;
  readonly type: string;
  readonly value: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;
  /** Append time, ms since epoch. */
  readonly timestamp: number;
}

export interface RecordBatch {
  readonly topic: string;
  readonly partition: number;
  readonly records: readonly LogRecord[];
}

export interface SubscribeOptions {
  readonly groupId: string;
  readonly topics: readonly string[];
  readonly handler: (batch: RecordBatch) => Promise<void>;
  /** Called once when the subscription stops because of an error (handler throw, broker crash...). */
  readonly onError?: (error: unknown) => void;
  /** Upper bound on records per handler call. */
  readonly maxBatchSize?: number;
}

export interface Subscription {
  /** Stops delivering; resolves after the in-flight batch finished and was committed. */
  stop(): Promise<void>;
  /** Resolves once the group has been assigned partitions and started fetching. */
  readonly ready: Promise<void>;
}

export interface PartitionOffsets {
  readonly partition: number;
  /** Offset the next appended record will get (Kafka's "high watermark" / log end offset). */
  readonly end: number;
}

export interface EventLog {
  /** Creates missing topics; checks existing ones have the requested partition count. Idempotent. */
  ensureTopics(specs: readonly TopicSpec[]): Promise<void>;
  /** Appends records to one topic; resolves once they are durable, in input order. */
  append(topic: string, records: readonly NewRecord[]): Promise<Position[]>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Reads a topic's partitions from the start (or `from`) up to the end offsets seen when called. */
  read(
    topic: string,
    options?: { readonly from?: Readonly<Record<number, number>> },
  ): AsyncIterable<LogRecord>;
  endOffsets(topic: string): Promise<PartitionOffsets[]>;
  listTopics(): Promise<{ name: string; partitions: number }[]>;
  /** Committed positions of a group (the offset of the next record to deliver), per partition. */
  committed(groupId: string, topic: string): Promise<Record<number, number>>;
  close(): Promise<void>;
}
