import avro from 'avsc';
import type { Type } from 'avsc';
import type { SchemaSet } from '@fleet/schemas';
import { schemaKey } from './keys.js';

/**
 * The embedded log's own little schema registry: each record stores the id of the schema it was written with,
 * so values written before a schema evolved still decode (resolved into the current schema), as Kafka does
 * with registry ids.
 */
export class WriterSchemas {
  private readonly idByFingerprint = new Map<string, number>();
  private readonly typeById = new Map<number, Type>();
  private readonly jsonById = new Map<number, string>();
  private readonly persisted = new Set<number>();
  /** Local message type name -> id of its current schema. */
  private readonly localIds = new Map<string, number>();
  private nextId = 1;

  constructor(
    private readonly schemas: SchemaSet,
    stored: Iterable<readonly [number, string]>,
  ) {
    for (const [id, json] of stored) {
      const type = avro.Type.forSchema(JSON.parse(json) as avro.Schema, { omitRecordMethods: true });
      this.remember(id, json, type);
      this.persisted.add(id);
      this.nextId = Math.max(this.nextId, id + 1);
    }
  }

  private remember(id: number, json: string, type: Type): void {
    this.idByFingerprint.set(type.fingerprint('sha256').toString('hex'), id);
    this.typeById.set(id, type);
    this.jsonById.set(id, json);
  }

  /** Id of the current schema of `name`, plus the write that stores it when it is not on disk yet. */
  idFor(name: string): { id: number; put?: { key: string; value: Buffer } } {
    let id = this.localIds.get(name);
    if (id === undefined) {
      const type = this.schemas.type(name);
      const fingerprint = type.fingerprint('sha256').toString('hex');
      id = this.idByFingerprint.get(fingerprint);
      if (id === undefined) {
        id = this.nextId++;
        this.remember(id, JSON.stringify(type.schema({ exportAttrs: true })), type);
      }
      this.localIds.set(name, id);
    }
    if (this.persisted.has(id)) return { id };
    return { id, put: { key: schemaKey(id), value: Buffer.from(this.jsonById.get(id) ?? '', 'utf8') } };
  }

  private currentId(name: string): number | undefined {
    const known = this.localIds.get(name);
    if (known !== undefined) return known;
    const fingerprint = this.schemas.type(name).fingerprint('sha256').toString('hex');
    const id = this.idByFingerprint.get(fingerprint);
    if (id !== undefined) this.localIds.set(name, id);
    return id;
  }

  markPersisted(ids: Iterable<number>): void {
    for (const id of ids) this.persisted.add(id);
  }

  /** Decodes a stored value into the current local schema of `name` (or the writer's own, if `name` is gone). */
  decode(name: string, schemaId: number, bytes: Buffer): Record<string, unknown> {
    const writer = this.typeById.get(schemaId);
    if (!writer) throw new Error(`stored record references unknown schema id ${schemaId}`);
    if (!this.schemas.has(name)) return writer.fromBuffer(bytes) as Record<string, unknown>;
    if (this.currentId(name) === schemaId) return this.schemas.decode(name, bytes);
    return this.schemas.decode(name, bytes, writer);
  }
}
