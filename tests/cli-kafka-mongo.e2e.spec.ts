import type { RunningService } from '@fleet/api/runtime/service';
import { buildOnce } from './support/children.js';
import { fleet } from './support/cli.js';
import { readModelsOf } from './support/read-model-dump.js';
import { checkServiceFlow } from './support/scenario.js';
import { distributedEnv, removeRun, runId } from './support/servers.js';
import { startTestService, tempDir } from './support/service.js';
import { within } from './support/within.js';

/** Longest one of this test's service steps may take (each ends within seconds in CI logs). */
const STEP_MS = 90_000;

/** The ops CLI on the distributed runtime (kafka, registry, mongo): the service decides, the CLI appends and replays. */
describe('ops CLI, distributed runtime (kafka, mongo)', () => {
  const data = tempDir('cli-kafka');
  const id = runId('cli');
  const env = {
    ...distributedEnv(id),
    FLEET_DATA_DIR: data.dir,
    FLEET_JWT_SECRET: 'cli-test-secret-of-at-least-32-bytes!!',
  };
  let service: RunningService | undefined;

  beforeAll(() => buildOnce(), 300_000);
  afterAll(async () => {
    await service?.close();
    data.remove();
    await removeRun(id);
  });

  it('adds a user through the running service, refuses to replay under a live projector, then replays to the same read models', async () => {
    service = await within('starting the service', STEP_MS, startTestService(env));
    await within('the service flow', STEP_MS, checkServiceFlow(service.url));

    const added = await fleet(
      ['users', 'add', '--email', 'ops@example.com', '--password', 'ops-password-1', '--profile', 'viewer'],
      env,
    );
    expect(added).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/created user 4 <ops@example.com>/) as string,
    });
    const refused = await fleet(['replay'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/projector instance\(s\) .* are running/);

    await within('closing the service', STEP_MS, service.close());
    service = undefined;
    const before = await within('reading the read models', STEP_MS, readModelsOf(env));
    const replay = await fleet(['replay'], env);
    expect(replay.stderr).not.toMatch(/error/i);
    expect(replay).toMatchObject({ code: 0, stdout: expect.stringMatching(/replayed \d+ events/) as string });
    expect(await within('reading the replayed read models', STEP_MS, readModelsOf(env))).toEqual(before);

    const topics = await fleet(['topics', '--json'], env);
    const rows = JSON.parse(topics.stdout) as { topic: string; lag: number }[];
    expect(rows.filter((row) => row.topic.endsWith('fleet.events'))).toHaveLength(4);
  }, 300_000);
});
