/**
 * The read-store port: a small document store with just what projections and queries need, chosen so that
 * MongoDB, FerretDB 1.24 (SQLite backend) and the embedded adapter all do it the same way.
 * Both adapters pass the one contract suite in `contract.ts`.
 *
 * Idempotent projections: every projected document carries `_position` (the log position of the last event
 * applied to it, a number that grows per document key). `applyAt` only writes when the stored `_position` is
 * lower (or the document is absent), so applying the same event twice changes nothing.
 */
export type Scalar = string | number | boolean | null;

/**
 * A subset of MongoDB's query language that FerretDB 1.24 runs correctly. Documents may hold Date values (kept as
 * Dates by both adapters), but filters and sorts on Date fields are not part of the subset: store ISO strings for that.
 */
export type FieldCondition =
  | Scalar
  | {
      readonly $eq?: Scalar;
      readonly $ne?: Scalar;
      readonly $in?: readonly Scalar[];
      readonly $gt?: Scalar;
      readonly $gte?: Scalar;
      readonly $lt?: Scalar;
      readonly $lte?: Scalar;
      readonly $exists?: boolean;
      /** Case-insensitive substring match (rendered as an escaped `$regex` with option `i`). */
      readonly $contains?: string;
    };
export type Filter = Readonly<Record<string, FieldCondition>>;

export interface FindOptions {
  /**
   * Field -> 1 ascending / -1 descending, applied in key order, then `_id` ascending to break ties (also the
   * order without a sort). MongoDB's type order: null/missing < numbers < strings (by code point) < booleans.
   */
  readonly sort?: Readonly<Record<string, 1 | -1>>;
  readonly skip?: number;
  /** At most this many documents; 0 returns none (unlike MongoDB, where 0 means no limit). */
  readonly limit?: number;
}

export type Doc = Record<string, unknown> & { readonly _id: string };

export interface GuardedWrite {
  readonly id: string;
  /** Position of the event being applied; the write happens only if the stored `_position` is lower. */
  readonly position: number;
  /** Top-level fields to set (`$set`). */
  readonly set: Readonly<Record<string, unknown>>;
  /** Top-level fields to remove (`$unset`). */
  readonly unset?: readonly string[];
  /** Fields set only when the document is created (`$setOnInsert`). */
  readonly setOnInsert?: Readonly<Record<string, unknown>>;
}

export type ApplyOutcome = 'applied' | 'skipped';

export interface Collection<T extends Doc = Doc> {
  get(id: string): Promise<T | null>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
  /** Idempotent upsert guarded on `_position` (see above). */
  applyAt(write: GuardedWrite): Promise<ApplyOutcome>;
  /**
   * Several guarded writes, in order (a later write to the same id sees the earlier ones); adapters send them
   * in bulks of at most 99 operations (FerretDB 1.24 limit). On a unique-index violation it throws
   * ConflictError: the writes before the offending one are applied, the ones after are not.
   */
  applyAllAt(writes: readonly GuardedWrite[]): Promise<ApplyOutcome[]>;
  /** Unconditional replace/insert (not for projections; for checkpoints and caches). */
  put(doc: T): Promise<void>;
  delete(id: string): Promise<boolean>;
  /**
   * Creates an index (unique or not) on the fields; idempotent. A unique violation (on write, or when building
   * over duplicates) throws ConflictError. Give every indexed field a value: adapters differ on null/missing.
   */
  ensureIndex(
    fields: Readonly<Record<string, 1 | -1>>,
    options?: { readonly unique?: boolean },
  ): Promise<void>;
}

export interface ReadStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  listCollections(): Promise<string[]>;
  /** Drops one collection (used by `replay` to rebuild read models). */
  dropCollection(name: string): Promise<void>;
  close(): Promise<void>;
}
