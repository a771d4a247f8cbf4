import { useTestApp } from './testing/fixtures.spec.js';
import { ADMIN, bearer, call } from './testing/test-app.spec.js';

/**
 * Real answers of EVERY endpoint, checked against the served OpenAPI document (status, media type, body
 * schema), and a proof that the check catches an answer that does not match.
 */
describe('OpenAPI document vs real answers', () => {
  const t = useTestApp();

  it('every operation answers its documented success status with a body of its documented schema', async () => {
    const login = await call(t, {
      method: 'get',
      url: '/auth/token',
      headers: { 'x-auth-username': ADMIN.email, 'x-auth-password': ADMIN.password },
    });
    const admin = bearer((login.body as { token: string }).token);
    const vehicle = { id: 'v1', payload: 800, cargo_volume: 6 };
    const calls = [
      { method: 'get', url: '/healthz' },
      { method: 'get', url: '/readyz' },
      { method: 'get', url: '/metrics' },
      { method: 'get', url: '/openapi.json' },
      { method: 'get', url: '/auth/token/renew', token: admin },
      {
        method: 'post',
        url: '/admin/users',
        token: admin,
        body: { email: 'p@example.com', password: 'planner-pass', profile: 'planner' },
      },
      { method: 'get', url: '/admin/users', token: admin },
      { method: 'delete', url: '/admin/users/2', token: admin },
      {
        method: 'post',
        url: '/data/global',
        token: admin,
        body: { driver_categories: { senior: 1 }, service_time: 120 },
      },
      { method: 'get', url: '/data/global', token: admin },
      { method: 'post', url: '/data/depot/7', token: admin, body: { lat: 41.39, lng: 2.17, priority: 2 } },
      { method: 'get', url: '/data/depot/7', token: admin },
      {
        method: 'post',
        url: '/data/depot/7/drivers/2026-11-24',
        token: admin,
        body: [{ id: 'd1', category: 'senior', vehicle }],
      },
      { method: 'get', url: '/data/depot/7/drivers/2026-11-24', token: admin },
    ] as const;
    for (const spec of calls) {
      const res = await call(t, spec);
      expect([spec.method, spec.url, res.status < 300]).toEqual([spec.method, spec.url, true]);
    }
    const succeeded = new Set([...t.checker.seen].map((seen) => seen.replace(/ \d+$/, '')));
    expect(t.checker.operations().filter((operation) => !succeeded.has(operation))).toEqual([]);
  });

  it('catches answers that do not match the document', () => {
    const base = { method: 'get', url: '/data/global', contentType: 'application/json', text: '{}' };
    expect(
      t.checker.check({ ...base, status: 200, body: { driver_categories: {}, service_time: 300 } }),
    ).toEqual([]);
    expect(
      t.checker.check({ ...base, status: 200, body: { driver_categories: {}, service_time: '300' } }),
    ).not.toEqual([]);
    expect(t.checker.check({ ...base, status: 200, body: { service_time: 300 } })).not.toEqual([]);
    expect(t.checker.check({ ...base, status: 418, body: {} })).toEqual([
      'get /data/global: status 418 not documented',
    ]);
    expect(t.checker.check({ ...base, status: 404, body: { title: 'x' } })).not.toEqual([]);
    expect(t.checker.check({ ...base, url: '/elsewhere', status: 200, body: {} })).not.toEqual([]);
  });
});
