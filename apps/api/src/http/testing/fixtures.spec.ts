/**
 * Test support (not a test): the test app of a describe block. `const t = useSignedInApp()` registers a
 * beforeAll that makes the app and an afterAll that closes it; tests and later hooks read `t`.
 */
import { ADMIN, bearer, createTestApp, type TestApp, type TestAppOptions } from './test-app.spec.js';

export const PLANNER = { email: 'planner@example.com', password: 'planner-password' };
export const VIEWER = { email: 'viewer@example.com', password: 'viewer-password' };

/** A test app with a user of each profile (ids 1 admin, 2 planner, 3 viewer), each logged in. */
export interface SignedInApp extends TestApp {
  /** `Authorization` header values: `Bearer JWT <jwt>`. */
  readonly admin: string;
  readonly planner: string;
  readonly viewer: string;
}

/**
 * Makes the fixture in a beforeAll and closes it in an afterAll of the calling describe block. The object
 * returned is empty until that beforeAll ran, then it has every property of the fixture, accessors included
 * (TestApp.clock is one).
 */
function useFixture<T extends { close(): Promise<void> }>(make: () => Promise<T>): T {
  const fixture = {} as T;
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
    Object.defineProperties(fixture, Object.getOwnPropertyDescriptors(made));
  });
  afterAll(() => made?.close());
  return fixture;
}

/** createTestApp for a describe block: the admin only, nobody logged in. */
export const useTestApp = (options: TestAppOptions = {}): TestApp => useFixture(() => createTestApp(options));

export function useSignedInApp(options: TestAppOptions = {}): SignedInApp {
  return useFixture(async () => {
    const t = await createTestApp(options);
    await t.addUser(PLANNER.email, PLANNER.password, 'planner');
    await t.addUser(VIEWER.email, VIEWER.password, 'viewer');
    return Object.assign(t, {
      admin: bearer(await t.login(ADMIN.email, ADMIN.password)),
      planner: bearer(await t.login(PLANNER.email, PLANNER.password)),
      viewer: bearer(await t.login(VIEWER.email, VIEWER.password)),
    });
  });
}
