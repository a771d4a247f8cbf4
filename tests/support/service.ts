import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, ROLES, type Role } from '@fleet/api/config';
import { defaultComposition } from '@fleet/api/runtime/composition';
import { createLogger } from '@fleet/api/runtime/logger';
import { startService, type RunningService } from '@fleet/api/runtime/service';

export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' };

/** Cheap scrypt for tests (the code path is the production one; only the cost differs). */
export const TEST_SCRYPT = { N: 1024, r: 8, p: 1 };

export function tempDir(label: string): { readonly dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `fleet-${label}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts the service in this process on a random port; `env` adds to (and overrides) the test defaults. */
export async function startTestService(
  env: Readonly<Record<string, string>>,
  roles: readonly Role[] = ROLES,
): Promise<RunningService> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    FLEET_ADMIN_EMAIL: ADMIN.email,
    FLEET_ADMIN_PASSWORD: ADMIN.password,
    FLEET_CONSISTENCY_TIMEOUT_MS: '10000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...env,
  });
  return startService({
    config,
    roles,
    composition: await defaultComposition({ scrypt: TEST_SCRYPT }),
    logger: createLogger(config, 'test-service'),
  });
}
