import type { FeatureModule } from '../../platform/contracts.js';
import { registerEndpoints } from '../../http/endpoint.js';
import { usersAggregate } from './decider.js';
import { usersProjection } from './projection.js';
import { usersEndpoints, usersRoutes } from './routes.js';

export {
  createUserCommand,
  disableUserCommand,
  recordLoginCommand,
  normalizeEmail,
  USERS_KEY,
} from './commands.js';
export { PROFILE_NAMES, parseProfile, profileId, type ProfileName } from './profiles.js';
export { USERS_COLLECTION, type UserDoc } from './documents.js';

/** Users: the `users` aggregate (ids, unique e-mails, disabling, logins), its read model and the admin API. */
export const usersFeature: FeatureModule = {
  name: 'users',
  aggregates: [usersAggregate],
  projections: [usersProjection],
  routes: usersRoutes,
  openapi: (registry) => registerEndpoints(registry, usersEndpoints),
};
