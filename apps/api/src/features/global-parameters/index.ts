import type { FeatureModule } from '../../platform/contracts.js';
import { registerEndpoints } from '../../http/endpoint.js';
import { globalAggregate } from './decider.js';
import { globalParametersProjection } from './projection.js';
import { globalParametersEndpoints, globalParametersRoutes } from './routes.js';

export { GLOBAL_KEY, setGlobalParametersCommand } from './commands.js';
export { GLOBAL_COLLECTION, GLOBAL_DOC_ID, type GlobalParametersDoc } from './documents.js';

/** Global parameters: driver categories (service-time factors) and the default service time. */
export const globalParametersFeature: FeatureModule = {
  name: 'global-parameters',
  aggregates: [globalAggregate],
  projections: [globalParametersProjection],
  routes: globalParametersRoutes,
  openapi: (registry) => registerEndpoints(registry, globalParametersEndpoints),
};
