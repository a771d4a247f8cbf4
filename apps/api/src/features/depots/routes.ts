import { NotFoundError } from '@fleet/core';
import type { Router } from 'express';
import type { z } from 'zod';
import type { RouteContext } from '../../platform/contracts.js';
import { bind, defineEndpoint, endpointsRouter, type EndpointSpec } from '../../http/endpoint.js';
import { MessageSchema } from '../shared/schemas.js';
import { depotKey, setDepotParametersCommand } from './commands.js';
import { DEPOTS_COLLECTION, type DepotDoc } from './documents.js';
import { DepotParametersSchema, DepotPathSchema, SetDepotParametersBodySchema } from './schemas.js';

const tags = ['Depots'];

function depotView(depot: DepotDoc): z.infer<typeof DepotParametersSchema> {
  const { depot_id, vehicle_fill, slow_down, activated, work_days, priority, lat, lng, name } = depot;
  return {
    depot_id,
    vehicle_fill,
    slow_down,
    activated,
    work_days: [...work_days],
    priority,
    lat,
    lng,
    name,
  };
}

export const setDepotParametersEndpoint = defineEndpoint({
  method: 'post',
  path: '/data/depot/{depot_id}',
  operationId: 'setDepotParameters',
  summary: 'Create a depot or change its parameters',
  tags,
  access: 'write',
  request: { params: DepotPathSchema, body: SetDepotParametersBodySchema },
  responses: { 200: { description: 'Accepted (a following GET reads it)', schema: MessageSchema } },
  problems: [503],
});

export const getDepotParametersEndpoint = defineEndpoint({
  method: 'get',
  path: '/data/depot/{depot_id}',
  operationId: 'getDepotParameters',
  summary: 'Read the parameters of a depot',
  tags,
  access: 'read',
  request: { params: DepotPathSchema },
  responses: { 200: { description: 'The depot parameters', schema: DepotParametersSchema } },
  problems: [404, 503],
});

export const depotEndpoints: readonly EndpointSpec[] = [
  setDepotParametersEndpoint,
  getDepotParametersEndpoint,
];

export function depotRoutes(context: RouteContext): Router {
  return endpointsRouter([
    bind(setDepotParametersEndpoint, async ({ params, body, principal }) => {
      await context.commands.send(setDepotParametersCommand(params.depot_id, body), {
        userId: String(principal.id),
      });
      return { status: 200, body: { message: `Depot ${params.depot_id} saved` } };
    }),

    bind(getDepotParametersEndpoint, async ({ params }) => {
      const store = await context.readModels.consistentFor(depotKey(params.depot_id));
      const depot = await store.collection<DepotDoc>(DEPOTS_COLLECTION).get(params.depot_id);
      if (!depot)
        throw new NotFoundError(`Depot ${params.depot_id} does not exist`, {
          'params.depot_id': 'unknown depot',
        });
      return { status: 200, body: depotView(depot) };
    }),
  ]);
}
