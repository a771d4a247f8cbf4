import type { Admin, ITopicMetadata } from 'kafkajs';
import type { PartitionOffsets, TopicSpec } from '../port.js';
import { checkTopicSpec, partitionMismatch } from '../topic-spec.js';
import { unknownTopic } from '../errors.js';
import { kafkaError, leaderless, retryWhileWarmingUp } from './errors.js';

/** Topic creation and metadata through the admin client, with the partition counts cached. */
export class KafkaTopics {
  private readonly partitions = new Map<string, number>();

  constructor(
    private readonly admin: Admin,
    private readonly leaderWaitMs = 30_000,
  ) {}

  async ensure(specs: readonly TopicSpec[]): Promise<void> {
    specs.forEach(checkTopicSpec);
    try {
      const existing = new Set(await this.admin.listTopics());
      const missing = specs.filter((spec) => !existing.has(spec.name));
      if (missing.length > 0) {
        await this.admin.createTopics({
          waitForLeaders: true,
          topics: missing.map((spec) => ({
            topic: spec.name,
            numPartitions: spec.partitions,
            replicationFactor: -1,
            configEntries: [{ name: 'retention.ms', value: String(spec.retentionMs) }],
          })),
        });
      }
    } catch (error) {
      if ((error as { type?: string }).type !== 'TOPIC_ALREADY_EXISTS') {
        throw kafkaError(error, `Creating topics ${specs.map((s) => s.name).join(', ')} failed`);
      }
    }
    // kafkajs waits for leaders only when its own request created every topic: a process that lost the
    // creation race to another one (processes starting together) gets "already exists" at once, while the
    // partitions may still have no leader, and reading offsets or producing then fails.
    const counts = await this.waitForLeaders(specs.map((spec) => spec.name));
    for (const spec of specs) {
      const count = counts.get(spec.name);
      if (count !== spec.partitions) throw partitionMismatch(spec.name, count ?? 0, spec.partitions);
    }
  }

  /**
   * Partition counts once every partition of the topics has a leader that answers ListOffsets. kafkajs
   * waits for leaders in the metadata only, and the metadata may name a leader before that broker serves the
   * partition ("not the leader" for a moment). Warming-up answers are retried every 100 ms for up to
   * `leaderWaitMs`.
   */
  private async waitForLeaders(topics: readonly string[]): Promise<Map<string, number>> {
    return retryWhileWarmingUp(async () => {
      const out = new Map<string, number>();
      for (const { name, partitions } of await this.fetchMetadata(topics)) {
        if (partitions.length === 0 || partitions.some((p) => p.leader < 0)) throw leaderless(name);
        await this.admin.fetchTopicOffsets(name);
        out.set(name, partitions.length);
      }
      return out;
    }, this.leaderWaitMs).catch((error: unknown) => {
      throw kafkaError(error, `Waiting for the leaders of ${topics.join(', ')} failed`);
    });
  }

  /** Partition count of an existing topic (NotFoundError otherwise). */
  async partitionsOf(topic: string): Promise<number> {
    const cached = this.partitions.get(topic);
    if (cached !== undefined) return cached;
    const count = (await this.fetchCounts([topic])).get(topic);
    if (count === undefined) throw unknownTopic(topic);
    return count;
  }

  private async fetchCounts(topics: readonly string[]): Promise<Map<string, number>> {
    const metadata = await this.fetchMetadata(topics);
    return new Map(metadata.map(({ name, partitions }) => [name, partitions.length]));
  }

  /** Metadata of those of the topics that exist, their partition counts cached. */
  private async fetchMetadata(topics: readonly string[]): Promise<ITopicMetadata[]> {
    const present = new Set(await this.list());
    const wanted = topics.filter((topic) => present.has(topic));
    if (wanted.length === 0) return [];
    try {
      const { topics: metadata } = await this.admin.fetchTopicMetadata({ topics: wanted });
      for (const { name, partitions } of metadata) this.partitions.set(name, partitions.length);
      return metadata;
    } catch (error) {
      throw kafkaError(error, `Reading metadata of ${wanted.join(', ')} failed`);
    }
  }

  /** User topics (internal `__*` topics left out). */
  async list(): Promise<string[]> {
    try {
      return (await this.admin.listTopics()).filter((name) => !name.startsWith('__')).sort();
    } catch (error) {
      throw kafkaError(error, 'Listing topics failed');
    }
  }

  async listWithPartitions(): Promise<{ name: string; partitions: number }[]> {
    const names = await this.list();
    const counts = await this.fetchCounts(names);
    return names.map((name) => ({ name, partitions: counts.get(name) ?? 0 }));
  }

  /** Log start (`low`) and end (`high`) offsets per partition. */
  async offsets(topic: string): Promise<{ partition: number; start: number; end: number }[]> {
    await this.partitionsOf(topic);
    try {
      // A leader moving (a broker restarting) answers "not the leader" for a moment.
      const offsets = await retryWhileWarmingUp(() => this.admin.fetchTopicOffsets(topic), 5000);
      return offsets
        .map((o) => ({ partition: o.partition, start: Number(o.low), end: Number(o.high) }))
        .sort((a, b) => a.partition - b.partition);
    } catch (error) {
      throw kafkaError(error, `Reading offsets of ${topic} failed`);
    }
  }

  async endOffsets(topic: string): Promise<PartitionOffsets[]> {
    return (await this.offsets(topic)).map(({ partition, end }) => ({ partition, end }));
  }

  async committed(groupId: string, topic: string): Promise<Record<number, number>> {
    try {
      const [entry] = await this.admin.fetchOffsets({ groupId, topics: [topic] });
      const out: Record<number, number> = {};
      for (const { partition, offset } of entry?.partitions ?? []) {
        const value = Number(offset);
        if (value >= 0) out[partition] = value;
      }
      return out;
    } catch (error) {
      if ((error as { type?: string }).type === 'UNKNOWN_TOPIC_OR_PARTITION') return {};
      throw kafkaError(error, `Reading committed offsets of ${groupId} on ${topic} failed`);
    }
  }
}
