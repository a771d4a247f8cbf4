import { mkdtempSync, mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import avro from 'avsc';
import { NotFoundError, ValidationError } from '@fleet/core';
import { defaultSchemaDir, loadSchemaSet, topicAssignments } from './index.js';

const FIXTURES = fileURLToPath(new URL('../test-fixtures/', import.meta.url));

const depotCreated = {
  depot_id: 'd1',
  location: { lat: 48.85, lng: 2.35 },
  status: 'ACTIVE',
  tags: ['north'],
  capacity_kg: 1200,
};

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('loadSchemaSet', () => {
  const set = loadSchemaSet(FIXTURES);

  it('loads every file, resolving names defined in files read later', () => {
    // commands/create-depot.avsc sorts before common/location.avsc, which it references.
    expect(set.names()).toEqual([
      'test.commands.CreateDepot',
      'test.common.Location',
      'test.events.DepotClosed',
      'test.events.DepotCreated',
    ]);
    expect(set.message('test.commands.CreateDepot').group).toBe('commands');
    expect(set.message('test.events.DepotCreated').file).toBe('events/depot-created.avsc');
    expect(set.has('test.common.DepotStatus')).toBe(false); // an enum: shared type, not a message
  });

  it('validates, listing every bad path', () => {
    expect(() => set.validate('test.events.DepotCreated', depotCreated)).not.toThrow();
    const error = caught(() =>
      set.validate('test.events.DepotCreated', {
        ...depotCreated,
        location: { lat: 'north', lng: 2 },
        status: 'OPEN',
        capacity_kg: 1.5,
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    const { errors, message } = error as ValidationError;
    expect(Object.keys(errors ?? {}).sort()).toEqual(['capacity_kg', 'location.lat', 'status']);
    expect(message).toContain('test.events.DepotCreated');
  });

  it('refuses missing required fields and undeclared fields', () => {
    const missing = caught(() =>
      set.validate('test.events.DepotClosed', { reason: null }),
    ) as ValidationError;
    expect(Object.keys(missing.errors ?? {})).toEqual(['depot_id']);
    const extra = caught(() =>
      set.validate('test.events.DepotClosed', { depot_id: 'd', reason: null, typo: 1 }),
    ) as ValidationError;
    expect(extra).toBeInstanceOf(ValidationError);
  });

  it('names unknown types with NotFoundError', () => {
    expect(caught(() => set.validate('test.events.Nope', {}))).toBeInstanceOf(NotFoundError);
  });

  it('encodes and decodes binary Avro', () => {
    const buffer = set.encode('test.events.DepotCreated', depotCreated);
    expect(Buffer.isBuffer(buffer)).toBe(true);
    expect(set.decode('test.events.DepotCreated', buffer)).toEqual(depotCreated);
  });

  it('decodes values written with an older schema (field added with a default)', () => {
    const writer = avro.Type.forSchema({
      type: 'record',
      name: 'DepotClosed',
      namespace: 'test.events',
      fields: [{ name: 'depot_id', type: 'string' }],
    });
    const old = writer.toBuffer({ depot_id: 'd9' });
    expect(set.decode('test.events.DepotClosed', old, writer)).toEqual({ depot_id: 'd9', reason: null });
  });

  it('maps folders to topics', () => {
    expect(topicAssignments(set, { commands: 'c', events: 'e' })).toEqual([
      { topic: 'c', type: 'test.commands.CreateDepot' },
      { topic: 'e', type: 'test.events.DepotClosed' },
      { topic: 'e', type: 'test.events.DepotCreated' },
    ]);
  });
});

describe('loadSchemaSet on broken dirs', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-schemas-'));
    mkdirSync(join(dir, 'events'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, schema: unknown): void =>
    writeFileSync(join(dir, file), JSON.stringify(schema));

  it('reports an undefined reference with the file', () => {
    write('events/a.avsc', {
      type: 'record',
      name: 'A',
      namespace: 'x',
      fields: [{ name: 'b', type: 'x.Missing' }],
    });
    const error = caught(() => loadSchemaSet(dir)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/events\/a\.avsc.*x\.Missing/);
  });

  it('reports a name defined twice', () => {
    write('events/a.avsc', { type: 'record', name: 'A', namespace: 'x', fields: [] });
    write('events/b.avsc', { type: 'record', name: 'A', namespace: 'x', fields: [] });
    expect((caught(() => loadSchemaSet(dir)) as Error).message).toContain('defined twice');
  });

  it('accepts types that reference each other across files (recursive Avro types)', () => {
    const optional = (type: string) => ({
      name: type.slice(2).toLowerCase(),
      type: ['null', type],
      default: null,
    });
    write('events/a.avsc', { type: 'record', name: 'A', namespace: 'x', fields: [optional('x.B')] });
    write('events/b.avsc', { type: 'record', name: 'B', namespace: 'x', fields: [optional('x.A')] });
    const set = loadSchemaSet(dir);
    const value = { b: { a: { b: null } } };
    expect(set.decode('x.A', set.encode('x.A', value))).toEqual(value);
  });

  it('reports invalid JSON and a missing dir', () => {
    writeFileSync(join(dir, 'events/a.avsc'), '{ nope');
    expect((caught(() => loadSchemaSet(dir)) as Error).message).toContain('not valid JSON');
    expect((caught(() => loadSchemaSet(join(dir, 'absent'))) as Error).message).toContain('cannot be read');
  });
});

describe('the repository schema dir', () => {
  it('is found from the package location and loads', () => {
    const dir = defaultSchemaDir();
    expect(dir.endsWith('/schemas/')).toBe(true);
    expect(existsSync(dir)).toBe(true);
    expect(Array.isArray(loadSchemaSet().names())).toBe(true);
  });
});
