import { join } from 'node:path';
import { createMongoReadStore } from '@fleet/read-store';
import type { RunningService } from '@fleet/api/runtime/service';
import { buildOnce, ServiceProcess, sleep, waitUntil } from './support/children.js';
import { caughtUp, checkDecisions, liveAndReplayed } from './support/exactly-once.js';
import { client } from './support/http.js';
import { startLoad } from './support/load.js';
import { between, pick, runSeed, seededRandom } from './support/rng.js';
import { databaseName, distributedEnv, removeRun, runId, SERVERS } from './support/servers.js';
import { ADMIN, startTestService, tempDir } from './support/service.js';

const KILLS = Number(process.env.CRASH_KILLS ?? 20);

/**
 * Crash safety on the distributed runtime (Kafka + registry + MongoDB wire): the processor and the projector run
 * as two child processes, each killed with SIGKILL at seeded random moments while the API (in this process)
 * takes HTTP traffic. Consumer sessions are short (3 s) so a killed member's partitions move on quickly.
 */
describe('crash safety, distributed runtime (kafka, mongo)', () => {
  const seed = runSeed();
  const random = seededRandom(seed);
  const data = tempDir('crash-kafka');
  const id = runId('crash');
  const env = {
    ...distributedEnv(id),
    KAFKA_SESSION_TIMEOUT_MS: '3000',
    FLEET_BATCH_SIZE: '16',
    FLEET_DATA_DIR: data.dir,
    FLEET_JWT_SECRET: 'crash-test-secret-of-at-least-32-bytes!',
  };
  let api: RunningService | undefined;

  beforeAll(() => buildOnce(), 300_000);
  afterAll(async () => {
    await api?.close();
    data.remove();
    await removeRun(id, [`${databaseName(id)}_replay`]);
  });

  it(`loses nothing and applies nothing twice across ${KILLS} SIGKILLs (seed ${seed})`, async () => {
    const children = ['processor', 'projector'].map(
      (role) =>
        new ServiceProcess(
          role,
          { ...env, FLEET_ROLES: role, PORT: '0', HOST: '127.0.0.1' },
          join(data.dir, `${role}.log`),
        ),
    );
    // The API first, the command side after it: the API's first admin bootstrap then times out waiting for the
    // users read model, and must be retried once the children run (a fresh deployment started in any order).
    api = await startTestService({ ...env, FLEET_CONSISTENCY_TIMEOUT_MS: '2000' }, ['api']);
    for (const child of children) child.start();
    const baseUrl = api.url;
    let token = '';
    await waitUntil(
      'the bootstrap admin',
      async () => {
        token = await client(baseUrl).login(ADMIN.email, ADMIN.password);
        return true;
      },
      60_000,
    ).catch((error: unknown) => {
      // Say why: the children's state and the end of their logs.
      throw new Error(`${String(error)}\n${children.map((c) => c.report()).join('\n')}`);
    });
    const load = startLoad({ baseUrl: () => baseUrl, token, random: seededRandom(seed + 1), workers: 4 });

    for (let kill = 0; kill < KILLS; kill += 1) {
      await sleep(between(random, 300, 2500));
      const victims = random() < 0.2 ? children : [pick(random, children)];
      for (const victim of victims) await victim.kill();
      for (const victim of victims) victim.start();
    }
    await sleep(2000);
    const stats = await load.stop();
    process.stdout.write(`load: ${JSON.stringify(stats)}\n`);

    const { log, store, platform } = api;
    await waitUntil(
      'the processor and the projector to catch up',
      () => caughtUp(log, store, platform.names),
      120_000,
    );
    for (const child of children) expect(await child.stop()).toBe(0);
    expect(children.reduce((sum, child) => sum + child.kills, 0)).toBeGreaterThanOrEqual(KILLS);

    const report = await checkDecisions(log, platform.names);
    expect(report.problems).toEqual([]);
    expect(report.commands).toBeGreaterThan(50);
    expect(stats.ok).toBeGreaterThan(50);
    const fresh = await createMongoReadStore({
      url: SERVERS.mongoBaseUrl,
      dbName: `${databaseName(id)}_replay`,
    });
    try {
      const { live, replayed, events } = await liveAndReplayed({
        log,
        live: store,
        fresh,
        names: platform.names,
        projections: platform.projections,
      });
      expect(events).toBe(report.events);
      expect(live).toEqual(replayed);
      process.stdout.write(
        `kafka crash run: seed ${seed}, kills ${children.map((c) => `${c.label} ${c.kills}`).join(', ')}, ${report.commands} commands, ${report.events} events (${report.rejected} rejections), load ${JSON.stringify(stats)}\n`,
      );
    } finally {
      await fresh.close();
    }
  }, 900_000);
});
