import { ForbiddenError, UnauthorizedError } from '@fleet/core';
import type { RequestHandler } from 'express';
import { mayAct, type Permission } from '../features/users/profiles.js';
import './locals.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a request needs by its method and path: `/admin/**` admin; other reads any profile; other writes planner. */
export function permissionFor(method: string, path: string): Permission {
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  return READ_METHODS.has(method) ? 'read' : 'write';
}

/**
 * The baseline profile policy, applied to every authenticated request before any feature route (each endpoint
 * checks its own declared access again): a route that forgets to declare one is still protected.
 */
export const profilePolicy: RequestHandler = (req, res, next) => {
  const principal = res.locals.principal;
  if (!principal) throw new UnauthorizedError('Authentication required');
  const needed = permissionFor(req.method, req.path);
  if (!mayAct(principal.profile, needed)) {
    throw new ForbiddenError(`The ${principal.profile} profile may not ${req.method} ${req.path}`);
  }
  next();
};
