import { systemClock } from '@fleet/core';
import type { EventLog } from '@fleet/event-log';
import type { ReadStore } from '@fleet/read-store';
import { loadSchemaSet } from '@fleet/schemas';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { Config, Role } from '../config.js';
import { resolveJwtSecret } from '../config-jwt-secret.js';
import type { AppHost, AppModule, RunningApp } from '../platform/app-host.js';
import type { FeatureContext, FeatureModule } from '../platform/contracts.js';
import { Supervisor, type Runnable } from '../platform/supervisor.js';
import { openAdapters, type Adapters } from './adapters.js';
import { startAdminBootstrap } from './admin-bootstrap.js';
import { listen, probesApp } from './http-server.js';
import { createLogger } from './logger.js';
import { createPlatform, type Platform } from './platform.js';
import { createReadiness, type ReadinessReport } from './readiness.js';

export interface ApiDeps {
  readonly config: Config;
  readonly features: readonly FeatureModule[];
  readonly context: FeatureContext;
  readonly jwtSecret: string;
  /** For the API's `/readyz`. */
  readonly ready: () => Promise<boolean>;
  readonly logger: Logger;
}

/** What the service is made of; `composition.ts` gives the real one, tests may give others. */
export interface Composition {
  readonly features: readonly FeatureModule[];
  /** Builds the HTTP API (role `api`). */
  readonly createApi: (deps: ApiDeps) => Express;
  /** Creates the configured admin when no user has its e-mail (role `api`). */
  readonly bootstrapAdmin: (platform: Platform, config: Config, logger: Logger) => Promise<void>;
  /** App modules by role (`optimizer`, `notifier`), loaded on demand. */
  readonly apps: Readonly<Partial<Record<Role, () => Promise<AppModule>>>>;
}

export interface ServiceOptions {
  readonly config: Config;
  readonly roles: readonly Role[];
  readonly composition: Composition;
  readonly logger?: Logger;
}

export interface RunningService {
  readonly port: number;
  readonly url: string;
  readonly platform: Platform;
  readonly log: EventLog;
  readonly store: ReadStore;
  readiness(): Promise<ReadinessReport>;
  /** Graceful stop: HTTP first (in-flight requests end), then apps, processor and projector, then the adapters. */
  close(): Promise<void>;
}

/**
 * Starts the parts of the service named by `roles` on the configured runtime: opens the log and the store,
 * ensures the topics (and, on Kafka, registers the schemas), starts the processor and the projector, the app
 * modules, and the HTTP server with its probes. The admin is bootstrapped once the command side runs.
 */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const { config, roles, composition } = options;
  const logger = options.logger ?? createLogger(config);
  const has = (role: Role): boolean => roles.includes(role);
  const schemas = loadSchemaSet();
  const adapters = await openAdapters(config, schemas);
  const stops: (() => Promise<void>)[] = [() => adapters.close()];
  const stopAll = async (): Promise<void> => {
    for (const stop of stops.splice(0).reverse()) {
      await stop().catch((error: unknown) => logger.error({ err: error }, 'error while stopping'));
    }
  };
  try {
    const platform = createPlatform({ config, ...adapters, schemas, features: composition.features, logger });
    await platform.ensureTopics();
    logger.info({ runtime: config.runtime.kind, roles, topics: platform.names }, 'starting');
    for (const part of [has('processor') && platform.processor, has('projector') && platform.projector]) {
      if (!part) continue;
      stops.push(() => part.stop());
      await part.start();
    }
    for (const role of roles) {
      const load = composition.apps[role];
      if (!load) continue;
      const running = await startApp(await load(), { config, logger, adapters, platform, schemas, stops });
      stops.push(() => running.stop());
    }
    const readiness = createReadiness({
      ...adapters,
      names: platform.names,
      parts: {
        processor: has('processor') ? platform.processor : undefined,
        projector: has('projector') ? platform.projector : undefined,
      },
    });
    let app: Express;
    if (has('api')) {
      const { secret, source } = resolveJwtSecret(config);
      if (source === 'generated') logger.warn(`generated a token secret into ${config.dataDir}/jwt-secret`);
      if (source !== 'env' && config.runtime.kind === 'distributed') {
        logger.warn(
          'FLEET_JWT_SECRET is unset: every API instance must share one secret to accept the same tokens',
        );
      }
      const context: FeatureContext = {
        commands: platform.commands,
        readModels: platform.readModels,
        now: systemClock,
      };
      app = composition.createApi({
        config,
        features: composition.features,
        context,
        jwtSecret: secret,
        ready: async () => (await readiness()).ready,
        logger,
      });
      const bootstrap = await startAdminBootstrap(
        () => composition.bootstrapAdmin(platform, config, logger),
        logger,
      );
      stops.push(() => bootstrap.stop());
    } else {
      app = probesApp(readiness);
    }
    const http = await listen(app, config.port, config.host);
    stops.push(() => http.close(5000));
    const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${http.port}`;
    logger.info({ url, runtime: config.runtime.kind, roles }, 'fleet service listening');
    return {
      port: http.port,
      url,
      platform,
      log: adapters.log,
      store: adapters.store,
      readiness,
      close: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

interface AppStartDeps {
  readonly config: Config;
  readonly logger: Logger;
  readonly adapters: Adapters;
  readonly platform: Platform;
  readonly schemas: ReturnType<typeof loadSchemaSet>;
  readonly stops: (() => Promise<void>)[];
}

async function startApp(app: AppModule, deps: AppStartDeps): Promise<RunningApp> {
  const logger = deps.logger.child({ app: app.name });
  const host: AppHost = {
    config: deps.config,
    logger,
    log: deps.adapters.log,
    store: deps.adapters.store,
    schemas: deps.schemas,
    names: deps.platform.names,
    commands: deps.platform.commands,
    readModels: deps.platform.readModels,
    supervise(runnable: Runnable) {
      const supervisor = new Supervisor(runnable, logger);
      deps.stops.push(() => supervisor.stop());
      return supervisor;
    },
  };
  const running = await app.start(host);
  logger.info(`${app.name} started`);
  return running;
}
