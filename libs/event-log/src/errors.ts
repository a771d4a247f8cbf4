import { FleetError, InternalError, NotFoundError, ValidationError } from '@fleet/core';

export function unknownTopic(topic: string): NotFoundError {
  return new NotFoundError(`Topic ${topic} does not exist (create it with ensureTopics)`, { topic });
}

export function closedLog(): InternalError {
  return new InternalError('The event log is closed');
}

/** Prefixes a record's validation error with its index in the append, so the caller knows which record failed. */
export function recordError(index: number, error: unknown): FleetError {
  if (error instanceof ValidationError) {
    const errors: Record<string, unknown> = {};
    for (const [path, reason] of Object.entries(error.errors ?? {}))
      errors[`records.${index}.${path}`] = reason;
    return new ValidationError(`Record ${index}: ${error.message}`, errors, { cause: error });
  }
  if (error instanceof FleetError) return error;
  return new ValidationError(
    `Record ${index} cannot be encoded`,
    { [`records.${index}`]: String(error) },
    { cause: error },
  );
}

export function checkNewRecord(
  index: number,
  record: { key: unknown; type: unknown; headers?: unknown },
): void {
  const bad: Record<string, string> = {};
  if (typeof record.key !== 'string') bad[`records.${index}.key`] = 'must be a string';
  if (typeof record.type !== 'string') bad[`records.${index}.type`] = 'must be a string';
  if (record.headers !== undefined) {
    for (const [name, value] of Object.entries(record.headers as Record<string, unknown>)) {
      if (typeof value !== 'string') bad[`records.${index}.headers.${name}`] = 'must be a string';
    }
  }
  if (Object.keys(bad).length > 0) throw new ValidationError(`Record ${index} is malformed`, bad);
}
