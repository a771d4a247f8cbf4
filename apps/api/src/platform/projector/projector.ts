import type { EventLog, RecordBatch } from '@fleet/event-log';
import type { GuardedWrite, ReadStore } from '@fleet/read-store';
import type { Logger } from 'pino';
import type { Projection } from '../contracts.js';
import { completesDecision, decidedEvent, type DecidedEvent } from '../event-record.js';
import { COMMAND_REJECTED, type CommandRejectedData } from '../rejection.js';
import type { Running, Runnable } from '../supervisor.js';
import type { Names } from '../topics.js';
import { OUTCOMES, readCheckpoint, writeCheckpoint, type Checkpoint } from './read-model-docs.js';

/** Told when a partition's checkpoint advanced (wakes read-your-writes waits in this process). */
export type CheckpointListener = (partition: number, checkpoint: Checkpoint) => void;

export interface ProjectorOptions {
  readonly log: EventLog;
  readonly store: ReadStore;
  readonly names: Names;
  readonly projections: readonly Projection[];
  readonly logger: Logger;
  readonly batchSize: number;
  readonly onCheckpoint?: CheckpointListener;
}

/**
 * Applies events to read models. Events already covered by the partition's checkpoint are skipped; the others
 * go through idempotent (position-guarded) writes, so a batch redelivered after a crash changes nothing twice.
 */
export class EventApplier {
  private readonly byType = new Map<string, Projection[]>();

  constructor(
    private readonly store: ReadStore,
    projections: readonly Projection[],
  ) {
    for (const projection of projections) {
      for (const type of projection.eventTypes)
        this.byType.set(type, [...(this.byType.get(type) ?? []), projection]);
    }
  }

  /**
   * Applies `events` (one partition, in order) from `checkpoint`; returns the new checkpoint. The command
   * outcomes of the batch are written together at its end (before the caller writes the checkpoint).
   */
  async apply(events: Iterable<DecidedEvent>, checkpoint: Checkpoint): Promise<Checkpoint> {
    let { offset, commandOffset } = checkpoint;
    const outcomes: GuardedWrite[] = [];
    for (const stored of events) {
      if (stored.offset <= offset) continue;
      for (const projection of this.byType.get(stored.event.type) ?? [])
        await projection.project(stored, this.store);
      if (completesDecision(stored)) {
        outcomes.push(outcomeWrite(stored));
        commandOffset = Math.max(commandOffset, stored.commandOffset);
      }
      offset = stored.offset;
    }
    if (outcomes.length > 0) await this.store.collection(OUTCOMES).applyAllAt(outcomes);
    return { offset, commandOffset };
  }
}

/** The guarded write of `command_outcomes/<command-id>`, from the last event of its decision. */
function outcomeWrite(stored: DecidedEvent): GuardedWrite {
  const rejected =
    stored.event.type === COMMAND_REJECTED ? (stored.event.data as CommandRejectedData) : undefined;
  return {
    id: stored.commandId,
    position: stored.offset,
    set: {
      status: rejected ? 'rejected' : 'accepted',
      code: rejected?.reason_code ?? null,
      message: rejected?.message ?? null,
      errors: rejected?.errors_json ?? null,
      commandPartition: stored.commandPartition,
      commandOffset: stored.commandOffset,
      events: stored.count,
      occurredAt: stored.occurredAt,
    },
  };
}

/** The projector (consumer group `fleet-projections`): runs every projection, then writes the checkpoint. */
export class Projector implements Runnable {
  readonly name = 'projector';
  private readonly applier: EventApplier;

  constructor(private readonly options: ProjectorOptions) {
    this.applier = new EventApplier(options.store, options.projections);
  }

  async start(fail: (error: unknown) => void): Promise<Running> {
    const { log, names, store } = this.options;
    for (const projection of this.options.projections) await projection.setup?.(store);
    const subscription = await log.subscribe({
      groupId: names.projectorGroup,
      topics: [names.events],
      maxBatchSize: this.options.batchSize,
      handler: (batch) => this.handle(batch),
      onError: fail,
    });
    await subscription.ready;
    return subscription;
  }

  private async handle(batch: RecordBatch): Promise<void> {
    const { store } = this.options;
    const before = await readCheckpoint(store, batch.partition);
    const after = await this.applier.apply(batch.records.map(decidedEvent), before);
    if (after.offset === before.offset) return;
    await writeCheckpoint(store, batch.partition, after);
    this.options.onCheckpoint?.(batch.partition, after);
  }
}
