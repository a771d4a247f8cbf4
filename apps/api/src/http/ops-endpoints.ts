import { UnavailableError } from '@fleet/core';
import type { Router } from 'express';
import { z } from 'zod';
import { bind, defineEndpoint, endpointsRouter, type EndpointSpec } from './endpoint.js';
import './locals.js';

const StatusSchema = z.object({ status: z.string() }).meta({ id: 'Status' });
const tags = ['Operations'];

export const healthEndpoint = defineEndpoint({
  method: 'get',
  path: '/healthz',
  operationId: 'health',
  summary: 'Liveness: the process answers',
  tags,
  access: 'public',
  request: {},
  responses: { 200: { description: 'Alive', schema: StatusSchema } },
});

export const readyEndpoint = defineEndpoint({
  method: 'get',
  path: '/readyz',
  operationId: 'ready',
  summary: 'Readiness: the event log and the read store are reachable and the projections are running',
  tags,
  access: 'public',
  request: {},
  responses: { 200: { description: 'Ready', schema: StatusSchema } },
  problems: [503],
});

export const metricsEndpoint = defineEndpoint({
  method: 'get',
  path: '/metrics',
  operationId: 'metrics',
  summary: 'Prometheus metrics (text exposition format)',
  tags,
  access: 'public',
  request: {},
  responses: { 200: { description: 'Metrics', schema: z.string(), contentType: 'text/plain' } },
});

export const openApiEndpoint = defineEndpoint({
  method: 'get',
  path: '/openapi.json',
  operationId: 'openapi',
  summary: 'This OpenAPI 3.1 document',
  tags,
  access: 'public',
  request: {},
  responses: { 200: { description: 'The document', schema: z.record(z.string(), z.unknown()) } },
});

export const opsEndpoints: readonly EndpointSpec[] = [
  healthEndpoint,
  readyEndpoint,
  metricsEndpoint,
  openApiEndpoint,
];

export interface OpsOptions {
  readonly ready: () => Promise<boolean>;
  readonly metrics: () => Promise<{ readonly contentType: string; readonly text: string }>;
  readonly openapi: () => unknown;
}

export function opsRoutes(options: OpsOptions): Router {
  const router = endpointsRouter([
    bind(healthEndpoint, () => Promise.resolve({ status: 200, body: { status: 'ok' } })),
    bind(readyEndpoint, async () => {
      const ready = await options.ready().catch(() => false);
      if (!ready) throw new UnavailableError('Not ready');
      return { status: 200, body: { status: 'ready' } };
    }),
    bind(openApiEndpoint, () => Promise.resolve({ status: 200, body: options.openapi() })),
  ]);
  router.get('/metrics', async (_req, res) => {
    res.locals.route = metricsEndpoint.path;
    const { contentType, text } = await options.metrics();
    res.type(contentType).send(text);
  });
  return router;
}
