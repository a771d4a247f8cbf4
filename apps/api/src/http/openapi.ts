import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { FeatureModule } from '../platform/contracts.js';
import { authEndpoints } from '../features/auth/routes.js';
import { registerEndpoints } from './endpoint.js';
import { opsEndpoints } from './ops-endpoints.js';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/**
 * The OpenAPI 3.1 document of every endpoint, generated from the same zod schemas and endpoint specs the
 * routes validate with (@asteasolutions/zod-to-openapi: it builds paths, parameters, security and shared
 * components with `$ref`s; zod's own `z.toJSONSchema` gives only the schemas).
 */
export function buildOpenApiDocument(features: readonly FeatureModule[], version = '0.1.0'): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token of GET /auth/token: `Bearer <jwt>`; `Bearer JWT <jwt>` and `JWT <jwt>` work too.',
  });
  registerEndpoints(registry, opsEndpoints);
  registerEndpoints(registry, authEndpoints);
  for (const feature of features) feature.openapi?.(registry);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Fleet route optimization API',
      version,
      description:
        'Units: distances in meters, durations in seconds (except the contract fields working_hours in hours and lunch_break in minutes), percentages as 0-100 numbers, times UTC. Errors are RFC 9457 problem details.',
    },
    security: [{ bearerAuth: [] }],
  });
}
