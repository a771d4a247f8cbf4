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
  /** kafkajs 2.x: the error retried, on KafkaJSNumberOfRetriesExceeded and KafkaJSNonRetriableError. */
  readonly cause?: unknown;
}

/**
 * Broker answers of a cluster that is still starting, under kafkajs' own names (Kafka error codes 14, 15, 16, 5
 * and 6: the group or transaction coordinator loading or elsewhere, a partition leader not elected yet).
 */
const WARMING_UP = new Set([
  'GROUP_LOAD_IN_PROGRESS',
  'GROUP_COORDINATOR_NOT_AVAILABLE',
  'NOT_COORDINATOR_FOR_GROUP',
  'LEADER_NOT_AVAILABLE',
  'NOT_LEADER_FOR_PARTITION',
]);

/** The error and the errors it wraps (`cause` chain, at most 5 deep). */
function chain(error: unknown): KafkaJSErrorLike[] {
  const errors: KafkaJSErrorLike[] = [];
  for (let e = error; e !== null && typeof e === 'object' && errors.length < 5;) {
    const like = e as KafkaJSErrorLike;
    errors.push(like);
    if (like.cause === e) break;
    e = like.cause;
  }
  return errors;
}

/** Whether a kafkajs failure (or an error it wraps, e.g. the last one retried) says the cluster is still starting. */
export function isWarmingUp(error: unknown): boolean {
  return chain(error).some((e) => WARMING_UP.has(e.type ?? ''));
}

/** A partition without a leader in the metadata, typed as kafkajs' own answer for it (retried while warming up). */
export function leaderless(topic: string): Error {
  return Object.assign(new Error(`A partition of ${topic} has no leader yet`), {
    type: 'LEADER_NOT_AVAILABLE',
    retriable: true,
  });
}

/** Runs `attempt` again every `delayMs` while it fails with a warming-up answer, for up to `forMs`. */
export async function retryWhileWarmingUp<T>(
  attempt: () => Promise<T>,
  forMs: number,
  delayMs = 100,
): Promise<T> {
  const deadline = Date.now() + forMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isWarmingUp(error) || Date.now() >= deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
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
  const retried = e.cause as KafkaJSErrorLike | undefined;
  const retriable =
    e.name === 'KafkaJSNumberOfRetriesExceeded' ? retried?.retriable === true : e.retriable === true;
  return retriable
    ? new UnavailableError(message, detail, { cause: error })
    : new InternalError(message, detail, { cause: error });
}
