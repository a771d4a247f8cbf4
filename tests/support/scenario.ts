import { expect } from '@jest/globals';
import { ADMIN } from './service.js';
import { client, type Client } from './http.js';

/** The users and data the scenario creates, checked again after a restart. */
export const PLANNER = { email: 'planner@example.com', password: 'planner-password-1' };
export const VIEWER = { email: 'viewer@example.com', password: 'viewer-password-1' };
export const LAST_SERVICE_TIME = 310;

async function eventuallyReady(api: Client): Promise<void> {
  const deadline = Date.now() + 30_000;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await api.request('GET', '/readyz')).status;
    if (last === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/readyz still answers ${last}`);
}

/**
 * The service over HTTP: login as the bootstrap admin, user management (201/409/400/403), master data written
 * then read at once (read-your-writes), and the 401/403/404 answers.
 */
export async function checkServiceFlow(baseUrl: string): Promise<void> {
  const api = client(baseUrl);
  expect((await api.request('GET', '/healthz')).status).toBe(200);
  await eventuallyReady(api);
  const admin = await api.login(ADMIN.email, ADMIN.password);

  // 401: no token, a forged token, wrong password.
  expect((await api.request('GET', '/data/global')).status).toBe(401);
  expect((await api.request('GET', '/data/global', { token: `${admin.slice(0, -4)}AAAA` })).status).toBe(401);
  const badLogin = await fetch(`${baseUrl}/auth/token`, {
    headers: { 'x-auth-username': ADMIN.email, 'x-auth-password': 'wrong-password' },
    signal: AbortSignal.timeout(30_000),
  });
  expect(badLogin.status).toBe(401);

  // Users: 201, 409 on a taken e-mail, 400 on a bad body.
  const created = await api.request('POST', '/admin/users', {
    token: admin,
    body: { ...PLANNER, profile: 'planner' },
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ email: PLANNER.email, profile: 'planner' });
  const taken = await api.request('POST', '/admin/users', {
    token: admin,
    body: { email: PLANNER.email.toUpperCase(), password: 'other-password', profile: 'viewer' },
  });
  expect(taken.status).toBe(409);
  expect(taken.headers.get('content-type')).toMatch(/application\/problem\+json/);
  expect(
    (await api.request('POST', '/admin/users', { token: admin, body: { email: 'nope', profile: 'x' } }))
      .status,
  ).toBe(400);
  expect(
    (await api.request('POST', '/admin/users', { token: admin, body: { ...VIEWER, profile: 'viewer' } }))
      .status,
  ).toBe(201);

  // 403: a planner may not manage users, a viewer may not write data.
  const planner = await api.login(PLANNER.email, PLANNER.password);
  const viewer = await api.login(VIEWER.email, VIEWER.password);
  const byPlanner = await api.request('POST', '/admin/users', {
    token: planner,
    body: { email: 'x@example.com', password: 'whatever-1', profile: 'viewer' },
  });
  expect(byPlanner.status).toBe(403);
  expect(
    (await api.request('POST', '/data/global', { token: viewer, body: { service_time: 1 } })).status,
  ).toBe(403);

  // Read-your-writes: every GET right after its POST sees the write.
  for (let i = 0; i <= 10; i += 1) {
    const serviceTime = 300 + i;
    const body = { service_time: serviceTime, driver_categories: { A: 1, B: 1.5 } };
    expect((await api.request('POST', '/data/global', { token: planner, body })).status).toBe(200);
    const read = await api.request('GET', '/data/global', { token: viewer });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject(body);
  }
  for (const depot of ['D1', 'D2', '42']) {
    const body = { vehicle_fill: 80, slow_down: 10, activated: true, priority: 2 };
    expect((await api.request('POST', `/data/depot/${depot}`, { token: planner, body })).status).toBe(200);
    const read = await api.request('GET', `/data/depot/${depot}`, { token: viewer });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject(body);
  }

  // 404: an unknown depot, an unknown path.
  expect((await api.request('GET', '/data/depot/unknown', { token: viewer })).status).toBe(404);
  expect((await api.request('GET', '/no/such/path', { token: viewer })).status).toBe(404);

  const users = await api.request('GET', '/admin/users', { token: admin });
  expect(users.status).toBe(200);
  expect((users.body as { email: string }[]).map((user) => user.email).sort()).toEqual(
    [ADMIN.email, PLANNER.email, VIEWER.email].sort(),
  );
}

/** After a restart on the same data: the users can log in and the data written before is served. */
export async function checkDataSurvived(baseUrl: string): Promise<void> {
  const api = client(baseUrl);
  await eventuallyReady(api);
  const admin = await api.login(ADMIN.email, ADMIN.password);
  const planner = await api.login(PLANNER.email, PLANNER.password);
  const global = await api.request('GET', '/data/global', { token: planner });
  expect(global.status).toBe(200);
  expect(global.body).toMatchObject({ service_time: LAST_SERVICE_TIME });
  expect((await api.request('GET', '/data/depot/D2', { token: planner })).body).toMatchObject({
    vehicle_fill: 80,
  });
  const users = await api.request('GET', '/admin/users', { token: admin });
  expect((users.body as unknown[]).length).toBe(3);
  // The bootstrap did not create the admin a second time.
  expect(
    (await api.request('POST', '/admin/users', { token: admin, body: { ...ADMIN, profile: 'admin' } }))
      .status,
  ).toBe(409);
}
