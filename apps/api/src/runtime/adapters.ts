import { join } from 'node:path';
import { ConflictError } from '@fleet/core';
import { createEmbeddedEventLog, createKafkaEventLog, type EventLog } from '@fleet/event-log';
import { createEmbeddedReadStore, createMongoReadStore, type ReadStore } from '@fleet/read-store';
import type { SchemaSet } from '@fleet/schemas';
import type { Config } from '../config.js';
import { namesFor } from '../platform/topics.js';

export interface Adapters {
  readonly log: EventLog;
  readonly store: ReadStore;
  close(): Promise<void>;
}

/** The embedded log is one LevelDB directory: only one process may open it at a time. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    options?: { cause?: unknown },
  ) {
    super(
      `The embedded data dir ${dataDir} is in use by another fleet process (the service, or a CLI command). ` +
        'Stop that process first; while the service runs, manage users through its admin API.',
      options,
    );
    this.name = 'DataDirBusyError';
  }
}

/** Opens the event log and the read store of the configured runtime. */
export async function openAdapters(config: Config, schemas: SchemaSet): Promise<Adapters> {
  const runtime = config.runtime;
  const names = namesFor(config.topicPrefix);
  let log: EventLog;
  let store: ReadStore;
  if (runtime.kind === 'embedded') {
    try {
      log = await createEmbeddedEventLog({ dir: join(runtime.dataDir, 'log'), schemas });
    } catch (error) {
      if (error instanceof ConflictError) throw new DataDirBusyError(runtime.dataDir, { cause: error });
      throw error;
    }
    // Read models are rebuilt from the log: a commit need not wait for its fsync (a process crash keeps it; a
    // power cut may lose the last commits, checkpoints included, and the projector then re-applies them).
    store = await createEmbeddedReadStore({
      dir: join(runtime.dataDir, 'store'),
      flushEachCommit: false,
    }).catch(async (error: unknown) => {
      await log.close();
      throw error;
    });
  } else {
    log = await createKafkaEventLog({
      brokers: [...runtime.brokers],
      registryUrl: runtime.registryUrl,
      schemas,
      clientId: config.kafka.clientId,
      sessionTimeoutMs: config.kafka.sessionTimeoutMs,
      heartbeatIntervalMs: Math.max(100, Math.floor(config.kafka.sessionTimeoutMs / 3)),
      // Schemas are registered at start-up under the subjects of the (prefixed) topic names.
      topics: { commands: names.commands, events: names.events },
      logLevel: 'error',
    });
    store = await createMongoReadStore({ url: runtime.mongoUrl, dbName: databaseOf(runtime.mongoUrl) }).catch(
      async (error: unknown) => {
        await log.close();
        throw error;
      },
    );
  }
  return {
    log,
    store,
    async close() {
      await Promise.allSettled([log.close(), store.close()]);
    },
  };
}

/** The database named in a MongoDB URL's path (`mongodb://h1,h2/db?x=y` -> `db`), else `fleet`. */
export function databaseOf(url: string): string {
  const afterHosts = url.replace(/^[a-z+]+:\/\/[^/]*/i, '');
  const name = afterHosts.replace(/^\//, '').split('?')[0] ?? '';
  return name === '' ? 'fleet' : decodeURIComponent(name);
}
