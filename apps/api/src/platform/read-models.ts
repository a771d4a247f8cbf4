import type { EventLog } from '@fleet/event-log';
import { partitionForKey } from '@fleet/event-log';
import type { Collection, Doc, ReadStore } from '@fleet/read-store';
import type { Logger } from 'pino';
import type { CheckpointWaiter } from './consistency/checkpoint-waiter.js';
import type { ReadModels } from './contracts.js';
import { PARTITIONS, type Names } from './topics.js';

export interface ReadModelsOptions {
  readonly log: EventLog;
  readonly store: ReadStore;
  readonly names: Names;
  readonly waiter: CheckpointWaiter;
  readonly timeoutMs: number;
  readonly logger: Logger;
}

/**
 * Read-your-writes: `consistentFor(key)` waits (bounded) until the projector's checkpoint of the key's partition
 * covers the newest command appended to that partition (`endOffsets(fleet.commands)[p] - 1`). Past the bound it
 * answers with the store as it is (a stale read, logged) rather than failing the read.
 */
export function createReadModels(options: ReadModelsOptions): ReadModels {
  const { store } = options;
  return {
    store,
    collection: <T extends Doc>(name: string): Collection<T> => store.collection<T>(name),
    async consistentFor(key) {
      const partition = partitionForKey(key, PARTITIONS);
      const ends = await options.log.endOffsets(options.names.commands);
      const end = ends.find((entry) => entry.partition === partition)?.end ?? 0;
      const caughtUp = await options.waiter.waitFor(partition, end - 1, options.timeoutMs);
      if (!caughtUp) {
        options.logger.warn(
          { key, partition, commandOffset: end - 1 },
          'read-your-writes wait timed out: stale read',
        );
      }
      return store;
    },
  };
}
