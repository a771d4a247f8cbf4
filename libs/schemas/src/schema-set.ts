import type { Type } from 'avsc';
import { NotFoundError, ValidationError } from '@fleet/core';

type Resolver = ReturnType<Type['createResolver']>;

/** One message type: the top-level record of one `.avsc` file. */
export interface MessageSchema {
  /** Full Avro name, e.g. `fleet.events.DepotCreated`. */
  readonly name: string;
  /** First folder under the schema dir (`commands`, `events`...), `''` for files at its root. */
  readonly group: string;
  /** Path of the file, relative to the schema dir. */
  readonly file: string;
  readonly type: Type;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The loaded message types, with validation and binary Avro encoding. Immutable once built. */
export class SchemaSet {
  private readonly resolvers = new Map<string, Resolver>();

  constructor(private readonly byName: ReadonlyMap<string, MessageSchema>) {}

  names(): string[] {
    return [...this.byName.keys()].sort();
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  messages(): MessageSchema[] {
    return this.names().map((name) => this.message(name));
  }

  message(name: string): MessageSchema {
    const found = this.byName.get(name);
    if (!found) throw new NotFoundError(`Unknown message type ${name}`, { type: name });
    return found;
  }

  type(name: string): Type {
    return this.message(name).type;
  }

  /** Throws a ValidationError whose `errors` maps every offending path (`a.b.0`, or `(root)`) to a reason. */
  validate(name: string, value: unknown): void {
    const type = this.type(name);
    const errors: Record<string, string> = {};
    const ok = type.isValid(value, {
      noUndeclaredFields: true,
      errorHook: (path, bad: unknown, badType) => {
        const where = path.length === 0 ? '(root)' : path.join('.');
        errors[where] = `expected ${badType.branchName ?? badType.typeName}, got ${describeValue(bad)}`;
      },
    });
    if (!ok) {
      const list = Object.keys(errors).join(', ');
      throw new ValidationError(`Invalid ${name}: bad value at ${list}`, errors);
    }
  }

  /** Validates, then encodes to Avro binary (no framing). */
  encode(name: string, value: unknown): Buffer {
    this.validate(name, value);
    return this.type(name).toBuffer(value);
  }

  /**
   * Decodes Avro binary written with `writer` (default: this set's own schema of `name`) into a value of this
   * set's schema of `name`, resolving schema evolution (added fields with defaults, widened unions...).
   */
  decode(name: string, buffer: Buffer, writer?: Type): Record<string, unknown> {
    const reader = this.type(name);
    if (!writer || writer === reader) return reader.fromBuffer(buffer) as Record<string, unknown>;
    const key = `${name}\u0000${writer.fingerprint('sha256').toString('hex')}`;
    let resolver = this.resolvers.get(key);
    if (!resolver) {
      try {
        resolver = reader.createResolver(writer);
      } catch (cause) {
        throw new ValidationError(
          `Records of ${name} were written with a schema this one cannot read`,
          { type: name },
          { cause },
        );
      }
      this.resolvers.set(key, resolver);
    }
    return reader.fromBuffer(buffer, resolver) as Record<string, unknown>;
  }
}
