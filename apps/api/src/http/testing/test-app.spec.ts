/**
 * Test support (not a test): createHttpApp over the embedded read store (real LMDB files in a temporary dir)
 * and the in-test bus, with an admin user, plus a request helper that checks every answer against the
 * OpenAPI document.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import request from 'supertest';
import { createEmbeddedReadStore, type ReadStore } from '@fleet/read-store';
import { features } from '../../features/index.js';
import { createPasswordHasher, type ScryptParams } from '../../features/auth/passwords.js';
import { createUserCommand } from '../../features/users/commands.js';
import type { ProfileName } from '../../features/users/profiles.js';
import { createHttpApp } from '../app.js';
import { buildOpenApiDocument } from '../openapi.js';
import { createInTestBus, featureContext, type InTestBus } from './in-test-bus.spec.js';
import { OpenApiChecker } from './openapi-check.spec.js';

export const CHEAP_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1 };
export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };
export const AUTH = { issuer: 'fleet', audience: 'fleet-api', ttlSeconds: 3600 };

export interface TestApp {
  readonly app: Express;
  readonly store: ReadStore;
  readonly bus: InTestBus;
  readonly secret: Buffer;
  readonly metrics: Registry;
  readonly checker: OpenApiChecker;
  /** The clock of the app; tests move it. */
  clock: Date;
  setReady(ready: boolean): void;
  /** Creates a user directly through the bus (as the bootstrap does). */
  addUser(email: string, password: string, profile: ProfileName): Promise<void>;
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  readonly bodyLimitBytes?: number;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-http-'));
  const store = await createEmbeddedReadStore({ dir, flushEachCommit: false });
  let ready = true;
  const holder = { clock: new Date('2026-11-23T08:00:00.000Z') };
  const now = () => holder.clock;
  const bus = createInTestBus(features, store, now);
  const secret = randomBytes(32);
  const metrics = new Registry();
  const app = createHttpApp({
    features,
    context: featureContext(bus, store, now),
    auth: { ...AUTH, secret, scrypt: CHEAP_SCRYPT },
    ready: () => Promise.resolve(ready),
    metrics,
    logger: pino({ level: 'silent' }),
    ...(options.bodyLimitBytes !== undefined ? { bodyLimitBytes: options.bodyLimitBytes } : {}),
  });
  const hasher = createPasswordHasher(CHEAP_SCRYPT);
  const checker = new OpenApiChecker(buildOpenApiDocument(features));

  const testApp: TestApp = {
    app,
    store,
    bus,
    secret,
    metrics,
    checker,
    get clock() {
      return holder.clock;
    },
    set clock(value: Date) {
      holder.clock = value;
    },
    setReady(value) {
      ready = value;
    },
    async addUser(email, password, profile) {
      const command = createUserCommand({ email, passwordHash: await hasher.hash(password), profile });
      await bus.send(command, { userId: 'bootstrap', awaitOutcome: true });
    },
    async login(email, password) {
      const res = await request(app)
        .get('/auth/token')
        .set('x-auth-username', email)
        .set('x-auth-password', password);
      if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status}`);
      return (res.body as { token: string }).token;
    },
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await testApp.addUser(ADMIN.email, ADMIN.password, 'admin');
  return testApp;
}

export interface Call {
  readonly method: 'get' | 'post' | 'delete' | 'put' | 'patch';
  readonly url: string;
  readonly token?: string;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Sends a request and fails the test when the answer does not match the OpenAPI document. */
export async function call(test: TestApp, spec: Call): Promise<request.Response> {
  let req = request(test.app)[spec.method](spec.url);
  if (spec.token !== undefined) req = req.set('Authorization', spec.token);
  for (const [name, value] of Object.entries(spec.headers ?? {})) req = req.set(name, value);
  const res = spec.body === undefined ? await req : await req.send(spec.body as object);
  const problems = test.checker.check({
    method: spec.method,
    url: spec.url,
    status: res.status,
    contentType: res.headers['content-type'],
    body: res.body as unknown,
    text: res.text ?? '',
  });
  expect(problems).toEqual([]);
  return res;
}

/** `Bearer JWT <jwt>` from the token string `JWT <jwt>`. */
export const bearer = (token: string): string => `Bearer ${token}`;
