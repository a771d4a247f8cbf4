import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config, type Role } from '../config.js';
import { DataDirBusyError } from './adapters.js';
import type { Composition, RunningService } from './service.js';
import { startService } from './service.js';
import { createLogger } from './logger.js';

export interface MainOptions {
  /** Name in logs and messages (`npm start`, `start:api`...). */
  readonly name: string;
  /** Roles when FLEET_ROLES is unset. */
  readonly defaultRoles: readonly Role[];
  /** Per-app entry points run one app of the distributed runtime. */
  readonly requireDistributed: boolean;
  readonly composition: () => Promise<Composition>;
}

const STOP_BOUND_MS = 20_000;

/** Reads the configuration, or prints what is wrong with it and exits 1. */
export function configOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Entry point of a service process: config, start, graceful stop on SIGTERM / SIGINT. */
export async function runMain(options: MainOptions): Promise<void> {
  const config = configOrExit();
  if (options.requireDistributed && config.runtime.kind !== 'distributed') {
    process.stderr.write(
      `${options.name} runs one app of the distributed runtime: set KAFKA_BROKERS, SCHEMA_REGISTRY_URL and ` +
        'MONGO_URL (or run `npm start` for the embedded runtime, all apps in one process).\n',
    );
    process.exit(1);
  }
  const logger = createLogger(config, options.name);
  let service: RunningService;
  try {
    service = await startService({
      config,
      roles: config.roles ?? options.defaultRoles,
      composition: await options.composition(),
      logger,
    });
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      logger.fatal({ err: error }, 'start-up failed');
    }
    process.exit(1);
  }
  handleSignals(service, logger);
}

function handleSignals(service: RunningService, logger: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: stopping`);
    const bound = setTimeout(() => {
      logger.error('graceful stop took too long: exiting');
      process.exit(1);
    }, STOP_BOUND_MS);
    bound.unref();
    service.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
