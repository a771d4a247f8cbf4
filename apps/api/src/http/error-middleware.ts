import { NotFoundError } from '@fleet/core';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { sendProblem, toProblem } from './problems.js';

/** After every route: an unknown path or method is a 404 problem. */
export const notFound: RequestHandler = (req) => {
  throw new NotFoundError(`No endpoint ${req.method} ${req.path}`);
};

/** Last middleware: every error becomes a problem+json answer; unexpected ones are logged with their stack. */
export const problemDetails: ErrorRequestHandler = (error: unknown, req, res, next) => {
  const { problem, internal } = toProblem(error);
  if (internal) req.log.error({ err: error }, 'request failed');
  else if (problem.status >= 500) req.log.warn({ err: error }, 'request failed');
  if (res.headersSent) {
    next(error);
    return;
  }
  sendProblem(req, res, problem);
};
