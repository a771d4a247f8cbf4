import { InternalError } from '@fleet/core';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { createPasswordHasher, DEFAULT_SCRYPT, type ScryptParams } from '../features/auth/passwords.js';
import { features } from '../features/index.js';
import { createHttpApp } from '../http/app.js';
import type { AppModule } from '../platform/app-host.js';
import type { FeatureModule } from '../platform/contracts.js';
import type { Composition } from './service.js';
import { bootstrapAdmin } from './user-admin.js';

// Typed as string (not literals) so that the compiler does not resolve them: the apps are built after this package.
const OPTIMIZER: string = '@fleet/optimizer/main';
const NOTIFIER: string = '@fleet/notifier/main';

export function defaultFeatures(): readonly FeatureModule[] {
  return features;
}

function isAppModule(value: unknown): value is AppModule {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { name?: unknown }).name === 'string' &&
    typeof (value as { start?: unknown }).start === 'function'
  );
}

/**
 * Loads an app's module by package name. The apps depend on this package (for the AppHost types), so it cannot
 * import them statically: the module is looked up at run time and checked for an `app` export.
 */
async function loadApp(specifier: string): Promise<AppModule> {
  const module: unknown = await import(specifier);
  const app = (module as { app?: unknown }).app;
  if (!isAppModule(app)) throw new InternalError(`${specifier} does not export an app module`);
  return app;
}

export interface CompositionOptions {
  /** scrypt cost of new password hashes (default DEFAULT_SCRYPT; tests use a cheaper one). */
  readonly scrypt?: ScryptParams;
}

/** The real service: every feature, the HTTP app, the admin bootstrap, the optimizer and notifier apps. */
export function defaultComposition(options: CompositionOptions = {}): Promise<Composition> {
  const hasher = createPasswordHasher(options.scrypt ?? DEFAULT_SCRYPT);
  return Promise.resolve({
    features,
    createApi: ({ features: mounted, context, jwtSecret, config, ready, logger }) => {
      const metrics = new Registry();
      collectDefaultMetrics({ register: metrics });
      return createHttpApp({
        features: mounted,
        context,
        auth: {
          secret: jwtSecret,
          issuer: 'fleet',
          audience: 'fleet-api',
          ttlSeconds: config.tokenTtlSeconds,
          ...(options.scrypt ? { scrypt: options.scrypt } : {}),
        },
        ready,
        metrics,
        logger,
      });
    },
    bootstrapAdmin: (platform, config, logger) =>
      bootstrapAdmin({ ...platform, actor: 'bootstrap', hasher }, config, logger),
    apps: {
      optimizer: () => loadApp(OPTIMIZER),
      notifier: () => loadApp(NOTIFIER),
    },
  });
}
