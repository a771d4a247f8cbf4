import type { RunningService } from '@fleet/api/runtime/service';
import { checkDataSurvived, checkServiceFlow } from './support/scenario.js';
import { distributedEnv, removeRun, runId } from './support/servers.js';
import { startTestService, tempDir } from './support/service.js';

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

  it('serves users and master data with read-your-writes, and keeps them across a restart', async () => {
    service = await startTestService(env);
    await checkServiceFlow(service.url);
    await service.close();
    service = undefined;

    service = await startTestService(env);
    await checkDataSurvived(service.url);
  }, 180_000);
});
