import { InternalError, UnauthorizedError } from '@fleet/core';
import type { Router } from 'express';
import type { FeatureContext } from '../../platform/contracts.js';
import { bind, defineEndpoint, endpointsRouter, type EndpointSpec } from '../../http/endpoint.js';
import { recordLoginCommand } from '../users/commands.js';
import type { PasswordHasher } from './passwords.js';
import { LoginHeadersSchema, RenewResponseSchema, TokenResponseSchema } from './schemas.js';
import type { TokenService } from './tokens.js';
import type { UserDirectory } from './user-directory.js';
import { renewUserView, tokenUserView } from './views.js';

const tags = ['Auth'];
/** The one answer to every failed login, whatever failed (unknown e-mail, wrong password, disabled user). */
export const BAD_CREDENTIALS = 'Invalid e-mail or password';
const NO_STORE = { 'Cache-Control': 'no-store' };

export const loginEndpoint = defineEndpoint({
  method: 'get',
  path: '/auth/token',
  operationId: 'getToken',
  summary: 'Log in: get a token',
  description: `Unknown e-mail, wrong password and disabled user all answer the same 401 ("${BAD_CREDENTIALS}").`,
  tags,
  access: 'public',
  request: { headers: LoginHeadersSchema },
  responses: { 200: { description: 'A token and the user', schema: TokenResponseSchema } },
  problems: [401, 503],
});

export const renewEndpoint = defineEndpoint({
  method: 'get',
  path: '/auth/token/renew',
  operationId: 'renewToken',
  summary: 'Get a new token for the authenticated user',
  tags,
  access: 'read',
  request: {},
  responses: { 200: { description: 'A new token and the user', schema: RenewResponseSchema } },
  problems: [503],
});

export const authEndpoints: readonly EndpointSpec[] = [loginEndpoint, renewEndpoint];

export interface AuthServices {
  readonly context: FeatureContext;
  readonly tokens: TokenService;
  readonly passwords: PasswordHasher;
  readonly directory: UserDirectory;
}

/** `GET /auth/token` (public): mount before the authentication middleware. */
export function loginRoutes({ context, tokens, passwords, directory }: AuthServices): Router {
  return endpointsRouter([
    bind(loginEndpoint, async ({ headers }) => {
      const user = await directory.byEmail(headers['x-auth-username']);
      // Always one key derivation, also for an unknown e-mail, so the answer time does not tell.
      const matches = await passwords.verify(headers['x-auth-password'], user?.password_hash);
      if (!user || !matches || user.disabled) throw new UnauthorizedError(BAD_CREDENTIALS);
      const at = context.now();
      // The login is recorded in the log (UserLoggedIn -> users.last_login), so read models stay a function of it.
      await context.commands.send(recordLoginCommand(user.id, at), { userId: String(user.id) });
      const issued = tokens.issue(user.id);
      return {
        status: 200,
        headers: NO_STORE,
        body: {
          token: `JWT ${issued.jwt}`,
          expires_in: issued.expiresIn,
          user: tokenUserView(user, at.toISOString()),
        },
      };
    }),
  ]);
}

/** `GET /auth/token/renew`: mount after the authentication middleware. */
export function renewRoutes({ tokens, directory }: AuthServices): Router {
  return endpointsRouter([
    bind(renewEndpoint, async ({ principal }) => {
      const user = await directory.byId(principal.id);
      if (!user) throw new InternalError('The authenticated user is missing');
      const issued = tokens.issue(user.id);
      return {
        status: 200,
        headers: NO_STORE,
        body: { token: `JWT ${issued.jwt}`, expires_in: issued.expiresIn, user: renewUserView(user) },
      };
    }),
  ]);
}
