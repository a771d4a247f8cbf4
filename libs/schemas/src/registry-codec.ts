import { COMPATIBILITY, SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import type { Type } from 'avsc';
import { ValidationError } from '@fleet/core';
import type { SchemaSet } from './schema-set.js';
import { decodeWire, encodeWire } from './wire.js';
import { registryError } from './registry-errors.js';

export interface RegistryOptions {
  /** Base URL of a Confluent-compatible API, e.g. Apicurio's `http://host:8081/apis/ccompat/v7`. */
  readonly registryUrl: string;
  readonly clientId?: string;
  /** Retries of the HTTP client (default 3). */
  readonly retries?: number;
}

/** TopicRecordNameStrategy: a topic holds several record types, each with its own subject. */
export function subjectFor(topic: string, type: string): string {
  return `${topic}-${type}`;
}

export interface DecodedValue {
  readonly schemaId: number;
  /** Full name of the writer's record type. */
  readonly type: string;
  readonly value: Record<string, unknown>;
}

/** Attempts when a subject's compatibility level is not (yet) BACKWARD_TRANSITIVE: about 4.5 s in all. */
const LEVEL_RETRIES = 10;

/**
 * The two answers of a first registration racing another process's (not an incompatible schema): the client's
 * "Compatibility does not match the configuration" (it read the level before the other set it), and Apicurio's
 * "A rule named 'COMPATIBILITY' already exists" (both set it).
 */
function isRegistrationRace(error: unknown): boolean {
  const e = error as { name?: string; message?: string } | null;
  return (
    e?.name === 'ConfluentSchemaRegistryCompatibilityError' ||
    /rule named 'COMPATIBILITY' already exists/.test(e?.message ?? '')
  );
}

/**
 * Encodes values of a SchemaSet in the Confluent wire format with ids from a registry, and decodes them back
 * (resolving the writer's schema into the local one). Subjects are registered on first use, each register
 * asking for BACKWARD_TRANSITIVE.
 */
export class RegistryCodec {
  private readonly ids = new Map<string, Promise<number>>();
  private readonly writers = new Map<number, Promise<Type>>();
  private readonly client: SchemaRegistry;

  constructor(
    readonly schemas: SchemaSet,
    private readonly options: RegistryOptions,
  ) {
    this.client = new SchemaRegistry({
      host: options.registryUrl,
      clientId: options.clientId ?? 'fleet',
      retry: { retries: options.retries ?? 3, initialRetryTimeInSecs: 0.1, maxRetryTimeInSecs: 2 },
    });
  }

  /** Registers `type` under `<topic>-<type>` (cached per process); resolves the schema id. */
  register(topic: string, type: string): Promise<number> {
    const subject = subjectFor(topic, type);
    let id = this.ids.get(subject);
    if (!id) {
      id = this.registerNow(subject, type);
      this.ids.set(subject, id);
      id.catch(() => this.ids.delete(subject));
    }
    return id;
  }

  private async registerNow(subject: string, type: string): Promise<number> {
    const schema = JSON.stringify(this.schemas.type(type).schema({ exportAttrs: true }));
    for (let attempt = 1; ; attempt++) {
      try {
        const { id } = await this.client.register(
          { type: SchemaType.AVRO, schema },
          { subject, compatibility: COMPATIBILITY.BACKWARD_TRANSITIVE },
        );
        return id;
      } catch (error) {
        // The client registers a new subject first and sets its compatibility after: another process (the API,
        // the processor, the projector start together) racing it reads the registry default in between, or sets
        // the level twice. The next attempt finds the level set and registers idempotently; a few times only.
        if (isRegistrationRace(error) && attempt < LEVEL_RETRIES) {
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
          continue;
        }
        throw registryError(error, subject, this.options.registryUrl);
      }
    }
  }

  /** Validates against the local schema, then frames the Avro binary with the registered id. */
  async encode(topic: string, type: string, value: unknown): Promise<Buffer> {
    const payload = this.schemas.encode(type, value);
    return encodeWire(await this.register(topic, type), payload);
  }

  /** Encodes with an id already known (from `register`): synchronous, for hot paths. */
  encodeWithId(schemaId: number, type: string, value: unknown): Buffer {
    return encodeWire(schemaId, this.schemas.encode(type, value));
  }

  /**
   * Decodes a wire-format value. `type` (e.g. from a `type` header) names the local reader schema; without it,
   * or when the local set lacks it, the writer's own name is used, then the writer schema itself.
   */
  async decode(buffer: Buffer, type?: string): Promise<DecodedValue> {
    const { schemaId, payload } = decodeWire(buffer);
    const writer = await this.writer(schemaId);
    const writerName = writer.name ?? '';
    const readerName = type !== undefined && this.schemas.has(type) ? type : writerName;
    if (this.schemas.has(readerName)) {
      return { schemaId, type: readerName, value: this.schemas.decode(readerName, payload, writer) };
    }
    return { schemaId, type: writerName, value: writer.fromBuffer(payload) as Record<string, unknown> };
  }

  private writer(schemaId: number): Promise<Type> {
    let found = this.writers.get(schemaId);
    if (!found) {
      found = this.fetchWriter(schemaId);
      this.writers.set(schemaId, found);
      found.catch(() => this.writers.delete(schemaId));
    }
    return found;
  }

  private async fetchWriter(schemaId: number): Promise<Type> {
    try {
      const schema = await this.client.getSchema(schemaId);
      if (!('fromBuffer' in schema) || !('createResolver' in schema)) {
        throw new ValidationError(`Schema ${schemaId} is not an Avro schema`, { schemaId });
      }
      return schema as unknown as Type;
    } catch (error) {
      throw registryError(error, `schema id ${schemaId}`, this.options.registryUrl);
    }
  }
}
