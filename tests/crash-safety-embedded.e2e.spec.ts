import { join } from 'node:path';
import { createEmbeddedReadStore } from '@fleet/read-store';
import { buildOnce, freePort, ServiceProcess, sleep, waitUntil } from './support/children.js';
import { checkDecisions, liveAndReplayed } from './support/exactly-once.js';
import { openInProcess, runToTheEnd } from './support/final-run.js';
import { client } from './support/http.js';
import { startLoad } from './support/load.js';
import { between, runSeed, seededRandom } from './support/rng.js';
import { ADMIN, tempDir } from './support/service.js';

const KILLS = Number(process.env.CRASH_KILLS ?? 20);

/**
 * Crash safety on the embedded runtime. Its log is one LevelDB directory that a single process may open, so the
 * processor and the projector run in ONE child process (the service: API + processor + projector), killed with
 * SIGKILL at seeded random moments while HTTP traffic flows. Afterwards every command must have exactly one
 * complete decision and the read models must equal a replay of the log into a fresh store.
 */
describe('crash safety, embedded runtime', () => {
  const seed = runSeed();
  const random = seededRandom(seed);
  const data = tempDir('crash');

  beforeAll(() => buildOnce(), 300_000);
  afterAll(() => data.remove());

  it(`loses nothing and applies nothing twice across ${KILLS} SIGKILLs (seed ${seed})`, async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      FLEET_DATA_DIR: data.dir,
      FLEET_ROLES: 'api,processor,projector',
      PORT: String(port),
      HOST: '127.0.0.1',
      FLEET_ADMIN_EMAIL: ADMIN.email,
      FLEET_ADMIN_PASSWORD: ADMIN.password,
      FLEET_CONSISTENCY_TIMEOUT_MS: '1500',
      FLEET_BATCH_SIZE: '16',
    };
    const service = new ServiceProcess('service', env, join(data.dir, 'service.log'));
    const healthy = async (): Promise<boolean> => (await fetch(`${baseUrl}/healthz`)).status === 200;
    service.start();
    await waitUntil('the service', healthy, 60_000);
    const token = await client(baseUrl).login(ADMIN.email, ADMIN.password);
    const load = startLoad({ baseUrl: () => baseUrl, token, random: seededRandom(seed + 1), workers: 4 });

    for (let kill = 0; kill < KILLS; kill += 1) {
      await sleep(between(random, 200, 1500));
      await service.kill();
      service.start();
      // Now and then, kill it again while it starts (rebuilding its state, catching up).
      if (random() < 0.25) {
        await sleep(between(random, 50, 600));
        await service.kill();
        service.start();
      }
      await waitUntil('the service to restart', healthy, 60_000);
    }
    const stats = await load.stop();
    process.stdout.write(`load: ${JSON.stringify(stats)}\n`);
    expect(await service.stop()).toBe(0);
    expect(service.kills).toBeGreaterThanOrEqual(KILLS);

    const runtime = await openInProcess({ FLEET_DATA_DIR: data.dir });
    const fresh = await createEmbeddedReadStore({ dir: join(data.dir, 'fresh-store') });
    try {
      await runToTheEnd(runtime.adapters, runtime.platform, 60_000);
      const report = await checkDecisions(runtime.adapters.log, runtime.platform.names);
      expect(report.problems).toEqual([]);
      expect(report.commands).toBeGreaterThan(50);
      expect(stats.ok).toBeGreaterThan(50);
      const { live, replayed, events } = await liveAndReplayed({
        log: runtime.adapters.log,
        live: runtime.adapters.store,
        fresh,
        names: runtime.platform.names,
        projections: runtime.platform.projections,
      });
      expect(events).toBe(report.events);
      expect(live).toEqual(replayed);
      process.stdout.write(
        `embedded crash run: seed ${seed}, ${service.kills} kills, ${report.commands} commands, ${report.events} events (${report.rejected} rejections), load ${JSON.stringify(stats)}\n`,
      );
    } finally {
      await fresh.close();
      await runtime.close();
    }
  }, 600_000);
});
