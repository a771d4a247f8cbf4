import {
  FleetError,
  InternalError,
  NotFoundError,
  PayloadTooLargeError,
  UnavailableError,
} from '@fleet/core';

interface KafkaJSErrorLike {
  readonly name?: string;
  readonly message?: string;
  readonly type?: string;
  readonly retriable?: boolean;
  readonly originalError?: unknown;
}

/** Broker answers of a cluster that is still starting: the group or transaction coordinator, or a leader, not ready. */
const WARMING_UP = new Set([
  'COORDINATOR_LOAD_IN_PROGRESS',
  'COORDINATOR_NOT_AVAILABLE',
  'NOT_COORDINATOR',
  'LEADER_NOT_AVAILABLE',
  'NOT_LEADER_FOR_PARTITION',
]);

/** Whether a kafkajs failure (or the last error of its retries) says the cluster is still starting. */
export function isWarmingUp(error: unknown): boolean {
  const e = (error ?? {}) as KafkaJSErrorLike;
  const original = e.originalError as KafkaJSErrorLike | undefined;
  return WARMING_UP.has(e.type ?? '') || WARMING_UP.has(original?.type ?? '');
}

/**
 * Wraps a kafkajs failure in a typed error whose `retriable` is kafkajs' own flag: UnavailableError when
 * kafkajs says retrying may succeed (for "retries exhausted", the flag of the error retried), InternalError
 * otherwise. Already-typed errors pass through.
 */
export function kafkaError(error: unknown, what: string): FleetError {
  if (error instanceof FleetError) return error;
  const e = (error ?? {}) as KafkaJSErrorLike;
  const detail = { kafka: e.type ?? e.name ?? 'unknown' };
  const message = `${what}: ${e.message ?? String(error)}`;
  if (e.type === 'UNKNOWN_TOPIC_OR_PARTITION') return new NotFoundError(message, detail, { cause: error });
  if (e.type === 'MESSAGE_TOO_LARGE' || e.type === 'RECORD_LIST_TOO_LARGE') {
    return new PayloadTooLargeError(message, detail, { cause: error });
  }
  const original = e.originalError as KafkaJSErrorLike | undefined;
  const retriable =
    e.name === 'KafkaJSNumberOfRetriesExceeded' ? original?.retriable === true : e.retriable === true;
  return retriable
    ? new UnavailableError(message, detail, { cause: error })
    : new InternalError(message, detail, { cause: error });
}
