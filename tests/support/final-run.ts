import { loadConfig } from '@fleet/api/config';
import { openAdapters, type Adapters } from '@fleet/api/runtime/adapters';
import { defaultFeatures } from '@fleet/api/runtime/composition';
import { createLogger } from '@fleet/api/runtime/logger';
import { createPlatform, type Platform } from '@fleet/api/runtime/platform';
import { loadSchemaSet } from '@fleet/schemas';
import { caughtUp } from './exactly-once.js';
import { waitUntil } from './children.js';

/** Opens the runtime `env` configures in this process (no HTTP), with the processor and projector optional. */
export async function openInProcess(
  env: Readonly<Record<string, string>>,
): Promise<{ adapters: Adapters; platform: Platform; close(): Promise<void> }> {
  const config = loadConfig({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...env });
  const schemas = loadSchemaSet();
  const adapters = await openAdapters(config, schemas);
  const platform = createPlatform({
    config,
    ...adapters,
    schemas,
    features: defaultFeatures(),
    logger: createLogger(config, 'test'),
  });
  return {
    adapters,
    platform,
    async close() {
      await platform.processor.stop();
      await platform.projector.stop();
      await adapters.close();
    },
  };
}

/** Runs the processor and the projector here until every command is decided and every event applied. */
export async function runToTheEnd(adapters: Adapters, platform: Platform, timeoutMs: number): Promise<void> {
  await platform.processor.start();
  await platform.projector.start();
  await waitUntil(
    'the processor and the projector to catch up',
    () => caughtUp(adapters.log, adapters.store, platform.names),
    timeoutMs,
  );
  await platform.processor.stop();
  await platform.projector.stop();
}
