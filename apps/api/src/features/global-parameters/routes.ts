import { NotFoundError } from '@fleet/core';
import type { Router } from 'express';
import type { RouteContext } from '../../platform/contracts.js';
import { bind, defineEndpoint, endpointsRouter, type EndpointSpec } from '../../http/endpoint.js';
import { MessageSchema } from '../shared/schemas.js';
import { GLOBAL_KEY, setGlobalParametersCommand } from './commands.js';
import { GLOBAL_COLLECTION, GLOBAL_DOC_ID, type GlobalParametersDoc } from './documents.js';
import { GlobalParametersSchema, SetGlobalParametersBodySchema } from './schemas.js';

const tags = ['Global parameters'];

export const setGlobalParametersEndpoint = defineEndpoint({
  method: 'post',
  path: '/data/global',
  operationId: 'setGlobalParameters',
  summary: 'Set the global parameters',
  description:
    'At least one of `driver_categories`, `service_time`. Parameters never set read as `{}` and `0`.',
  tags,
  access: 'write',
  request: { body: SetGlobalParametersBodySchema },
  responses: { 200: { description: 'Accepted (a following GET reads it)', schema: MessageSchema } },
  problems: [503],
});

export const getGlobalParametersEndpoint = defineEndpoint({
  method: 'get',
  path: '/data/global',
  operationId: 'getGlobalParameters',
  summary: 'Read the global parameters',
  tags,
  access: 'read',
  request: {},
  responses: { 200: { description: 'The global parameters', schema: GlobalParametersSchema } },
  problems: [404, 503],
});

export const globalParametersEndpoints: readonly EndpointSpec[] = [
  setGlobalParametersEndpoint,
  getGlobalParametersEndpoint,
];

export function globalParametersRoutes(context: RouteContext): Router {
  return endpointsRouter([
    bind(setGlobalParametersEndpoint, async ({ body, principal }) => {
      await context.commands.send(setGlobalParametersCommand(body), { userId: String(principal.id) });
      return { status: 200, body: { message: 'Global parameters saved' } };
    }),

    bind(getGlobalParametersEndpoint, async () => {
      const store = await context.readModels.consistentFor(GLOBAL_KEY);
      const doc = await store.collection<GlobalParametersDoc>(GLOBAL_COLLECTION).get(GLOBAL_DOC_ID);
      if (!doc) throw new NotFoundError('The global parameters have not been set yet');
      return {
        status: 200,
        body: { driver_categories: doc.driver_categories, service_time: doc.service_time },
      };
    }),
  ]);
}
