import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import avro from 'avsc';
import type { Type } from 'avsc';
import { ValidationError } from '@fleet/core';
import { defaultSchemaDir } from './paths.js';
import { fullName, namedTypesIn } from './named-types.js';
import { SchemaSet, type MessageSchema } from './schema-set.js';

interface SchemaFile {
  readonly file: string;
  readonly group: string;
  readonly raw: unknown;
  readonly topName: string;
  /** Records are messages; a file may also hold a shared enum or fixed. */
  readonly isRecord: boolean;
}

function topLevelName(raw: unknown): string | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const { name, namespace } = raw as { name?: unknown; namespace?: unknown };
  if (typeof name !== 'string') return undefined;
  return fullName(name, typeof namespace === 'string' ? namespace : undefined);
}

type ForSchemaOptions = NonNullable<Parameters<typeof avro.Type.forSchema>[1]>;

const PRIMITIVES = new Set(['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string']);

function listAvsc(dir: string): string[] {
  let entries: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a directory');
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch (cause) {
    throw new ValidationError(`Schema dir ${dir} cannot be read`, { dir }, { cause });
  }
  return entries.filter((entry) => entry.endsWith('.avsc')).sort();
}

function readSchemaFile(dir: string, entry: string): SchemaFile {
  const file = relative(dir, join(dir, entry)).split(sep).join('/');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(dir, entry), 'utf8'));
  } catch (cause) {
    throw new ValidationError(`Schema file ${file} is not valid JSON`, { [file]: 'invalid JSON' }, { cause });
  }
  const top = namedTypesIn(raw)[0];
  if (top === undefined || fullName(top, undefined) !== topLevelName(raw)) {
    throw new ValidationError(`Schema file ${file} must hold one named type (record, enum or fixed)`, {
      [file]: 'not a named type',
    });
  }
  const parts = file.split('/');
  const isRecord = (raw as { type?: unknown }).type === 'record';
  return { file, group: parts.length > 1 ? (parts[0] ?? '') : '', raw, topName: top, isRecord };
}

/**
 * Reads every `**\/*.avsc` under `dir` (default: the repository's `schemas/`) and builds avsc types. Named types
 * may reference names defined in other files, in any order: a type hook parses the defining file on first use,
 * into one shared registry.
 */
export function loadSchemaSet(dir: string = defaultSchemaDir()): SchemaSet {
  const files = listAvsc(dir).map((entry) => readSchemaFile(dir, entry));
  const definedIn = new Map<string, SchemaFile>();
  for (const file of files) {
    for (const name of namedTypesIn(file.raw)) {
      const other = definedIn.get(name);
      if (other) {
        throw new ValidationError(`Type ${name} is defined twice: ${other.file} and ${file.file}`, {
          [name]: [other.file, file.file],
        });
      }
      definedIn.set(name, file);
    }
  }

  const registry: Record<string, Type> = {};
  const parsed = new Set<SchemaFile>();
  const parsing: SchemaFile[] = [];

  const typeHook = (schema: unknown, opts: ForSchemaOptions): Type | undefined => {
    if (typeof schema !== 'string' || PRIMITIVES.has(schema)) return undefined;
    const name = fullName(schema, opts.namespace);
    if (registry[name]) return undefined;
    const file = definedIn.get(name);
    if (!file) return undefined; // avsc reports `undefined type name`
    parseFile(file);
    return registry[name];
  };

  function parseFile(file: SchemaFile): void {
    if (parsed.has(file)) return;
    if (parsing.includes(file)) {
      const chain = [...parsing, file].map((f) => f.file).join(' -> ');
      throw new ValidationError(`Circular reference between schema files: ${chain}`, { [file.file]: chain });
    }
    parsing.push(file);
    try {
      avro.Type.forSchema(file.raw as avro.Schema, { registry, typeHook, omitRecordMethods: true });
    } catch (cause) {
      if (cause instanceof ValidationError) throw cause;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new ValidationError(
        `Schema file ${file.file} is invalid: ${reason}`,
        { [file.file]: reason },
        { cause },
      );
    } finally {
      parsing.pop();
    }
    parsed.add(file);
  }

  const messages = new Map<string, MessageSchema>();
  for (const file of files) {
    parseFile(file);
    const type = registry[file.topName];
    if (!type)
      throw new ValidationError(`Schema file ${file.file} defines no type`, { [file.file]: 'empty' });
    if (file.isRecord)
      messages.set(file.topName, { name: file.topName, group: file.group, file: file.file, type });
  }
  return new SchemaSet(messages);
}
