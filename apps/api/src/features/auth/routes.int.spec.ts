import jwt from 'jsonwebtoken';
import { useTestApp } from '../../http/testing/fixtures.spec.js';
import { ADMIN, AUTH, bearer, call } from '../../http/testing/test-app.spec.js';

describe('auth endpoints', () => {
  const t = useTestApp();
  beforeAll(() => t.addUser('viewer@example.com', 'viewer-password', 'viewer'));

  const login = (email: string, password: string) =>
    call(t, {
      method: 'get',
      url: '/auth/token',
      headers: { 'x-auth-username': email, 'x-auth-password': password },
    });

  it('GET /auth/token answers a `JWT <jwt>` token, its lifetime in seconds and the token-form user', async () => {
    const res = await login(ADMIN.email, ADMIN.password);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      token: expect.stringMatching(/^JWT [\w-]+\.[\w-]+\.[\w-]+$/) as unknown,
      expires_in: 3600,
      user: { id: 1, email: ADMIN.email, profile: 1, fullname: '', last_login: t.clock.toISOString() },
    });
    // Checked at the test app's clock (the token was issued at it), not the wall clock.
    const claims = jwt.verify((res.body as { token: string }).token.slice(4), t.secret, {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(t.clock.getTime() / 1000),
    }) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: '1', iss: AUTH.issuer, aud: AUTH.audience });
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it('records the login in the log (UserLoggedIn), which sets users.last_login', async () => {
    await login('viewer@example.com', 'viewer-password');
    const last = t.bus.sent.at(-1);
    expect(last?.command).toMatchObject({
      type: 'RecordLogin',
      key: 'users',
      data: { at: t.clock.toISOString() },
    });
    const viewer = (await t.store.collection('users').find({ email: 'viewer@example.com' }))[0];
    expect(viewer?.last_login).toBe(t.clock.toISOString());
  });

  it('answers the same 401 body for an unknown e-mail, a wrong password and a disabled user', async () => {
    await t.addUser('gone@example.com', 'gone-password', 'planner');
    const admin = bearer(await t.login(ADMIN.email, ADMIN.password));
    const gone = (await t.store.collection('users').find({ email: 'gone@example.com' }))[0]!;
    expect(
      (await call(t, { method: 'delete', url: `/admin/users/${String(gone.id)}`, token: admin })).status,
    ).toBe(204);

    const unknown = await login('nobody@example.com', 'whatever-password');
    const wrong = await login(ADMIN.email, 'wrong-password');
    const disabled = await login('gone@example.com', 'gone-password');
    for (const res of [unknown, wrong, disabled]) {
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect(wrong.body).toEqual(unknown.body);
    expect(disabled.body).toEqual(unknown.body);
    expect(unknown.body).toEqual({
      type: 'urn:fleet:problem:unauthorized',
      title: 'Unauthorized',
      status: 401,
      detail: 'Invalid e-mail or password',
      instance: '/auth/token',
    });
  });

  it('answers 400 naming the missing login headers', async () => {
    const res = await call(t, {
      method: 'get',
      url: '/auth/token',
      headers: { 'x-auth-username': ADMIN.email },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { 'headers.x-auth-password': expect.any(String) as unknown } });
  });

  it('accepts Bearer <jwt>, Bearer JWT <jwt> and JWT <jwt>', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const raw = token.slice('JWT '.length);
    for (const header of [`Bearer ${raw}`, `Bearer ${token}`, token]) {
      expect((await call(t, { method: 'get', url: '/auth/token/renew', token: header })).status).toBe(200);
    }
  });

  it('GET /auth/token/renew answers a new token and the renew-form user', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const res = await call(t, { method: 'get', url: '/auth/token/renew', token: bearer(token) });
    expect(res.body).toEqual({
      token: expect.stringMatching(/^JWT /) as unknown,
      expires_in: 3600,
      user: { id: 1, email: ADMIN.email, profile: 'admin', name: '', surname: '', username: ADMIN.email },
    });
  });

  it('answers 401 for a missing, forged, expired or foreign token', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const raw = token.slice(4);
    const foreign = jwt.sign({ sub: '1' }, t.secret, {
      algorithm: 'HS256',
      issuer: 'other',
      audience: AUTH.audience,
    });
    for (const header of [undefined, 'Bearer nonsense', `Bearer ${raw}x`, `Bearer ${foreign}`]) {
      const res = await call(t, {
        method: 'get',
        url: '/auth/token/renew',
        ...(header ? { token: header } : {}),
      });
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="fleet"');
    }
    const saved = t.clock;
    t.clock = new Date(saved.getTime() + 3601_000);
    expect((await call(t, { method: 'get', url: '/auth/token/renew', token: bearer(token) })).status).toBe(
      401,
    );
    t.clock = saved;
  });
});
