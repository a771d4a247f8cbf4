import { UnauthorizedError } from '@fleet/core';
import type { RequestHandler } from 'express';
import '../../http/locals.js';
import { jwtFromAuthorization } from './authorization-header.js';
import { principalOf } from './principal.js';
import type { TokenService } from './tokens.js';
import type { UserDirectory } from './user-directory.js';

/**
 * Authenticates every request it sees: a valid token (HS256, issuer, audience, expiry) of a user that exists
 * and is not disabled, checked against the `users` read model on each request (briefly cached). Else 401.
 */
export function authenticate(tokens: TokenService, directory: UserDirectory): RequestHandler {
  return async (req, res, next) => {
    const { userId } = tokens.verify(jwtFromAuthorization(req.headers.authorization));
    const user = await directory.byId(userId);
    if (!user || user.disabled) throw new UnauthorizedError('The token is missing, invalid or expired');
    res.locals.principal = principalOf(user);
    next();
  };
}
