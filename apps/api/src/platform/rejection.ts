import {
  ConflictError,
  FleetError,
  ForbiddenError,
  InternalError,
  NotFoundError,
  PayloadTooLargeError,
  UnauthorizedError,
  ValidationError,
  type ErrorPaths,
} from '@fleet/core';
import type { Command, DomainEvent } from './contracts.js';

/** The platform's event for a refused command (schema `schemas/events/CommandRejected.avsc`). */
export const COMMAND_REJECTED = 'CommandRejected';

export interface CommandRejectedData extends Readonly<Record<string, unknown>> {
  readonly command_type: string;
  /** FleetError `code` (`validation`, `conflict`, `not_found`, `forbidden`, ... or `internal`). */
  readonly reason_code: string;
  readonly message: string;
  /** JSON of the error's offending paths, or null. */
  readonly errors_json: string | null;
}

/** The event recording why `decide` refused `command`. Errors that are not FleetErrors are bugs: `internal`. */
export function rejectionOf(
  command: Command,
  error: unknown,
): DomainEvent<typeof COMMAND_REJECTED, CommandRejectedData> {
  const known = error instanceof FleetError && error.code !== 'internal' && error.code !== 'unavailable';
  return {
    type: COMMAND_REJECTED,
    data: {
      command_type: command.type,
      reason_code: known ? error.code : 'internal',
      message: known ? error.message : 'the command could not be decided (internal error)',
      errors_json: known && error.errors !== undefined ? JSON.stringify(error.errors) : null,
    },
  };
}

function parseErrors(text: string | null | undefined): ErrorPaths | undefined {
  if (text === null || text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as ErrorPaths) : undefined;
  } catch {
    return undefined;
  }
}

/** Rebuilds the decider's typed error from a recorded rejection. */
export function errorOfRejection(code: string, message: string, errors?: string | null): FleetError {
  const paths = parseErrors(errors);
  switch (code) {
    case 'validation':
      return new ValidationError(message, paths);
    case 'conflict':
      return new ConflictError(message, paths);
    case 'not_found':
      return new NotFoundError(message, paths);
    case 'forbidden':
      return new ForbiddenError(message, paths);
    case 'unauthorized':
      return new UnauthorizedError(message, paths);
    case 'payload_too_large':
      return new PayloadTooLargeError(message, paths);
    default:
      return new InternalError(message, paths);
  }
}
