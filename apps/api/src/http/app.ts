import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { FeatureContext, FeatureModule, RouteContext } from '../platform/contracts.js';
import { authenticate } from '../features/auth/authenticate.js';
import { createPasswordHasher, DEFAULT_SCRYPT, type ScryptParams } from '../features/auth/passwords.js';
import { loginRoutes, renewRoutes, type AuthServices } from '../features/auth/routes.js';
import { createTokenService } from '../features/auth/tokens.js';
import { createUserDirectory } from '../features/auth/user-directory.js';
import { JSON_TYPES, requireJsonBody } from './content-type.js';
import { notFound, problemDetails } from './error-middleware.js';
import { httpMetrics } from './metrics.js';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.js';
import { opsRoutes } from './ops-endpoints.js';
import { profilePolicy } from './policy.js';
import { requestLogging } from './request-logging.js';

export interface HttpAuthOptions {
  /** HMAC-SHA256 key, at least 32 bytes. */
  readonly secret: Buffer | string;
  readonly issuer: string;
  readonly audience: string;
  readonly ttlSeconds: number;
  /** How long a user looked up for a request is trusted (default 2000 ms; 0: every request reads the store). */
  readonly userCacheMs?: number;
  /** scrypt cost of new password hashes (default DEFAULT_SCRYPT; tests use a cheap one). */
  readonly scrypt?: ScryptParams;
}

export interface HttpAppOptions {
  readonly features: readonly FeatureModule[];
  readonly context: FeatureContext;
  readonly auth: HttpAuthOptions;
  /** Readiness for GET /readyz. */
  readonly ready: () => Promise<boolean>;
  /** Registry served at GET /metrics; the HTTP duration histogram is registered in it. */
  readonly metrics: Registry;
  readonly logger: Logger;
  /** Largest JSON body accepted (bytes, default 1 MiB): 413 beyond. */
  readonly bodyLimitBytes?: number;
}

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
export const DEFAULT_USER_CACHE_MS = 2000;

/**
 * The HTTP edge: security headers, request ids and logs, metrics, public ops endpoints and login; then
 * authentication, the profile policy, JSON bodies, the feature routes; every error as problem+json.
 */
export function createHttpApp(options: HttpAppOptions): Express {
  const { context, auth } = options;
  const services: AuthServices = {
    context,
    tokens: createTokenService({ ...auth, now: context.now }),
    passwords: createPasswordHasher(auth.scrypt ?? DEFAULT_SCRYPT),
    directory: createUserDirectory(context.readModels, {
      cacheMs: auth.userCacheMs ?? DEFAULT_USER_CACHE_MS,
      now: context.now,
    }),
  };
  const routeContext: RouteContext = {
    ...context,
    security: {
      hashPassword: (password) => services.passwords.hash(password),
      forgetUser: (userId) => services.directory.forget(userId),
    },
  };
  let document: OpenApiDocument | undefined;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use(helmet());
  app.use(...requestLogging(options.logger));
  app.use(httpMetrics(options.metrics));

  app.use(
    opsRoutes({
      ready: options.ready,
      metrics: async () => ({
        contentType: options.metrics.contentType,
        text: await options.metrics.metrics(),
      }),
      openapi: () => (document ??= buildOpenApiDocument(options.features)),
    }),
  );
  app.use(loginRoutes(services));

  app.use(authenticate(services.tokens, services.directory));
  app.use(profilePolicy);
  app.use(requireJsonBody);
  app.use(
    express.json({
      limit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
      type: JSON_TYPES,
      strict: false,
    }),
  );

  app.use(renewRoutes(services));
  for (const feature of options.features) app.use(feature.routes(routeContext));

  app.use(notFound);
  app.use(problemDetails);
  return app;
}
