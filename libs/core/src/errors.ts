/**
 * Typed domain errors. They carry a stable `code`; the HTTP edge maps them to RFC 9457 problem details.
 * Nothing below the edge knows about HTTP status codes.
 */
export type ErrorPaths = Record<string, unknown>;

export abstract class FleetError extends Error {
  abstract readonly code: string;
  /** Whether retrying the same operation may succeed (network blips, leader elections...). */
  readonly retriable: boolean = false;
  constructor(
    message: string,
    /** Offending paths or keys, rendered as the problem's `errors` member. */
    readonly errors?: ErrorPaths,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class ValidationError extends FleetError {
  readonly code = 'validation';
}
export class UnauthorizedError extends FleetError {
  readonly code = 'unauthorized';
}
export class ForbiddenError extends FleetError {
  readonly code = 'forbidden';
}
export class NotFoundError extends FleetError {
  readonly code = 'not_found';
}
export class ConflictError extends FleetError {
  readonly code = 'conflict';
}
export class PayloadTooLargeError extends FleetError {
  readonly code = 'payload_too_large';
}
export class UnavailableError extends FleetError {
  readonly code = 'unavailable';
  override readonly retriable = true;
}
/** A programmer error or broken invariant: never retried, reported as 500 without details. */
export class InternalError extends FleetError {
  readonly code = 'internal';
}
