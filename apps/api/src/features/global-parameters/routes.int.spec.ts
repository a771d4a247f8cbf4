import { useSignedInApp } from '../../http/testing/fixtures.spec.js';
import { call } from '../../http/testing/test-app.spec.js';

describe('global parameters endpoints', () => {
  const t = useSignedInApp();

  it('GET /data/global answers 404 before anything was set', async () => {
    const res = await call(t, { method: 'get', url: '/data/global', token: t.viewer });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ type: 'urn:fleet:problem:not_found', status: 404 });
  });

  it('POST then GET: partial updates merge, driver_categories replaces the map', async () => {
    const first = await call(t, {
      method: 'post',
      url: '/data/global',
      token: t.planner,
      body: { service_time: 300 },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'Global parameters saved' });
    expect((await call(t, { method: 'get', url: '/data/global', token: t.viewer })).body).toEqual({
      driver_categories: {},
      service_time: 300,
    });
    await call(t, {
      method: 'post',
      url: '/data/global',
      token: t.planner,
      body: { driver_categories: { senior: 1, junior: 1.25 } },
    });
    await call(t, {
      method: 'post',
      url: '/data/global',
      token: t.planner,
      body: { driver_categories: { senior: 0.9 }, service_time: null },
    });
    expect((await call(t, { method: 'get', url: '/data/global', token: t.viewer })).body).toEqual({
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
      const res = await call(t, { method: 'post', url: '/data/global', token: t.planner, body });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Object.keys((res.body as { errors: object }).errors)).toEqual(paths);
    }
    expect(t.bus.sent.length).toBe(before);
  });

  it('lets viewers read only (403 on POST), admins write', async () => {
    expect(
      (await call(t, { method: 'post', url: '/data/global', token: t.viewer, body: { service_time: 1 } }))
        .status,
    ).toBe(403);
    expect(
      (await call(t, { method: 'post', url: '/data/global', token: t.admin, body: { service_time: 240 } }))
        .status,
    ).toBe(200);
  });
});
