/** Entry point of the ops CLI (bin/fleet.js loads this file). */
import { FleetError } from '@fleet/core';
import { ConfigError } from '../config.js';
import { DataDirBusyError } from '../runtime/adapters.js';
import { defaultFeatures } from '../runtime/composition.js';
import { createLogger } from '../runtime/logger.js';
import { configOrExit } from '../runtime/run-main.js';
import { UsageError, createCliContext } from './context.js';
import { buildProgram } from './program.js';

const cli = createCliContext({
  config: () => configOrExit(),
  features: defaultFeatures(),
  // The CLI logs warnings only (to stderr), unless LOG_LEVEL asks for more.
  logger: (config) =>
    createLogger({ logLevel: process.env.LOG_LEVEL ? config.logLevel : 'warn' }, 'fleet-cli', 2),
  out: process.stdout,
});

try {
  await buildProgram(cli).parseAsync(process.argv);
  process.exit(0);
} catch (error) {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirBusyError) {
    process.stderr.write(`fleet: ${error.message}\n`);
  } else if (error instanceof FleetError) {
    const details = error.errors ? ` ${JSON.stringify(error.errors)}` : '';
    process.stderr.write(`fleet: ${error.code}: ${error.message}${details}\n`);
  } else {
    process.stderr.write(
      `fleet: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
}
