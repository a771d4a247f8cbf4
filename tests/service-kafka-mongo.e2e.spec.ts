import type { RunningService } from '@fleet/api/runtime/service';
import { checkDataSurvived, checkServiceFlow } from './support/scenario.js';
import { distributedEnv, removeRun, runId } from './support/servers.js';
import { startTestService, tempDir } from './support/service.js';
import { within } from './support/within.js';

/** Each step usually takes 2 to 7 s; one that stalls fails naming itself well before the test's timeout. */
const STEP_MS = 60_000;

/** The same flow on the real servers: Kafka + Apicurio (registry) + FerretDB (MongoDB wire). */
describe('the service on the distributed runtime (kafka, registry, mongo), over HTTP', () => {
  const data = tempDir('e2e-kafka');
  const id = runId('e2e');
  const env = { ...distributedEnv(id), FLEET_DATA_DIR: data.dir };
  let service: RunningService | undefined;

  afterAll(async () => {
    await service?.close();
    data.remove();
    await removeRun(id);
  });

  it(
    'serves users and master data with read-your-writes, and keeps them across a restart',
    async () => {
      service = await within('starting the service', STEP_MS, startTestService(env));
      await within('the service flow', STEP_MS, checkServiceFlow(service.url));
      await within('closing the service', STEP_MS, service.close());
      service = undefined;

      service = await within('starting the service again', STEP_MS, startTestService(env));
      await within('reading the data after the restart', STEP_MS, checkDataSurvived(service.url));
    },
    5 * STEP_MS + 10_000,
  );
});
