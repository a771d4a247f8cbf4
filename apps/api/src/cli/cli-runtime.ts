import { loadSchemaSet } from '@fleet/schemas';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { FeatureModule } from '../platform/contracts.js';
import { openAdapters, type Adapters } from '../runtime/adapters.js';
import { createPlatform, type Platform } from '../runtime/platform.js';

export interface CliRuntime extends Adapters {
  readonly config: Config;
  readonly platform: Platform;
}

/**
 * The log, the store and the platform for one CLI command, on the configured runtime. Embedded: the CLI is the
 * only process on the data dir (opening fails clearly while the service runs), so it runs the processor and
 * the projector itself for the command's duration. Distributed: the running service decides; the CLI only
 * appends commands and reads.
 */
export async function openCliRuntime(
  config: Config,
  features: readonly FeatureModule[],
  logger: Logger,
  options: { readonly decide: boolean },
): Promise<CliRuntime> {
  const schemas = loadSchemaSet();
  const adapters = await openAdapters(config, schemas);
  const platform = createPlatform({ config, ...adapters, schemas, features, logger });
  const local = options.decide && config.runtime.kind === 'embedded';
  try {
    await platform.ensureTopics();
    if (local) {
      await platform.processor.start();
      await platform.projector.start();
    }
  } catch (error) {
    await adapters.close();
    throw error;
  }
  return {
    config,
    platform,
    log: adapters.log,
    store: adapters.store,
    async close() {
      if (local) {
        await platform.processor.stop();
        await platform.projector.stop();
      }
      await adapters.close();
    },
  };
}
