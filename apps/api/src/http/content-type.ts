import type { RequestHandler } from 'express';
import { problem, sendProblem } from './problems.js';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
export const JSON_TYPES = ['application/json', 'application/*+json'];

/** 415 for a POST/PUT/PATCH whose body is not JSON (a request without a body passes). */
export const requireJsonBody: RequestHandler = (req, res, next) => {
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? '0') > 0;
  if (!WITH_BODY.has(req.method) || !hasBody || req.is(JSON_TYPES)) {
    next();
    return;
  }
  sendProblem(req, res, problem(415, 'The request body must be JSON (Content-Type: application/json)'));
};
