import { createRequire } from 'node:module';
import { InternalError, NotFoundError, PayloadTooLargeError, UnavailableError } from '@fleet/core';
import { KafkaJSNumberOfRetriesExceeded } from 'kafkajs';
import { chunkMessages } from './chunks.js';
import { isWarmingUp, kafkaError, leaderless, retryWhileWarmingUp } from './errors.js';
import { fromKafkaHeaders, toKafkaHeaders } from './headers.js';

// kafkajs' own error table (not in its public types): the errors below are the ones a broker answer becomes.
const { createErrorFromCode } = createRequire(import.meta.url)('kafkajs/src/protocol/error') as {
  createErrorFromCode: (code: number) => Error & { type: string; retriable: boolean };
};
/** What kafkajs' retrier throws once its retries of `error` ran out (as in kafkajs/src/retry). */
const retriesExceeded = (error: Error) =>
  new KafkaJSNumberOfRetriesExceeded(error, { retryCount: 5, retryTime: 1000 });

describe('chunkMessages', () => {
  const message = (bytes: number) => ({ key: 'k', value: Buffer.alloc(bytes) });

  it('keeps order and stays under the limit', () => {
    const messages = Array.from({ length: 10 }, () => message(300));
    const chunks = chunkMessages(messages, 1000);
    expect(chunks.flat()).toEqual(messages);
    expect(chunks.map((c) => c.length)).toEqual([2, 2, 2, 2, 2]); // 300 + 1 + 64 bytes each
  });

  it('refuses one record over the limit, naming it', () => {
    expect(() => chunkMessages([message(10), message(2000)], 1000)).toThrow(PayloadTooLargeError);
    expect(() => chunkMessages([message(10), message(2000)], 1000)).toThrow(/Record 1/);
  });
});

describe('kafkaError', () => {
  it('keeps kafkajs retriable flag', () => {
    const retriable = kafkaError(
      { name: 'KafkaJSProtocolError', type: 'LEADER_NOT_AVAILABLE', retriable: true, message: 'x' },
      'send',
    );
    expect(retriable).toBeInstanceOf(UnavailableError);
    expect(retriable.retriable).toBe(true);
    expect(retriable.message).toBe('send: x');
    const fatal = kafkaError(
      { name: 'KafkaJSProtocolError', type: 'INVALID_REQUEST', retriable: false, message: 'y' },
      'send',
    );
    expect(fatal).toBeInstanceOf(InternalError);
    expect(fatal.retriable).toBe(false);
  });

  it('uses the retried error flag when retries ran out', () => {
    const exhausted = retriesExceeded(createErrorFromCode(14)); // GROUP_LOAD_IN_PROGRESS, retriable
    expect(exhausted.retriable).toBe(false); // kafkajs marks the wrapper non-retriable
    expect(kafkaError(exhausted, 'connect').retriable).toBe(true);
    expect(kafkaError(retriesExceeded(createErrorFromCode(29)), 'connect').retriable).toBe(false); // authorization
  });

  it('maps unknown topics and oversized records', () => {
    expect(kafkaError({ type: 'UNKNOWN_TOPIC_OR_PARTITION' }, 'x')).toBeInstanceOf(NotFoundError);
    expect(kafkaError({ type: 'MESSAGE_TOO_LARGE' }, 'x')).toBeInstanceOf(PayloadTooLargeError);
  });
});

describe('headers', () => {
  it('adds the type header and strips it back out', () => {
    const wire = toKafkaHeaders('a.B', { 'command-id': 'c1' });
    expect(wire).toEqual({ 'command-id': 'c1', type: 'a.B' });
    expect(
      fromKafkaHeaders({ type: Buffer.from('a.B'), 'command-id': Buffer.from('c1'), multi: ['x', 'y'] }),
    ).toEqual({
      type: 'a.B',
      headers: { 'command-id': 'c1', multi: 'x' },
    });
  });
});

describe('isWarmingUp', () => {
  it('recognises a starting cluster, directly or as the last error of kafkajs retries', () => {
    // Kafka codes 14, 15, 16 (coordinator loading / not available / elsewhere), 5 and 6 (no leader yet).
    for (const code of [14, 15, 16, 5, 6]) {
      expect(isWarmingUp(createErrorFromCode(code))).toBe(true);
      expect(isWarmingUp(retriesExceeded(createErrorFromCode(code)))).toBe(true);
    }
    expect(isWarmingUp(createErrorFromCode(29))).toBe(false); // TOPIC_AUTHORIZATION_FAILED
    expect(isWarmingUp(retriesExceeded(createErrorFromCode(29)))).toBe(false);
    expect(isWarmingUp(new Error('connect ECONNREFUSED 127.0.0.1:9092'))).toBe(false);
  });
});

describe('retryWhileWarmingUp', () => {
  it('retries warming-up answers (and leaderless metadata) until the attempt succeeds', async () => {
    const answers = [createErrorFromCode(6), leaderless('t'), 'ok'];
    let calls = 0;
    const result = await retryWhileWarmingUp(
      () => {
        const answer = answers[calls++];
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      },
      1000,
      1,
    );
    expect(result).toBe('ok');
    expect(calls).toBe(3);
  });

  it('throws any other error at once, and a warming-up one after the time given', async () => {
    let calls = 0;
    const denied = createErrorFromCode(29);
    await expect(
      retryWhileWarmingUp(() => Promise.reject(denied).finally(() => (calls += 1)), 1000, 1),
    ).rejects.toBe(denied);
    expect(calls).toBe(1);
    const loading = createErrorFromCode(14);
    await expect(retryWhileWarmingUp(() => Promise.reject(loading), 20, 5)).rejects.toBe(loading);
  });
});
