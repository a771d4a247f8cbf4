/**
 * The service's configuration: ONE validated schema, read from environment variables (every key below is the
 * variable's name). `loadConfig(process.env)` returns the typed object or throws a ConfigError that lists every
 * bad variable. docs/operations.md renders the same table; `fleet config` prints the effective values.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyAsUndefined, z.string().trim().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

function positiveInt(defaultValue: number, max = Number.MAX_SAFE_INTEGER) {
  return z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().max(max).default(defaultValue));
}

/** The parts a process can run; the embedded runtime runs them all in one process. */
export const ROLES = ['api', 'processor', 'projector', 'optimizer', 'notifier'] as const;
export type Role = (typeof ROLES)[number];

export const configSchema = z.object({
  PORT: z
    .preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(8080))
    .describe('TCP port of the HTTP API (0 = any free port).'),
  HOST: z
    .preprocess(emptyAsUndefined, z.string().default('0.0.0.0'))
    .describe('Interface the API listens on.'),
  FLEET_DATA_DIR: z
    .preprocess(emptyAsUndefined, z.string().default('./data'))
    .describe(
      'Embedded runtime: directory of the event log (`log/`) and read store (`store/`); also holds the generated `jwt-secret`.',
    ),
  FLEET_ADMIN_EMAIL: optionalString.describe(
    'E-mail of the admin user created at start-up when no user has it (with FLEET_ADMIN_PASSWORD).',
  ),
  FLEET_ADMIN_PASSWORD: optionalString.describe('Password of that bootstrap admin (at least 8 characters).'),
  KAFKA_BROKERS: optionalString.describe(
    'Comma-separated `host:port` list. With SCHEMA_REGISTRY_URL and MONGO_URL: the distributed runtime.',
  ),
  SCHEMA_REGISTRY_URL: optionalUrl.describe(
    'Confluent-compatible schema registry (e.g. Apicurio `.../apis/ccompat/v7`).',
  ),
  MONGO_URL: optionalUrl.describe(
    'MongoDB (or FerretDB) URL; its path names the database (default `fleet`).',
  ),
  FLEET_JWT_SECRET: optionalString.describe(
    'HMAC secret of the tokens, at least 32 bytes. Unset: generated once into FLEET_DATA_DIR/jwt-secret (mode 0600). Several API instances must share one.',
  ),
  FLEET_TOKEN_TTL_SECONDS: positiveInt(3600, 30 * 24 * 3600).describe(
    'Lifetime of an issued token, seconds.',
  ),
  FLEET_CONSISTENCY_TIMEOUT_MS: positiveInt(5000, 120_000).describe(
    'Bound of a read-your-writes wait (a GET after a write) and of a command waiting for its decision.',
  ),
  FLEET_TOPIC_PREFIX: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9._-]*$/)
        .default(''),
    )
    .describe('Prefix of topic and consumer-group names (tests use one per run).'),
  FLEET_BATCH_SIZE: positiveInt(200, 10_000).describe(
    'Most records the processor and the projector handle per batch (keeps each batch short: heartbeats go on).',
  ),
  KAFKA_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().default('fleet')).describe('Kafka client id.'),
  KAFKA_SESSION_TIMEOUT_MS: positiveInt(10_000, 300_000).describe(
    'Consumer session timeout: how long a dead consumer keeps its partitions (heartbeat = a third of it).',
  ),
  FLEET_ROLES: z
    .preprocess(
      (value) =>
        typeof value === 'string' && value.trim() !== '' ? value.split(',').map((r) => r.trim()) : undefined,
      z.array(z.enum(ROLES)).min(1).optional(),
    )
    .describe(
      `Parts this process runs, comma-separated, from ${ROLES.join(', ')}. Default: all for \`npm start\`, the app's own for \`start:<app>\`.`,
    ),
  LOG_LEVEL: z
    .preprocess(
      emptyAsUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    )
    .describe('pino log level.'),
});

type RawConfig = z.infer<typeof configSchema>;

export type Runtime =
  | { readonly kind: 'embedded'; readonly dataDir: string }
  | {
      readonly kind: 'distributed';
      readonly dataDir: string;
      readonly brokers: readonly string[];
      readonly registryUrl: string;
      readonly mongoUrl: string;
    };

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly runtime: Runtime;
  readonly admin: { readonly email: string; readonly password: string } | undefined;
  /** Undefined: resolved at start-up from FLEET_DATA_DIR/jwt-secret (see jwt-secret.ts). */
  readonly jwtSecret: string | undefined;
  readonly tokenTtlSeconds: number;
  readonly consistencyTimeoutMs: number;
  readonly topicPrefix: string;
  readonly batchSize: number;
  readonly kafka: { readonly clientId: string; readonly sessionTimeoutMs: number };
  /** Undefined: the entry point's default. */
  readonly roles: readonly Role[] | undefined;
  readonly logLevel: RawConfig['LOG_LEVEL'];
}

/** Invalid configuration: `problems` maps each variable to what is wrong with it. */
export class ConfigError extends Error {
  constructor(readonly problems: Readonly<Record<string, string>>) {
    super(
      `Invalid configuration:\n${Object.entries(problems)
        .map(([key, problem]) => `  ${key}: ${problem}`)
        .join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

export const MIN_JWT_SECRET_BYTES = 32;
const DISTRIBUTED_KEYS = ['KAFKA_BROKERS', 'SCHEMA_REGISTRY_URL', 'MONGO_URL'] as const;

function crossCheck(raw: RawConfig): Record<string, string> {
  const problems: Record<string, string> = {};
  const set = DISTRIBUTED_KEYS.filter((key) => raw[key] !== undefined);
  if (set.length > 0 && set.length < DISTRIBUTED_KEYS.length) {
    const missing = DISTRIBUTED_KEYS.filter((key) => raw[key] === undefined);
    problems[missing.join(', ')] =
      `the distributed runtime needs all of ${DISTRIBUTED_KEYS.join(', ')}; ${set.join(', ')} set but not ${missing.join(', ')} (unset all three for the embedded runtime)`;
  }
  if ((raw.FLEET_ADMIN_EMAIL === undefined) !== (raw.FLEET_ADMIN_PASSWORD === undefined)) {
    problems['FLEET_ADMIN_EMAIL, FLEET_ADMIN_PASSWORD'] = 'set both or neither';
  }
  if (raw.FLEET_ADMIN_EMAIL !== undefined && !z.email().safeParse(raw.FLEET_ADMIN_EMAIL).success) {
    problems.FLEET_ADMIN_EMAIL = 'not an e-mail address';
  }
  if (raw.FLEET_ADMIN_PASSWORD !== undefined && raw.FLEET_ADMIN_PASSWORD.length < 8) {
    problems.FLEET_ADMIN_PASSWORD = 'at least 8 characters';
  }
  if (raw.FLEET_JWT_SECRET !== undefined && Buffer.byteLength(raw.FLEET_JWT_SECRET) < MIN_JWT_SECRET_BYTES) {
    problems.FLEET_JWT_SECRET = `at least ${MIN_JWT_SECRET_BYTES} bytes`;
  }
  const brokers = (raw.KAFKA_BROKERS ?? '').split(',').map((b) => b.trim());
  if (raw.KAFKA_BROKERS !== undefined && brokers.some((b) => !/^[^\s:]+:\d{1,5}$/.test(b))) {
    problems.KAFKA_BROKERS = 'expected host:port[,host:port...]';
  }
  return problems;
}

function runtimeOf(raw: RawConfig, dataDir: string): Runtime {
  if (
    raw.KAFKA_BROKERS === undefined ||
    raw.SCHEMA_REGISTRY_URL === undefined ||
    raw.MONGO_URL === undefined
  ) {
    return { kind: 'embedded', dataDir };
  }
  return {
    kind: 'distributed',
    dataDir,
    brokers: raw.KAFKA_BROKERS.split(',').map((b) => b.trim()),
    registryUrl: raw.SCHEMA_REGISTRY_URL,
    mongoUrl: raw.MONGO_URL,
  };
}

/** Reads and validates the configuration from `env` (only the keys of `configSchema` are looked at). */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.') || '(root)';
      problems[key] ??= issue.message;
    }
    throw new ConfigError(problems);
  }
  const raw = parsed.data;
  const problems = crossCheck(raw);
  if (Object.keys(problems).length > 0) throw new ConfigError(problems);
  const dataDir = resolve(raw.FLEET_DATA_DIR);
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    runtime: runtimeOf(raw, dataDir),
    admin:
      raw.FLEET_ADMIN_EMAIL !== undefined && raw.FLEET_ADMIN_PASSWORD !== undefined
        ? { email: raw.FLEET_ADMIN_EMAIL, password: raw.FLEET_ADMIN_PASSWORD }
        : undefined,
    jwtSecret: raw.FLEET_JWT_SECRET,
    tokenTtlSeconds: raw.FLEET_TOKEN_TTL_SECONDS,
    consistencyTimeoutMs: raw.FLEET_CONSISTENCY_TIMEOUT_MS,
    topicPrefix: raw.FLEET_TOPIC_PREFIX,
    batchSize: raw.FLEET_BATCH_SIZE,
    kafka: { clientId: raw.KAFKA_CLIENT_ID, sessionTimeoutMs: raw.KAFKA_SESSION_TIMEOUT_MS },
    roles: raw.FLEET_ROLES,
    logLevel: raw.LOG_LEVEL,
  };
}

/** One entry per variable: name, default (if any) and description (for `fleet config` and the docs). */
export function describeConfig(): { name: string; defaultValue: string | undefined; description: string }[] {
  const defaults: Readonly<Record<string, unknown>> = configSchema.parse({});
  return Object.entries(configSchema.shape).map(([name, schema]) => {
    const value = defaults[name];
    return {
      name,
      defaultValue: value === undefined ? undefined : JSON.stringify(value).replace(/^"(.*)"$/, '$1'),
      description: schema.description ?? '',
    };
  });
}
