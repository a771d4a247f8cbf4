import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SchemaRegistry } from '@kafkajs/confluent-schema-registry';
import { ConflictError, UnavailableError } from '@fleet/core';
import { loadSchemaSet, registerAll, RegistryCodec, subjectFor } from './index.js';

const REGISTRY_URL = process.env['SCHEMA_REGISTRY_URL'] ?? 'http://127.0.0.1:8081/apis/ccompat/v7';
const FIXTURES = fileURLToPath(new URL('../test-fixtures/', import.meta.url));
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const topics = { commands: `it-${run}.commands`, events: `it-${run}.events` };

const closed = { depot_id: 'd1', reason: 'flooded' };

/** A copy of the fixtures with DepotClosed's fields replaced. */
function evolvedDir(fields: unknown[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-schemas-evolved-'));
  cpSync(FIXTURES, dir, { recursive: true });
  const file = join(dir, 'events/depot-closed.avsc');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { fields: unknown[] };
  writeFileSync(file, JSON.stringify({ ...schema, fields }));
  return dir;
}

const baseFields = [
  { name: 'depot_id', type: 'string' },
  { name: 'reason', type: ['null', 'string'], default: null },
];

beforeAll(async () => {
  const reachable = await fetch(`${REGISTRY_URL}/subjects`).then(
    (res) => res.ok,
    () => false,
  );
  if (!reachable) {
    throw new Error(
      `Schema registry not reachable at ${REGISTRY_URL}: start it (npm run infra:up) or set SCHEMA_REGISTRY_URL`,
    );
  }
});

describe('registerAll against a Confluent-compatible registry', () => {
  const set = loadSchemaSet(FIXTURES);
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('registers every mapped record under <topic>-<full name>, idempotently', async () => {
    const first = await registerAll(set, { registryUrl: REGISTRY_URL, topics });
    expect(first.map((r) => r.subject)).toEqual([
      `${topics.commands}-test.commands.CreateDepot`,
      `${topics.events}-test.events.DepotClosed`,
      `${topics.events}-test.events.DepotCreated`,
    ]);
    expect(first.every((r) => Number.isInteger(r.id) && r.id > 0)).toBe(true);
    const again = await registerAll(loadSchemaSet(FIXTURES), { registryUrl: REGISTRY_URL, topics });
    expect(again.map((r) => r.id)).toEqual(first.map((r) => r.id));

    const config = (await (
      await fetch(`${REGISTRY_URL}/config/${encodeURIComponent(first[0]?.subject ?? '')}`)
    ).json()) as { compatibilityLevel?: string };
    expect(config.compatibilityLevel).toBe('BACKWARD_TRANSITIVE');
  });

  it('refuses a backward-incompatible change with a ConflictError naming the subject and the reason', async () => {
    await registerAll(set, { registryUrl: REGISTRY_URL, topics });
    const dir = evolvedDir([...baseFields, { name: 'closed_by', type: 'string' }]);
    dirs.push(dir);
    const error = await registerAll(loadSchemaSet(dir), { registryUrl: REGISTRY_URL, topics }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConflictError);
    const subject = subjectFor(topics.events, 'test.events.DepotClosed');
    expect((error as ConflictError).message).toContain(subject);
    expect((error as ConflictError).message).toMatch(/incompatible/i);
    expect((error as ConflictError).errors?.['subject']).toBe(subject);
    expect(String((error as ConflictError).errors?.['reason']).length).toBeGreaterThan(0);
  });

  it('accepts a compatible change (a new field with a default) as a new version', async () => {
    const before = await registerAll(set, { registryUrl: REGISTRY_URL, topics });
    const dir = evolvedDir([...baseFields, { name: 'closed_by', type: ['null', 'string'], default: null }]);
    dirs.push(dir);
    const after = await registerAll(loadSchemaSet(dir), { registryUrl: REGISTRY_URL, topics });
    const id = (list: typeof before): number | undefined =>
      list.find((r) => r.type === 'test.events.DepotClosed')?.id;
    expect(id(after)).not.toBe(id(before));
  });

  it('lets several processes register the same new subjects at once (first registration races)', async () => {
    // As the API, the processor and the projector do on start-up: each its own codec, same fresh topics.
    const fresh = { commands: `it-${run}-race.commands`, events: `it-${run}-race.events` };
    const results = await Promise.all(
      [1, 2, 3].map(() => registerAll(loadSchemaSet(FIXTURES), { registryUrl: REGISTRY_URL, topics: fresh })),
    );
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
  });

  it('round-trips values between the registry client and the codec (wire format)', async () => {
    const codec = new RegistryCodec(set, { registryUrl: REGISTRY_URL });
    const client = new SchemaRegistry({ host: REGISTRY_URL });
    const id = await codec.register(topics.events, 'test.events.DepotClosed');

    const byClient = await client.encode(id, closed);
    expect(byClient.readUInt8(0)).toBe(0);
    expect(byClient.readInt32BE(1)).toBe(id);
    const decoded = await codec.decode(byClient, 'test.events.DepotClosed');
    expect(decoded).toEqual({ schemaId: id, type: 'test.events.DepotClosed', value: closed });

    const byCodec = await codec.encode(topics.events, 'test.events.DepotClosed', closed);
    expect(await client.decode(byCodec)).toEqual(closed);
  });

  it('decodes values written with an older registered schema into the current one', async () => {
    const dir = evolvedDir([...baseFields, { name: 'closed_by', type: ['null', 'string'], default: null }]);
    dirs.push(dir);
    const newer = new RegistryCodec(loadSchemaSet(dir), { registryUrl: REGISTRY_URL });
    const older = new RegistryCodec(set, { registryUrl: REGISTRY_URL });
    const oldTopic = `it-${run}.old`;
    const written = await older.encode(oldTopic, 'test.events.DepotClosed', closed);
    const { value } = await newer.decode(written, 'test.events.DepotClosed');
    expect(value).toEqual({ ...closed, closed_by: null });
  });

  it('reports an unreachable registry as a retriable UnavailableError', async () => {
    const codec = new RegistryCodec(set, { registryUrl: 'http://127.0.0.1:9/apis/ccompat/v7', retries: 0 });
    const error = await codec.register(topics.events, 'test.events.DepotClosed').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as UnavailableError).retriable).toBe(true);
    expect((error as UnavailableError).message).toContain('127.0.0.1:9');
  });
});
