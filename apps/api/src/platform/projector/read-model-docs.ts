import type { Doc, ReadStore } from '@fleet/read-store';

/** Platform read models: projector checkpoints and command outcomes (rebuilt by `replay` like the others). */
export const CHECKPOINTS = '_checkpoints';
export const OUTCOMES = 'command_outcomes';

/** `_checkpoints/events:<partition>`: how far the projector applied that events partition. */
export interface CheckpointDoc extends Doc {
  readonly partition: number;
  /** Offset of the last applied event (-1: none). */
  readonly offset: number;
  /** Highest command offset (same partition number in `fleet.commands`) whose events are all applied. */
  readonly commandOffset: number;
}

export interface Checkpoint {
  readonly offset: number;
  readonly commandOffset: number;
}

export const NO_CHECKPOINT: Checkpoint = { offset: -1, commandOffset: -1 };

export const checkpointId = (partition: number): string => `events:${partition}`;

export async function readCheckpoint(store: ReadStore, partition: number): Promise<Checkpoint> {
  const doc = await store.collection<CheckpointDoc>(CHECKPOINTS).get(checkpointId(partition));
  return doc ? { offset: doc.offset, commandOffset: doc.commandOffset } : NO_CHECKPOINT;
}

export async function writeCheckpoint(
  store: ReadStore,
  partition: number,
  checkpoint: Checkpoint,
): Promise<void> {
  await store
    .collection<CheckpointDoc>(CHECKPOINTS)
    .put({ _id: checkpointId(partition), partition, ...checkpoint });
}

/** `command_outcomes/<command-id>`: how the processor decided a command (written once all its events applied). */
export interface OutcomeDoc extends Doc {
  readonly status: 'accepted' | 'rejected';
  readonly code: string | null;
  readonly message: string | null;
  readonly errors: string | null;
  readonly commandPartition: number;
  readonly commandOffset: number;
  readonly events: number;
  readonly occurredAt: string;
}
