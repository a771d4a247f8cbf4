import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, MIN_JWT_SECRET_BYTES, type Config } from './config.js';

/**
 * The token-signing secret: FLEET_JWT_SECRET when set, else the content of FLEET_DATA_DIR/jwt-secret, created
 * once with 48 random bytes (base64url) and mode 0600 so that tokens survive a restart.
 */
export function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): {
  readonly secret: string;
  readonly source: 'env' | 'file' | 'generated';
} {
  if (config.jwtSecret !== undefined) return { secret: config.jwtSecret, source: 'env' };
  const file = join(config.dataDir, 'jwt-secret');
  mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx': fails if the file exists, so two processes starting at once never overwrite each other's secret.
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    return { secret: readSecretFile(file), source: 'generated' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return { secret: readSecretFile(file), source: 'file' };
}

function readSecretFile(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (Buffer.byteLength(secret) < MIN_JWT_SECRET_BYTES) {
    throw new ConfigError({
      [file]: `holds fewer than ${MIN_JWT_SECRET_BYTES} bytes; delete it to have a new one generated`,
    });
  }
  return secret;
}
