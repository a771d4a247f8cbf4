import { ConflictError, ValidationError } from '@fleet/core';
import type { Collection as DriverCollection, Filter as DriverFilter, Sort } from 'mongodb';
import { guardAllows } from '../guard.js';
import type { ApplyOutcome, Collection, Doc, Filter, FindOptions, GuardedWrite } from '../port.js';
import { pageOf, sortSpec } from '../query/find-options.js';
import { toMongoQuery } from '../query/to-mongo-query.js';
import { assertDoc, assertFieldName, assertGuardedWrite, assertId } from '../validate.js';
import { applyInBulks } from './bulk.js';
import { isDuplicateKey, mapped, toFleetError } from './errors.js';
import { guardFilter, guardUpdate, type StoredDoc } from './guarded.js';

/** One collection on a MongoDB-wire server, using only what FerretDB 1.24 runs correctly. */
export class MongoCollection<T extends Doc> implements Collection<T> {
  constructor(
    private readonly driver: DriverCollection<StoredDoc>,
    private readonly name: string,
  ) {}

  async get(id: string): Promise<T | null> {
    assertId(id);
    return mapped(
      `reading ${this.name}/${id}`,
      async () => (await this.driver.findOne({ _id: id })) as T | null,
    );
  }

  async find(filter?: Filter, options?: FindOptions): Promise<T[]> {
    const query = toMongoQuery(filter) as DriverFilter<StoredDoc>;
    const sort: Sort = sortSpec(options);
    const { skip, limit } = pageOf(options);
    if (limit === 0) return [];
    return mapped(`finding in ${this.name}`, async () => {
      let cursor = this.driver.find(query).sort(sort).skip(skip);
      if (limit !== undefined) cursor = cursor.limit(limit);
      return (await cursor.toArray()) as T[];
    });
  }

  async count(filter?: Filter): Promise<number> {
    const query = toMongoQuery(filter) as DriverFilter<StoredDoc>;
    return mapped(`counting in ${this.name}`, () => this.driver.countDocuments(query));
  }

  async applyAt(write: GuardedWrite): Promise<ApplyOutcome> {
    assertGuardedWrite(write);
    try {
      await this.driver.updateOne(guardFilter(write), guardUpdate(write), { upsert: true });
      return 'applied';
    } catch (error) {
      if (isDuplicateKey(error)) return this.explainDuplicate(write, error);
      throw toFleetError(error, `applying a write to ${this.name}/${write.id}`);
    }
  }

  async applyAllAt(writes: readonly GuardedWrite[]): Promise<ApplyOutcome[]> {
    writes.forEach(assertGuardedWrite);
    return applyInBulks(this.driver, writes, (write) => this.applyAt(write));
  }

  async put(doc: T): Promise<void> {
    assertDoc(doc);
    await mapped(`writing ${this.name}/${doc._id}`, () =>
      this.driver.replaceOne({ _id: doc._id }, doc, { upsert: true }),
    );
  }

  async delete(id: string): Promise<boolean> {
    assertId(id);
    const result = await mapped(`deleting ${this.name}/${id}`, () => this.driver.deleteOne({ _id: id }));
    return result.deletedCount === 1;
  }

  async ensureIndex(
    fields: Readonly<Record<string, 1 | -1>>,
    options: { readonly unique?: boolean } = {},
  ): Promise<void> {
    const spec = Object.entries(fields);
    if (spec.length === 0) throw new ValidationError('an index needs at least one field');
    for (const [field] of spec) for (const part of field.split('.')) assertFieldName(part);
    await mapped(`creating an index on ${this.name}`, () =>
      this.driver.createIndex(spec, options.unique === true ? { unique: true } : {}),
    );
  }

  /**
   * E11000 on a guarded upsert: either the guard refused (the stored `_position` is not lower, so the upsert
   * tried to insert the same `_id` again) -> 'skipped', or a unique index refused the values -> conflict.
   */
  private async explainDuplicate(write: GuardedWrite, error: unknown): Promise<ApplyOutcome> {
    const stored = await mapped(`reading ${this.name}/${write.id}`, () =>
      this.driver.findOne({ _id: write.id }, { projection: { _position: 1 } }),
    );
    if (stored !== null && !guardAllows(stored, write.position)) return 'skipped';
    throw new ConflictError(`unique index violated in ${this.name} by ${write.id}`, undefined, {
      cause: error,
    });
  }
}
