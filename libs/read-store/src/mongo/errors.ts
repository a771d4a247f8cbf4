import { ConflictError, FleetError, InternalError, UnavailableError, ValidationError } from '@fleet/core';
import {
  MongoNetworkError,
  MongoNotConnectedError,
  MongoServerError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
} from 'mongodb';

const DUPLICATE_KEY = 11000;
const INDEX_OPTIONS_CONFLICT = [85, 86];

/** E11000: an insert (or an upsert's insert) met an existing `_id` or a unique index value. */
export function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY;
}

/**
 * A unique index refused a value. MongoDB always says E11000; FerretDB 1.24 says E11000 on inserts but
 * error 1 ("UNIQUE constraint failed", from SQLite) when an update, a replace or an index build collides.
 */
export function isUniqueViolation(error: unknown): boolean {
  return (
    isDuplicateKey(error) ||
    (error instanceof MongoServerError &&
      error.code === 1 &&
      error.message.includes('UNIQUE constraint failed'))
  );
}

/** Driver errors as the typed errors of @fleet/core (the cause is kept). */
export function toFleetError(error: unknown, doing: string): FleetError {
  if (error instanceof FleetError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  if (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoNotConnectedError ||
    error instanceof MongoTopologyClosedError
  ) {
    return new UnavailableError(`read store unavailable while ${doing}: ${detail}`, undefined, {
      cause: error,
    });
  }
  if (isUniqueViolation(error)) {
    return new ConflictError(`duplicate key while ${doing}`, undefined, { cause: error });
  }
  if (error instanceof MongoServerError && INDEX_OPTIONS_CONFLICT.includes(Number(error.code))) {
    return new ValidationError(`index conflict while ${doing}: ${detail}`, undefined, { cause: error });
  }
  return new InternalError(`read store failed while ${doing}: ${detail}`, undefined, { cause: error });
}

/** Runs a driver call, turning its errors into typed ones. */
export async function mapped<T>(doing: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toFleetError(error, doing);
  }
}
