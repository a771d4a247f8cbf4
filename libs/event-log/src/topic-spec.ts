import { ConflictError, ValidationError } from '@fleet/core';
import type { TopicSpec } from './port.js';

const TOPIC_NAME = /^[a-zA-Z0-9._-]{1,249}$/;

/** Kafka's rules: 1-249 chars of `[a-zA-Z0-9._-]`, not `.` or `..`; a positive partition count; retention -1 or >= 0. */
export function checkTopicSpec(spec: TopicSpec): void {
  const bad: Record<string, string> = {};
  if (!TOPIC_NAME.test(spec.name) || spec.name === '.' || spec.name === '..')
    bad['name'] = 'must be 1-249 of [a-zA-Z0-9._-]';
  if (!Number.isInteger(spec.partitions) || spec.partitions < 1)
    bad['partitions'] = 'must be a positive integer';
  if (!Number.isInteger(spec.retentionMs) || spec.retentionMs < -1)
    bad['retentionMs'] = 'must be -1 or a non-negative integer';
  if (Object.keys(bad).length > 0) throw new ValidationError(`Invalid topic spec ${String(spec.name)}`, bad);
}

export function partitionMismatch(name: string, existing: number, wanted: number): ConflictError {
  return new ConflictError(`Topic ${name} exists with ${existing} partitions, not ${wanted}`, {
    topic: name,
    partitions: existing,
    requested: wanted,
  });
}
