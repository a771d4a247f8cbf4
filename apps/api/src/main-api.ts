/** `npm run start:api`: the API app of the distributed runtime: HTTP API, command processor and projector. */
import { defaultComposition } from './runtime/composition.js';
import { runMain } from './runtime/run-main.js';

await runMain({
  name: 'fleet-api',
  defaultRoles: ['api', 'processor', 'projector'],
  requireDistributed: true,
  composition: () => defaultComposition(),
});
