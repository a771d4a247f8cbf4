import { ConflictError, FleetError, UnavailableError, ValidationError } from '@fleet/core';

interface HttpishError {
  readonly status?: unknown;
  readonly message?: unknown;
  readonly name?: unknown;
}

/** The registry's own words, without the client's `name - ` prefix. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^[^ ]* - /, '');
}

/** Maps a registry client failure on `subject` to a typed error that names the subject and the registry's reason. */
export function registryError(error: unknown, subject: string, registryUrl: string): FleetError {
  if (error instanceof FleetError) return error;
  const { status, name } = (error ?? {}) as HttpishError;
  const reason = reasonOf(error);
  if (status === 409 || name === 'ConfluentSchemaRegistryCompatibilityError') {
    return new ConflictError(
      `Schema registry refused ${subject}: incompatible with its registered versions (BACKWARD_TRANSITIVE): ${reason}`,
      { subject, reason },
      { cause: error },
    );
  }
  if (status === 422 || name === 'ConfluentSchemaRegistryArgumentError') {
    return new ValidationError(
      `Schema registry refused ${subject} as invalid: ${reason}`,
      { subject, reason },
      {
        cause: error,
      },
    );
  }
  const where = typeof status === 'number' && status >= 400 && status < 500 ? `answered ${status}` : 'failed';
  return new UnavailableError(
    `Schema registry at ${registryUrl} ${where} for ${subject}: ${reason}`,
    { subject, reason },
    { cause: error },
  );
}
