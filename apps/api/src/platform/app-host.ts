import type { EventLog } from '@fleet/event-log';
import type { ReadStore } from '@fleet/read-store';
import type { SchemaSet } from '@fleet/schemas';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { CommandBus, ReadModels } from './contracts.js';
import type { Runnable, Supervisor } from './supervisor.js';
import type { Names } from './topics.js';

/**
 * What the platform hands to an app module (the optimizer pool, the notifier): the same log, store, command bus
 * and read models as the API, in this process.
 */
export interface AppHost {
  readonly config: Config;
  readonly logger: Logger;
  readonly log: EventLog;
  readonly store: ReadStore;
  readonly schemas: SchemaSet;
  readonly names: Names;
  readonly commands: CommandBus;
  readonly readModels: ReadModels;
  /** Runs a long-running part (a consumer) restarted with backoff when it fails; stopped with the host. */
  supervise(runnable: Runnable): Supervisor;
}

export interface RunningApp {
  stop(): Promise<void>;
}

/** An app (`apps/optimizer`, `apps/notifier`) as the platform runs it: in the service's process or on its own. */
export interface AppModule {
  readonly name: string;
  start(host: AppHost): Promise<RunningApp>;
}
