import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from './config.js';
import { resolveJwtSecret } from './config-jwt-secret.js';

describe('the token secret', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'fleet-secret-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is generated once into the data dir with mode 0600, then reused', () => {
    const first = resolveJwtSecret({ jwtSecret: undefined, dataDir });
    expect(first.source).toBe('generated');
    expect(Buffer.byteLength(first.secret)).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret({ jwtSecret: undefined, dataDir })).toEqual({
      secret: first.secret,
      source: 'file',
    });
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.secret);
  });

  it('comes from FLEET_JWT_SECRET when set, and refuses a too short file', () => {
    expect(resolveJwtSecret({ jwtSecret: 's'.repeat(40), dataDir })).toEqual({
      secret: 's'.repeat(40),
      source: 'env',
    });
    writeFileSync(join(dataDir, 'jwt-secret'), 'short');
    expect(() => resolveJwtSecret({ jwtSecret: undefined, dataDir })).toThrow(ConfigError);
  });
});
