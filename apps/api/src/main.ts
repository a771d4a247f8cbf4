/**
 * `npm start`: the whole service in ONE process: API, processor, projector, optimizer pool and notifier, on the
 * embedded runtime unless KAFKA_BROKERS, SCHEMA_REGISTRY_URL and MONGO_URL are set. FLEET_ROLES picks a subset.
 */
import { ROLES } from './config.js';
import { defaultComposition } from './runtime/composition.js';
import { runMain } from './runtime/run-main.js';

await runMain({
  name: 'fleet',
  defaultRoles: ROLES,
  requireDistributed: false,
  composition: () => defaultComposition(),
});
