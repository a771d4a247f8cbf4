import { FleetError } from '@fleet/core';
import type { Request, Response } from 'express';
import { PROBLEM_CONTENT_TYPE, type Problem } from './problem-schema.js';

/**
 * Maps errors to RFC 9457 problem details. Typed FleetErrors keep their message and `errors`; body-parser
 * errors become 400/413/415; anything else is a 500 whose body says nothing about the cause (no stack trace).
 */
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unavailable: 503,
  internal: 500,
};

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const CODES_BY_STATUS: Readonly<Record<number, string>> = {
  ...Object.fromEntries(Object.entries(STATUS_BY_CODE).map(([code, status]) => [status, code])),
  415: 'unsupported_media_type',
};

export function problem(status: number, detail: string, errors?: Readonly<Record<string, unknown>>): Problem {
  return {
    type: `urn:fleet:problem:${CODES_BY_STATUS[status] ?? 'http'}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    ...(errors && Object.keys(errors).length > 0 ? { errors: { ...errors } } : {}),
  };
}

/** The fields body-parser (via http-errors) puts on its errors. */
interface HttpLikeError {
  readonly status?: unknown;
  readonly type?: unknown;
  readonly expose?: unknown;
  readonly message?: unknown;
}

function fromBodyParser(error: HttpLikeError): Problem | undefined {
  switch (error.type) {
    case 'entity.too.large':
      return problem(413, 'The request body is larger than the limit', { body: 'too large' });
    case 'entity.parse.failed':
      return problem(400, 'The request body is not valid JSON', { body: 'not valid JSON' });
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return problem(415, 'The request body encoding or charset is not supported (use UTF-8 JSON)');
    default:
      break;
  }
  const status = typeof error.status === 'number' ? error.status : undefined;
  if (status !== undefined && status >= 400 && status < 500 && error.expose === true) {
    return problem(status, typeof error.message === 'string' ? error.message : 'Bad request');
  }
  return undefined;
}

/** `internal`: whether the error is unexpected (to be logged with its stack). */
export function toProblem(error: unknown): { readonly problem: Problem; readonly internal: boolean } {
  if (error instanceof FleetError) {
    const status = STATUS_BY_CODE[error.code] ?? 500;
    if (status === 500) return { problem: problem(500, 'An unexpected error occurred'), internal: true };
    return { problem: problem(status, error.message, error.errors), internal: false };
  }
  if (typeof error === 'object' && error !== null) {
    const mapped = fromBodyParser(error);
    if (mapped) return { problem: mapped, internal: false };
  }
  return { problem: problem(500, 'An unexpected error occurred'), internal: true };
}

export function sendProblem(req: Request, res: Response, body: Problem): void {
  if (body.status === 401) res.set('WWW-Authenticate', 'Bearer realm="fleet"');
  if (body.status === 503) res.set('Retry-After', '1');
  res
    .status(body.status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify({ ...body, instance: req.originalUrl.split('?')[0] }));
}
