import { ConflictError, ValidationError } from '@fleet/core';
import { Query } from 'mingo';
import type { ApplyOutcome, Collection, Doc, Filter, FindOptions, GuardedWrite } from '../port.js';
import { compareValues } from '../query/compare.js';
import { pageOf, sortSpec, valueAt, type SortSpec } from '../query/find-options.js';
import { toMongoQuery } from '../query/to-mongo-query.js';
import { assertDoc, assertFieldName, assertGuardedWrite, assertId } from '../validate.js';
import { guardAllows } from '../guard.js';
import { afterGuardedWrite } from './guarded.js';
import { rangeOf, type CollectionMeta, type IndexSpec, type Layout } from './layout.js';
import { fromStored, settle, withoutUndefined } from './plain-value.js';
import {
  applyUniqueEntries,
  indexName,
  planUniqueEntries,
  removeUniqueEntries,
  valueKey,
} from './unique-index.js';

/**
 * One collection of the embedded store. Reads are synchronous LMDB look-ups on a snapshot; `find` and
 * `count` scan the collection's key range (non-unique indexes are recorded but not materialised: read
 * models here are thousands of documents, and a scan of 5k documents takes a few milliseconds). Writes run
 * in LMDB write transactions; their promise resolves once the commit is durable.
 */
export class EmbeddedCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly layout: Layout,
    private readonly name: string,
  ) {}

  get(id: string): Promise<T | null> {
    return settle(() => {
      assertId(id);
      const stored = this.layout.docs.get([this.name, id]) as T | undefined;
      return stored === undefined ? null : fromStored(stored);
    });
  }

  find(filter?: Filter, options?: FindOptions): Promise<T[]> {
    return settle(() => {
      const spec = sortSpec(options);
      const { skip, limit } = pageOf(options);
      const matches = this.scan(filter);
      if (limit === 0) return [];
      matches.sort(bySpec(spec));
      return matches.slice(skip, limit === undefined ? undefined : skip + limit);
    });
  }

  count(filter?: Filter): Promise<number> {
    return settle(() => this.scan(filter).length);
  }

  async applyAt(write: GuardedWrite): Promise<ApplyOutcome> {
    const [outcome] = await this.applyAllAt([write]);
    return outcome ?? 'skipped';
  }

  async applyAllAt(writes: readonly GuardedWrite[]): Promise<ApplyOutcome[]> {
    writes.forEach(assertGuardedWrite);
    if (writes.length === 0) return [];
    // Ordered like a MongoDB ordered bulk: on a unique conflict the earlier writes stay, the rest do not run.
    const { outcomes, conflict } = await this.layout.root.transaction(() => {
      const { indexes } = this.ensureMeta();
      const done: ApplyOutcome[] = [];
      for (const write of writes) {
        const stored = this.layout.docs.get([this.name, write.id]);
        if (stored !== undefined && !guardAllows(stored, write.position)) {
          done.push('skipped');
          continue;
        }
        const failure = this.store(indexes, stored, afterGuardedWrite(stored, write));
        if (failure !== undefined) return { outcomes: done, conflict: failure };
        done.push('applied');
      }
      return { outcomes: done, conflict: undefined };
    });
    if (conflict !== undefined) throw conflict;
    return outcomes;
  }

  async put(doc: T): Promise<void> {
    assertDoc(doc);
    const conflict = await this.layout.root.transaction(() => {
      const { indexes } = this.ensureMeta();
      return this.store(indexes, this.layout.docs.get([this.name, doc._id]), withoutUndefined(doc));
    });
    if (conflict !== undefined) throw conflict;
  }

  async delete(id: string): Promise<boolean> {
    assertId(id);
    return this.layout.root.transaction(() => {
      const stored = this.layout.docs.get([this.name, id]);
      if (stored === undefined) return false;
      removeUniqueEntries(this.layout, this.name, this.layout.meta.get(this.name)?.indexes ?? [], stored);
      return this.layout.docs.removeSync([this.name, id]);
    });
  }

  async ensureIndex(
    fields: Readonly<Record<string, 1 | -1>>,
    options: { readonly unique?: boolean } = {},
  ): Promise<void> {
    const spec = indexFields(fields);
    const index: IndexSpec = { name: indexName(spec), fields: spec, unique: options.unique === true };
    const failure = await this.layout.root.transaction(() => {
      const meta = this.ensureMeta();
      const existing = meta.indexes.find((candidate) => candidate.name === index.name);
      if (existing !== undefined) {
        return existing.unique === index.unique
          ? undefined
          : new ValidationError(`index ${index.name} on ${this.name} exists with other options`);
      }
      if (index.unique) {
        const owners = new Map<string, string>();
        for (const { value } of this.layout.docs.getRange(rangeOf(this.name))) {
          const key = valueKey(index, value);
          if (owners.has(key)) {
            return new ConflictError(
              `cannot build unique index ${index.name}: duplicate values in ${this.name}`,
            );
          }
          owners.set(key, value._id);
        }
        for (const [key, id] of owners) this.layout.unique.putSync([this.name, index.name, key], id);
      }
      this.layout.meta.putSync(this.name, { indexes: [...meta.indexes, index] });
      return undefined;
    });
    if (failure !== undefined) throw failure;
  }

  /** Inside a write transaction: checks unique indexes, then writes the document and its index entries. */
  private store(
    indexes: readonly IndexSpec[],
    stored: Doc | undefined,
    next: Doc,
  ): ConflictError | undefined {
    const plan = planUniqueEntries(this.layout, this.name, indexes, stored, next);
    if (plan instanceof ConflictError) return plan;
    applyUniqueEntries(this.layout, next._id, plan);
    this.layout.docs.putSync([this.name, next._id], next);
    return undefined;
  }

  /** Inside a write transaction: the collection's metadata, registering the collection on first write. */
  private ensureMeta(): CollectionMeta {
    const meta = this.layout.meta.get(this.name);
    if (meta !== undefined) return meta;
    const created: CollectionMeta = { indexes: [] };
    this.layout.meta.putSync(this.name, created);
    return created;
  }

  private scan(filter: Filter | undefined): T[] {
    const query = new Query(toMongoQuery(filter));
    const matches: T[] = [];
    for (const { value } of this.layout.docs.getRange(rangeOf(this.name))) {
      if (query.test(value)) matches.push(fromStored(value as T));
    }
    return matches;
  }
}

function indexFields(fields: Readonly<Record<string, 1 | -1>>): [string, 1 | -1][] {
  const spec = Object.entries(fields);
  if (spec.length === 0) throw new ValidationError('an index needs at least one field');
  for (const [field, direction] of spec) {
    for (const part of field.split('.')) assertFieldName(part);
    if (direction !== 1 && direction !== -1) {
      throw new ValidationError(`index direction for ${field} must be 1 or -1`, { [field]: direction });
    }
  }
  return spec;
}

function bySpec(spec: SortSpec): (a: Doc, b: Doc) => number {
  return (a, b) => {
    for (const [field, direction] of spec) {
      const order = compareValues(valueAt(a, field), valueAt(b, field));
      if (order !== 0) return order * direction;
    }
    return 0;
  };
}
