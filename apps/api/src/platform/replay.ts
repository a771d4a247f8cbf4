import type { EventLog } from '@fleet/event-log';
import type { Doc, ReadStore } from '@fleet/read-store';
import type { Projection } from './contracts.js';
import { decidedEvent } from './event-record.js';
import { EventApplier } from './projector/projector.js';
import {
  CHECKPOINTS,
  NO_CHECKPOINT,
  OUTCOMES,
  writeCheckpoint,
  type Checkpoint,
} from './projector/read-model-docs.js';
import type { Names } from './topics.js';

export interface ReplayOptions {
  readonly log: EventLog;
  readonly store: ReadStore;
  readonly names: Names;
  readonly projections: readonly Projection[];
  /** Called once with the number of events to apply, then after every applied event with the count so far. */
  readonly onStart?: (total: number) => void;
  readonly onProgress?: (applied: number) => void;
}

export interface ReplayResult {
  readonly events: number;
  readonly collections: readonly string[];
  readonly checkpoints: Readonly<Record<number, Checkpoint>>;
}

/** Every collection the projector writes: the projections' read models, command outcomes and checkpoints. */
export function readModelCollections(projections: readonly Projection[]): string[] {
  return [
    ...new Set([...projections.flatMap((projection) => projection.collections), OUTCOMES, CHECKPOINTS]),
  ].sort();
}

/**
 * Drops every read model and rebuilds it from offset 0 of `fleet.events`, so the read models are a pure
 * function of the log. The projector must not run meanwhile; when it starts again it skips what the
 * checkpoints written here already cover.
 */
export async function rebuildReadModels(options: ReplayOptions): Promise<ReplayResult> {
  const { log, store, names, projections } = options;
  const collections = readModelCollections(projections);
  for (const name of collections) await store.dropCollection(name);
  for (const projection of projections) await projection.setup?.(store);
  const ends = await log.endOffsets(names.events);
  options.onStart?.(ends.reduce((sum, { end }) => sum + end, 0));
  const applier = new EventApplier(store, projections);
  const checkpoints: Record<number, Checkpoint> = {};
  let events = 0;
  for await (const record of log.read(names.events)) {
    const before = checkpoints[record.partition] ?? NO_CHECKPOINT;
    checkpoints[record.partition] = await applier.apply([decidedEvent(record)], before);
    events += 1;
    options.onProgress?.(events);
  }
  for (const [partition, checkpoint] of Object.entries(checkpoints)) {
    await writeCheckpoint(store, Number(partition), checkpoint);
  }
  return { events, collections, checkpoints };
}

/** Every document of the given collections, sorted by id (to compare two stores). */
export async function dumpReadModels(
  store: ReadStore,
  collections: readonly string[],
): Promise<Record<string, Doc[]>> {
  const dump: Record<string, Doc[]> = {};
  for (const name of collections) {
    const docs = await store.collection(name).find({}, { sort: { _id: 1 } });
    if (docs.length > 0) dump[name] = docs;
  }
  return dump;
}
