import { ValidationError } from '@fleet/core';
import type { FieldCondition, Filter, Scalar } from '../port.js';

/**
 * Translates a port filter into the MongoDB query both adapters run: the MongoDB adapter sends it to the
 * server, the embedded adapter matches it with mingo (a MongoDB query engine for in-memory objects). One
 * translation means one meaning: `$contains` becomes the same escaped, case-insensitive `$regex` in both.
 * Anything outside the port's subset is refused here, before it reaches either engine.
 */
export type MongoQuery = Record<string, unknown>;

const COMPARISONS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte'] as const;

export function toMongoQuery(filter: Filter = {}): MongoQuery {
  const query: MongoQuery = {};
  for (const [field, condition] of Object.entries(filter)) {
    if (field.length === 0 || field.startsWith('$') || field.split('.').some((part) => part.length === 0)) {
      throw invalid(field, 'is not a field path');
    }
    query[field] = translateCondition(field, condition);
  }
  return query;
}

/** Escapes every character a regular expression treats specially, so the input matches literally. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function translateCondition(field: string, condition: FieldCondition): unknown {
  if (isScalar(condition)) return assertScalar(field, condition);
  const keys = Object.keys(condition);
  if (keys.length === 0) throw invalid(field, 'has an empty condition');
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value: unknown = (condition as Record<string, unknown>)[key];
    if ((COMPARISONS as readonly string[]).includes(key)) {
      out[key] = assertScalar(field, value);
    } else if (key === '$in') {
      if (!Array.isArray(value)) throw invalid(field, '$in needs an array');
      out.$in = value.map((item: unknown) => assertScalar(field, item));
    } else if (key === '$exists') {
      if (typeof value !== 'boolean') throw invalid(field, '$exists needs a boolean');
      out.$exists = value;
    } else if (key === '$contains') {
      if (typeof value !== 'string') throw invalid(field, '$contains needs a string');
      if (out.$regex !== undefined) throw invalid(field, 'has $contains twice');
      out.$regex = escapeRegex(value);
      out.$options = 'i';
    } else {
      throw invalid(field, `uses unsupported operator ${key}`);
    }
  }
  return out;
}

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value !== 'object';
}

function assertScalar(field: string, value: unknown): Scalar {
  if (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  ) {
    return value;
  }
  throw invalid(field, 'compares with something other than a string, finite number, boolean or null');
}

function invalid(field: string, why: string): ValidationError {
  return new ValidationError(`filter field ${JSON.stringify(field)} ${why}`, { [field]: why });
}
