import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { FeatureModule } from '../platform/contracts.js';
import { openCliRuntime, type CliRuntime } from './cli-runtime.js';

/** What every CLI command gets: the configuration (read lazily, so `--help` works without it) and I/O. */
export interface CliContext {
  config(): Config;
  readonly features: readonly FeatureModule[];
  logger(): Logger;
  print(text: string): void;
  /** Opens the runtime for the command's duration (see cli-runtime.ts) and always closes it. */
  withRuntime<T>(options: { readonly decide: boolean }, run: (runtime: CliRuntime) => Promise<T>): Promise<T>;
  usageError(message: string): Error;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function createCliContext(deps: {
  readonly config: () => Config;
  readonly features: readonly FeatureModule[];
  readonly logger: (config: Config) => Logger;
  readonly out: NodeJS.WritableStream;
}): CliContext {
  let logger: Logger | undefined;
  const context: CliContext = {
    config: deps.config,
    features: deps.features,
    logger: () => (logger ??= deps.logger(deps.config())),
    print: (text) => void deps.out.write(text),
    async withRuntime(options, run) {
      const runtime = await openCliRuntime(context.config(), deps.features, context.logger(), options);
      try {
        return await run(runtime);
      } finally {
        await runtime.close();
      }
    },
    usageError: (message) => new UsageError(message),
  };
  return context;
}
