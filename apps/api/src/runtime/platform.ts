import { randomUUID } from 'node:crypto';
import { systemClock, type Clock, type IdGenerator } from '@fleet/core';
import type { EventLog } from '@fleet/event-log';
import type { ReadStore } from '@fleet/read-store';
import type { SchemaSet } from '@fleet/schemas';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { AggregateRegistry, projectionsOf } from '../platform/aggregate-registry.js';
import { createCommandBus } from '../platform/command-bus.js';
import { CheckpointWaiter } from '../platform/consistency/checkpoint-waiter.js';
import type { CommandBus, FeatureModule, Projection, ReadModels } from '../platform/contracts.js';
import { CommandProcessor } from '../platform/processor/processor.js';
import { Projector } from '../platform/projector/projector.js';
import { createReadModels } from '../platform/read-models.js';
import { Supervisor } from '../platform/supervisor.js';
import { namesFor, topicSpecs, type Names } from '../platform/topics.js';

export interface PlatformDeps {
  readonly config: Config;
  readonly log: EventLog;
  readonly store: ReadStore;
  readonly schemas: SchemaSet;
  readonly features: readonly FeatureModule[];
  readonly logger: Logger;
  readonly clock?: Clock;
  readonly newId?: IdGenerator;
}

/** The command side and the query side of the service, wired on one log and one store; nothing started yet. */
export interface Platform {
  readonly names: Names;
  readonly projections: readonly Projection[];
  readonly commands: CommandBus;
  readonly readModels: ReadModels;
  readonly processor: Supervisor;
  readonly projector: Supervisor;
  /** Creates the topics if missing (the Kafka adapter also registers the Avro schemas). */
  ensureTopics(): Promise<void>;
}

export function createPlatform(deps: PlatformDeps): Platform {
  const { config, log, store, logger } = deps;
  const names = namesFor(config.topicPrefix);
  const registry = AggregateRegistry.of(deps.features);
  const projections = projectionsOf(deps.features);
  // The embedded runtime's projector always runs in this process and wakes waiters itself; polling is a backstop.
  const pollMs = config.runtime.kind === 'embedded' ? 250 : 20;
  const waiter = new CheckpointWaiter({ store, pollMs });
  const timeoutMs = config.consistencyTimeoutMs;
  return {
    names,
    projections,
    commands: createCommandBus({
      log,
      store,
      names,
      waiter,
      clock: deps.clock ?? systemClock,
      newId: deps.newId ?? randomUUID,
      timeoutMs,
    }),
    readModels: createReadModels({ log, store, names, waiter, timeoutMs, logger }),
    processor: new Supervisor(
      new CommandProcessor({
        log,
        names,
        registry,
        schemas: deps.schemas,
        logger: logger.child({ part: 'processor' }),
        batchSize: config.batchSize,
      }),
      logger,
    ),
    projector: new Supervisor(
      new Projector({
        log,
        store,
        names,
        projections,
        logger: logger.child({ part: 'projector' }),
        batchSize: config.batchSize,
        onCheckpoint: (partition, checkpoint) => waiter.advanced(partition, checkpoint),
      }),
      logger,
    ),
    ensureTopics: () => log.ensureTopics(topicSpecs(names)),
  };
}
