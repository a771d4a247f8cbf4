import type { RunningService } from '@fleet/api/runtime/service';
import { checkDataSurvived, checkServiceFlow } from './support/scenario.js';
import { startTestService, tempDir } from './support/service.js';

describe('the service on the embedded runtime, over HTTP', () => {
  const data = tempDir('e2e');
  let service: RunningService | undefined;

  afterAll(async () => {
    await service?.close();
    data.remove();
  });

  it('serves users and master data with read-your-writes, and keeps them across a restart', async () => {
    service = await startTestService({ FLEET_DATA_DIR: data.dir });
    await checkServiceFlow(service.url);
    await service.close();
    service = undefined;

    service = await startTestService({ FLEET_DATA_DIR: data.dir });
    await checkDataSurvived(service.url);
  });
});
