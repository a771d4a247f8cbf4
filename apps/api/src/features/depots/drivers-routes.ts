import { NotFoundError, ValidationError } from '@fleet/core';
import type { Router } from 'express';
import type { RouteContext } from '../../platform/contracts.js';
import { bind, defineEndpoint, endpointsRouter, type EndpointSpec } from '../../http/endpoint.js';
import { GLOBAL_KEY } from '../global-parameters/commands.js';
import {
  GLOBAL_COLLECTION,
  GLOBAL_DOC_ID,
  type GlobalParametersDoc,
} from '../global-parameters/documents.js';
import { MessageSchema } from '../shared/schemas.js';
import { depotKey, setDepotDriversCommand, type Driver } from './commands.js';
import { DEPOT_DRIVERS_COLLECTION, depotDriversDocId, type DepotDriversDoc } from './documents.js';
import { DriverListSchema, SetDriversBodySchema } from './drivers-schemas.js';
import { DepotDayPathSchema } from './schemas.js';

const tags = ['Drivers'];

export const setDriversEndpoint = defineEndpoint({
  method: 'post',
  path: '/data/depot/{depot_id}/drivers/{date}',
  operationId: 'setDrivers',
  summary: 'Replace the drivers of a depot on a day',
  description:
    'Defaults: start_time 08:00 (UTC), working_hours 8, lunch_break 30 (minutes), vehicle.max_speed 120 (km/h). A driver whose category is not in the global parameters makes the whole upload fail with 400 and `errors.bad_categories` (0-based indexes); nothing is stored.',
  tags,
  access: 'write',
  request: { params: DepotDayPathSchema, body: SetDriversBodySchema },
  responses: { 200: { description: 'Accepted (a following GET reads it)', schema: MessageSchema } },
  problems: [503],
});

export const getDriversEndpoint = defineEndpoint({
  method: 'get',
  path: '/data/depot/{depot_id}/drivers/{date}',
  operationId: 'getDrivers',
  summary: 'Read the drivers of a depot on a day (extension)',
  description: 'As uploaded, with the defaults applied.',
  tags,
  access: 'read',
  request: { params: DepotDayPathSchema },
  responses: { 200: { description: 'The drivers', schema: DriverListSchema } },
  problems: [404, 503],
});

export const driversEndpoints: readonly EndpointSpec[] = [setDriversEndpoint, getDriversEndpoint];

/** 0-based indexes of the drivers whose category the global parameters do not define. */
export function badCategories(
  drivers: readonly Driver[],
  categories: Readonly<Record<string, number>>,
): number[] {
  return drivers.flatMap((driver, index) =>
    driver.category !== null && !Object.hasOwn(categories, driver.category) ? [index] : [],
  );
}

export function driversRoutes(context: RouteContext): Router {
  return endpointsRouter([
    bind(setDriversEndpoint, async ({ params, body, principal }) => {
      const store = await context.readModels.consistentFor(GLOBAL_KEY);
      const global = await store.collection<GlobalParametersDoc>(GLOBAL_COLLECTION).get(GLOBAL_DOC_ID);
      const bad = badCategories(body, global?.driver_categories ?? {});
      if (bad.length > 0) {
        throw new ValidationError('Some drivers have a category the global parameters do not define', {
          bad_categories: bad,
        });
      }
      const command = setDepotDriversCommand(params.depot_id, params.date, body);
      await context.commands.send(command, { userId: String(principal.id) });
      return {
        status: 200,
        body: { message: `${body.length} driver(s) saved for depot ${params.depot_id} on ${params.date}` },
      };
    }),

    bind(getDriversEndpoint, async ({ params }) => {
      const store = await context.readModels.consistentFor(depotKey(params.depot_id));
      const doc = await store
        .collection<DepotDriversDoc>(DEPOT_DRIVERS_COLLECTION)
        .get(depotDriversDocId(params.depot_id, params.date));
      if (!doc) {
        throw new NotFoundError(`No drivers were uploaded for depot ${params.depot_id} on ${params.date}`, {
          'params.date': 'no drivers uploaded',
        });
      }
      return { status: 200, body: doc.drivers };
    }),
  ]);
}
