import type { LogRecord, RecordBatch, SubscribeOptions, Subscription } from '../port.js';
import { DEFAULT_MAX_BATCH } from '../defaults.js';

/** What a group runner needs from the log. */
export interface GroupHost {
  partitionsOf(topic: string): number;
  /** First offset still stored and next offset to be written. */
  boundsOf(topic: string, partition: number): { start: number; end: number };
  committedOf(group: string, topic: string, partition: number): number | undefined;
  fetch(topic: string, partition: number, from: number, limit: number): Promise<LogRecord[]>;
  /** Durably stores `next` as the group's position. */
  commit(group: string, topic: string, partition: number, next: number): Promise<void>;
}

interface Member {
  readonly topics: readonly string[];
  readonly handler: (batch: RecordBatch) => Promise<void>;
  readonly onError: ((error: unknown) => void) | undefined;
  readonly maxBatchSize: number;
  active: boolean;
}

interface Work {
  readonly topic: string;
  readonly partition: number;
  readonly from: number;
  readonly owner: Member;
}

/**
 * One consumer group of the embedded log. Members split each topic's partitions (partition p of a topic goes to
 * the (p mod n)-th member subscribed to it, in join order); batches of a group are delivered one at a time,
 * so a change of members never lets two members hold a partition at once. After a handler resolves, the
 * group's position is stored durably; a handler that throws removes its member (reported through onError)
 * without committing, so the batch goes to whoever owns the partition next.
 */
export class GroupRunner {
  private readonly members: Member[] = [];
  private cursor = 0;
  private pendingWake = false;
  private wakeup: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private inflight: { readonly member: Member; readonly done: Promise<void> } | undefined;

  constructor(
    readonly groupId: string,
    private readonly host: GroupHost,
  ) {}

  get size(): number {
    return this.members.length;
  }

  join(options: SubscribeOptions): Subscription {
    const member: Member = {
      topics: [...new Set(options.topics)].sort(),
      handler: options.handler,
      onError: options.onError,
      maxBatchSize: Math.max(1, options.maxBatchSize ?? DEFAULT_MAX_BATCH),
      active: true,
    };
    this.members.push(member);
    this.wake();
    this.running ??= this.run();
    return { ready: Promise.resolve(), stop: () => this.leave(member) };
  }

  /** New records may be there: deliver them now. */
  wake(): void {
    this.pendingWake = true;
    this.wakeup?.();
  }

  /** Removes every member, waiting for the batch in flight. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.members].map((member) => this.leave(member)));
    await this.running;
  }

  private async leave(member: Member): Promise<void> {
    this.remove(member);
    if (this.inflight?.member === member) await this.inflight.done;
  }

  private remove(member: Member): void {
    member.active = false;
    const index = this.members.indexOf(member);
    if (index >= 0) this.members.splice(index, 1);
    this.wake();
  }

  private fail(member: Member, error: unknown): void {
    if (!member.active) return;
    this.remove(member);
    try {
      member.onError?.(error);
    } catch {
      // an onError that throws must not stop the group
    }
  }

  private async run(): Promise<void> {
    while (this.members.length > 0) {
      this.pendingWake = false;
      const work = this.nextWork();
      if (work) {
        await this.deliver(work);
        continue;
      }
      await new Promise<void>((resolve) => {
        if (this.pendingWake) resolve();
        else this.wakeup = resolve;
      });
      this.wakeup = undefined;
    }
    this.running = undefined;
  }

  private nextWork(): Work | undefined {
    const slots: { topic: string; partition: number; owners: Member[] }[] = [];
    const topics = [...new Set(this.members.flatMap((m) => m.topics))].sort();
    for (const topic of topics) {
      const owners = this.members.filter((m) => m.topics.includes(topic));
      const count = this.host.partitionsOf(topic);
      for (let partition = 0; partition < count; partition++) slots.push({ topic, partition, owners });
    }
    for (let i = 0; i < slots.length; i++) {
      const index = (this.cursor + i) % slots.length;
      const slot = slots[index];
      if (!slot) continue;
      const { start, end } = this.host.boundsOf(slot.topic, slot.partition);
      const from = Math.max(this.host.committedOf(this.groupId, slot.topic, slot.partition) ?? 0, start);
      const owner = slot.owners[slot.partition % slot.owners.length];
      if (from < end && owner) {
        this.cursor = index + 1;
        return { topic: slot.topic, partition: slot.partition, from, owner };
      }
    }
    return undefined;
  }

  private async deliver({ topic, partition, from, owner }: Work): Promise<void> {
    let finish = (): void => undefined;
    this.inflight = { member: owner, done: new Promise<void>((resolve) => (finish = resolve)) };
    try {
      const records = await this.host.fetch(topic, partition, from, owner.maxBatchSize);
      const last = records[records.length - 1];
      if (!last) throw new Error(`no record at ${topic}/${partition}@${from} below the end offset`);
      await owner.handler({ topic, partition, records });
      await this.host.commit(this.groupId, topic, partition, last.offset + 1);
    } catch (error) {
      this.fail(owner, error);
    } finally {
      this.inflight = undefined;
      finish();
    }
  }
}
