import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import './locals.js';

export const REQUEST_ID_HEADER = 'x-request-id';
/** An incoming request id is kept when it looks like one; anything else is replaced by a UUID. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * pino-http with a request id taken from `x-request-id` (or generated), echoed in the answer and left in
 * `res.locals.requestId`. Logs method, URL, status and time only: never headers (tokens, passwords).
 */
export function requestLogging(logger: Logger): RequestHandler[] {
  const http = pinoHttp({
    logger,
    genReqId(req, res) {
      const incoming = req.headers[REQUEST_ID_HEADER];
      const id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    serializers: {
      req: (req: { id: unknown; method: unknown; url: unknown }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: unknown }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
  });
  const keepId: RequestHandler = (req, res, next) => {
    res.locals.requestId = typeof req.id === 'string' ? req.id : '';
    next();
  };
  return [http, keepId];
}
