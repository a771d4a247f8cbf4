import { Router } from 'express';
import type { FeatureModule } from '../../platform/contracts.js';
import { registerEndpoints } from '../../http/endpoint.js';
import { depotAggregate } from './decider.js';
import { driversEndpoints, driversRoutes } from './drivers-routes.js';
import { depotsProjection } from './projection.js';
import { depotEndpoints, depotRoutes } from './routes.js';

export {
  depotKey,
  setDepotParametersCommand,
  setDepotDriversCommand,
  type Driver,
  type Vehicle,
} from './commands.js';
export {
  DEPOTS_COLLECTION,
  DEPOT_DRIVERS_COLLECTION,
  depotDriversDocId,
  type DepotDoc,
  type DepotDriversDoc,
} from './documents.js';
export { DEPOT_DEFAULTS, DRIVER_DEFAULTS } from './defaults.js';

/** Depots: parameters (with the location extension) and the drivers available per day. */
export const depotsFeature: FeatureModule = {
  name: 'depots',
  aggregates: [depotAggregate],
  projections: [depotsProjection],
  routes: (context) => Router().use(depotRoutes(context), driversRoutes(context)),
  openapi: (registry) => registerEndpoints(registry, [...depotEndpoints, ...driversEndpoints]),
};
