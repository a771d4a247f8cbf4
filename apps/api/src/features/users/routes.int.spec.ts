import type { UserDoc } from './documents.js';
import { useSignedInApp } from '../../http/testing/fixtures.spec.js';
import { bearer, call } from '../../http/testing/test-app.spec.js';

describe('admin users endpoints', () => {
  const t = useSignedInApp();

  const newUser = {
    email: 'Eva@Example.com',
    password: 'eva-password',
    profile: 2,
    name: 'Eva',
    surname: 'Lopez',
  };

  it('POST /admin/users creates a user with the next integer id (profile as integer or name)', async () => {
    const res = await call(t, { method: 'post', url: '/admin/users', token: t.admin, body: newUser });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe('/admin/users/4');
    expect(res.body).toEqual({
      id: 4,
      email: 'eva@example.com',
      username: 'eva@example.com',
      name: 'Eva',
      surname: 'Lopez',
      profile: 'planner',
      profile_id: 2,
      disabled: false,
      created_at: t.clock.toISOString(),
      disabled_at: null,
      last_login: null,
    });
    const byName = await call(t, {
      method: 'post',
      url: '/admin/users',
      token: t.admin,
      body: { ...newUser, email: 'max@example.com', profile: 'viewer' },
    });
    expect(byName.body).toMatchObject({ id: 5, profile: 'viewer', profile_id: 3 });
    // The command carries the scrypt hash, never the password.
    const created = t.bus.sent.find(
      (s) => s.command.type === 'CreateUser' && s.command.data.email === 'eva@example.com',
    );
    expect(JSON.stringify(created)).not.toContain('eva-password');
    expect(created?.command.data.password_hash).toMatch(/^scrypt\$/);
    expect(created?.userId).toBe('1');
    // The new user can log in.
    expect((await t.login('eva@example.com', 'eva-password')).startsWith('JWT ')).toBe(true);
  });

  it('answers 409 for a taken e-mail (any case)', async () => {
    const res = await call(t, {
      method: 'post',
      url: '/admin/users',
      token: t.admin,
      body: { ...newUser, email: 'PLANNER@example.com' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      type: 'urn:fleet:problem:conflict',
      errors: { 'body.email': 'already taken' },
    });
  });

  it('answers 400 with the offending paths, and stores nothing', async () => {
    const before = t.bus.sent.length;
    const res = await call(t, {
      method: 'post',
      url: '/admin/users',
      token: t.admin,
      body: { email: 'not-an-email', password: 'short', profile: 'boss' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys((res.body as { errors: object }).errors).sort()).toEqual([
      'body.email',
      'body.password',
      'body.profile',
    ]);
    expect(t.bus.sent.length).toBe(before);
  });

  it('GET /admin/users lists every user by id, without password hashes', async () => {
    const res = await call(t, { method: 'get', url: '/admin/users', token: t.admin });
    expect(res.status).toBe(200);
    const users = res.body as { id: number; email: string }[];
    expect(users.map((user) => user.id)).toEqual([1, 2, 3, 4, 5]);
    expect(res.text).not.toContain('scrypt');
  });

  it('refuses planners and viewers with 403', async () => {
    for (const token of [t.planner, t.viewer]) {
      expect((await call(t, { method: 'get', url: '/admin/users', token })).status).toBe(403);
      expect((await call(t, { method: 'post', url: '/admin/users', token, body: newUser })).status).toBe(403);
      expect((await call(t, { method: 'delete', url: '/admin/users/2', token })).status).toBe(403);
    }
  });

  it('DELETE /admin/users/:id disables the user at once: its old token gets 401, its login 401', async () => {
    await t.addUser('temp@example.com', 'temp-password', 'planner');
    const temp = bearer(await t.login('temp@example.com', 'temp-password'));
    expect((await call(t, { method: 'get', url: '/data/global', token: temp })).status).toBe(404);
    const [tempUser] = await t.store.collection<UserDoc>('users').find({ email: 'temp@example.com' });
    const id = tempUser!.id;
    expect((await call(t, { method: 'delete', url: `/admin/users/${id}`, token: t.admin })).status).toBe(204);
    expect((await call(t, { method: 'get', url: '/data/global', token: temp })).status).toBe(401);
    await expect(t.login('temp@example.com', 'temp-password')).rejects.toThrow('401');
    // Idempotent.
    expect((await call(t, { method: 'delete', url: `/admin/users/${id}`, token: t.admin })).status).toBe(204);
  });

  it('answers 404 for an unknown user, 400 for an id that is not one', async () => {
    expect((await call(t, { method: 'delete', url: '/admin/users/999', token: t.admin })).status).toBe(404);
    expect((await call(t, { method: 'delete', url: '/admin/users/abc', token: t.admin })).status).toBe(400);
  });

  it('refuses to disable the last active admin with 409', async () => {
    const res = await call(t, { method: 'delete', url: '/admin/users/1', token: t.admin });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ detail: 'The last active admin cannot be disabled' });
  });
});
