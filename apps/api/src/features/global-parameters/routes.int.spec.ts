import { ADMIN, bearer, call, createTestApp, type TestApp } from '../../http/testing/test-app.spec.js';

describe('global parameters endpoints', () => {
  let t: TestApp;
  let planner: string;
  let viewer: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.addUser('planner@example.com', 'planner-password', 'planner');
    await t.addUser('viewer@example.com', 'viewer-password', 'viewer');
    planner = bearer(await t.login('planner@example.com', 'planner-password'));
    viewer = bearer(await t.login('viewer@example.com', 'viewer-password'));
  });
  afterAll(() => t.close());

  it('GET /data/global answers 404 before anything was set', async () => {
    const res = await call(t, { method: 'get', url: '/data/global', token: viewer });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ type: 'urn:fleet:problem:not_found', status: 404 });
  });

  it('POST then GET: partial updates merge, driver_categories replaces the map', async () => {
    const first = await call(t, {
      method: 'post',
      url: '/data/global',
      token: planner,
      body: { service_time: 300 },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'Global parameters saved' });
    expect((await call(t, { method: 'get', url: '/data/global', token: viewer })).body).toEqual({
      driver_categories: {},
      service_time: 300,
    });
    await call(t, {
      method: 'post',
      url: '/data/global',
      token: planner,
      body: { driver_categories: { senior: 1, junior: 1.25 } },
    });
    await call(t, {
      method: 'post',
      url: '/data/global',
      token: planner,
      body: { driver_categories: { senior: 0.9 }, service_time: null },
    });
    expect((await call(t, { method: 'get', url: '/data/global', token: viewer })).body).toEqual({
      driver_categories: { senior: 0.9 },
      service_time: 300,
    });
  });

  it('answers 400 problem+json with the offending paths, and stores nothing', async () => {
    const before = t.bus.sent.length;
    const cases: [unknown, string[]][] = [
      [{}, ['body']],
      [{ service_time: -1 }, ['body.service_time']],
      [{ service_time: '300' }, ['body.service_time']],
      [{ driver_categories: { senior: 'fast' } }, ['body.driver_categories.senior']],
      [{ driver_categories: [1, 2] }, ['body.driver_categories']],
      [[], ['body']],
    ];
    for (const [body, paths] of cases) {
      const res = await call(t, { method: 'post', url: '/data/global', token: planner, body });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Object.keys((res.body as { errors: object }).errors)).toEqual(paths);
    }
    expect(t.bus.sent.length).toBe(before);
  });

  it('lets viewers read only (403 on POST), admins write', async () => {
    expect(
      (await call(t, { method: 'post', url: '/data/global', token: viewer, body: { service_time: 1 } }))
        .status,
    ).toBe(403);
    const admin = bearer(await t.login(ADMIN.email, ADMIN.password));
    expect(
      (await call(t, { method: 'post', url: '/data/global', token: admin, body: { service_time: 240 } }))
        .status,
    ).toBe(200);
  });
});
