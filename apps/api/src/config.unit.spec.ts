import { resolve } from 'node:path';
import { ConfigError, describeConfig, loadConfig } from './config.js';

const DISTRIBUTED = {
  KAFKA_BROKERS: '127.0.0.1:9092, 127.0.0.1:9093',
  SCHEMA_REGISTRY_URL: 'http://127.0.0.1:8081/apis/ccompat/v7',
  MONGO_URL: 'mongodb://127.0.0.1:27017/fleet',
};

function problemsOf(env: Record<string, string>): Readonly<Record<string, string>> {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('defaults to the embedded runtime on port 8080 with ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: resolve('./data'),
      runtime: { kind: 'embedded' },
      admin: undefined,
      tokenTtlSeconds: 3600,
      consistencyTimeoutMs: 5000,
      topicPrefix: '',
      roles: undefined,
      logLevel: 'info',
    });
  });

  it('is distributed when the three server variables are set', () => {
    const config = loadConfig({ ...DISTRIBUTED, PORT: '9000', FLEET_ROLES: 'api, processor' });
    expect(config.runtime).toEqual({
      kind: 'distributed',
      dataDir: resolve('./data'),
      brokers: ['127.0.0.1:9092', '127.0.0.1:9093'],
      registryUrl: DISTRIBUTED.SCHEMA_REGISTRY_URL,
      mongoUrl: DISTRIBUTED.MONGO_URL,
    });
    expect(config.port).toBe(9000);
    expect(config.roles).toEqual(['api', 'processor']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ KAFKA_BROKERS: '', SCHEMA_REGISTRY_URL: ' ', MONGO_URL: '' }).runtime.kind).toBe(
      'embedded',
    );
  });

  it('refuses a partial distributed set, naming what is missing', () => {
    const problems = problemsOf({ KAFKA_BROKERS: DISTRIBUTED.KAFKA_BROKERS });
    expect(Object.keys(problems)).toEqual(['SCHEMA_REGISTRY_URL, MONGO_URL']);
    expect(Object.values(problems)[0]).toMatch(/needs all of KAFKA_BROKERS, SCHEMA_REGISTRY_URL, MONGO_URL/);
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      FLEET_TOKEN_TTL_SECONDS: '-5',
      LOG_LEVEL: 'loud',
      FLEET_ROLES: 'api,cook',
    });
    expect(Object.keys(problems).sort()).toEqual([
      'FLEET_ROLES.1',
      'FLEET_TOKEN_TTL_SECONDS',
      'LOG_LEVEL',
      'PORT',
    ]);
  });

  it('checks the admin pair, the secret length and the broker list', () => {
    expect(problemsOf({ FLEET_ADMIN_EMAIL: 'a@example.com' })).toHaveProperty([
      'FLEET_ADMIN_EMAIL, FLEET_ADMIN_PASSWORD',
    ]);
    expect(problemsOf({ FLEET_ADMIN_EMAIL: 'nope', FLEET_ADMIN_PASSWORD: 'long-enough' })).toHaveProperty(
      'FLEET_ADMIN_EMAIL',
    );
    expect(problemsOf({ FLEET_ADMIN_EMAIL: 'a@example.com', FLEET_ADMIN_PASSWORD: 'short' })).toHaveProperty(
      'FLEET_ADMIN_PASSWORD',
    );
    expect(problemsOf({ FLEET_JWT_SECRET: 'x'.repeat(31) })).toHaveProperty('FLEET_JWT_SECRET');
    expect(loadConfig({ FLEET_JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toHaveLength(32);
    expect(problemsOf({ ...DISTRIBUTED, KAFKA_BROKERS: 'localhost' })).toHaveProperty('KAFKA_BROKERS');
  });

  it('describes every variable with its default', () => {
    const described = describeConfig();
    expect(described.find((entry) => entry.name === 'PORT')).toMatchObject({ defaultValue: '8080' });
    expect(described.find((entry) => entry.name === 'MONGO_URL')).toMatchObject({ defaultValue: undefined });
    expect(described.every((entry) => entry.description.length > 10)).toBe(true);
  });
});
