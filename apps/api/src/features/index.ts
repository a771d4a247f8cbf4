import type { FeatureModule } from '../platform/contracts.js';
import { depotsFeature } from './depots/index.js';
import { globalParametersFeature } from './global-parameters/index.js';
import { usersFeature } from './users/index.js';

/** Every feature of the service, in mount order. Auth (`/auth/token...`) is part of the HTTP app itself. */
export const features: readonly FeatureModule[] = [usersFeature, globalParametersFeature, depotsFeature];
