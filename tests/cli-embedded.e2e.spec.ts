import type { RunningService } from '@fleet/api/runtime/service';
import { buildOnce } from './support/children.js';
import { fleet } from './support/cli.js';
import { readModelsOf } from './support/read-model-dump.js';
import { checkServiceFlow } from './support/scenario.js';
import { startTestService, tempDir } from './support/service.js';

/** The ops CLI (`bin/fleet.js`, built) on the embedded runtime: users, topics, replay. */
describe('ops CLI, embedded runtime', () => {
  const data = tempDir('cli');
  const env = { FLEET_DATA_DIR: data.dir };
  let service: RunningService | undefined;

  beforeAll(() => buildOnce(), 300_000);
  afterAll(async () => {
    await service?.close();
    data.remove();
  });

  it('refuses clearly while the service holds the data dir', async () => {
    service = await startTestService(env);
    const busy = await fleet(['users', 'list'], env);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/in use by another fleet process/);
    await checkServiceFlow(service.url);
    await service.close();
    service = undefined;
  }, 120_000);

  it('adds, lists and disables users (409 on a taken e-mail)', async () => {
    const added = await fleet(
      [
        'users',
        'add',
        '--email',
        'Ops@Example.com',
        '--password-stdin',
        '--profile',
        'planner',
        '--name',
        'Op',
      ],
      env,
      'ops-password-1\n',
    );
    expect(added).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/created user 4 <ops@example.com> \(planner\)/) as string,
    });
    const again = await fleet(
      ['users', 'add', '--email', 'ops@example.com', '--password', 'other-password', '--profile', 'viewer'],
      env,
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/conflict: .*already exists/);
    const badProfile = await fleet(
      ['users', 'add', '--email', 'x@example.com', '--password', 'whatever-1', '--profile', 'boss'],
      env,
    );
    expect(badProfile.code).not.toBe(0);
    const disabled = await fleet(['users', 'disable', 'ops@example.com'], env);
    expect(disabled).toMatchObject({ code: 0 });
    const list = await fleet(['users', 'list', '--json'], env);
    expect(list.code).toBe(0);
    const users = JSON.parse(list.stdout) as { email: string; disabled: boolean }[];
    expect(users.map((user) => user.email)).toEqual([
      'admin@example.com',
      'planner@example.com',
      'viewer@example.com',
      'ops@example.com',
    ]);
    expect(users.find((user) => user.email === 'ops@example.com')?.disabled).toBe(true);
  }, 120_000);

  it('lists topics with end offsets and group lag', async () => {
    const topics = await fleet(['topics', '--json'], env);
    expect(topics.code).toBe(0);
    const rows = JSON.parse(topics.stdout) as {
      topic: string;
      partition: number;
      end: number;
      lag: number;
    }[];
    expect(rows.filter((row) => row.topic === 'fleet.commands')).toHaveLength(4);
    expect(rows.filter((row) => row.topic === 'fleet.events')).toHaveLength(4);
    expect(rows.reduce((sum, row) => sum + (row.topic === 'fleet.events' ? row.end : 0), 0)).toBeGreaterThan(
      20,
    );
    expect(rows.every((row) => row.lag === 0)).toBe(true);
  }, 60_000);

  it('replays the log into the same read models', async () => {
    const before = await readModelsOf(env);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['users', 'command_outcomes', '_checkpoints']),
    );
    const replay = await fleet(['replay'], env);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/replayed \d+ events into \d+ collections/);
    expect(await readModelsOf(env)).toEqual(before);
  }, 120_000);
});
