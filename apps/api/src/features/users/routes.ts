import { ConflictError, InternalError, NotFoundError } from '@fleet/core';
import type { Router } from 'express';
import type { RouteContext } from '../../platform/contracts.js';
import { bind, defineEndpoint, endpointsRouter, type EndpointSpec } from '../../http/endpoint.js';
import { USERS_KEY, createUserCommand, disableUserCommand, normalizeEmail } from './commands.js';
import { USERS_COLLECTION, userDocId, type UserDoc } from './documents.js';
import { AdminUserListSchema, AdminUserSchema, CreateUserBodySchema, UserIdParamsSchema } from './schemas.js';
import { adminUserView } from './views.js';

const tags = ['Users (admin)'];

export const createUserEndpoint = defineEndpoint({
  method: 'post',
  path: '/admin/users',
  operationId: 'createUser',
  summary: 'Create a user',
  description:
    'Ids are integers given in creation order. E-mails are unique (compared lower-cased), disabled users included.',
  tags,
  access: 'admin',
  request: { body: CreateUserBodySchema },
  responses: {
    201: {
      description: 'The new user',
      schema: AdminUserSchema,
      headers: { Location: 'Path of the new user' },
    },
  },
  problems: [409, 503],
});

export const listUsersEndpoint = defineEndpoint({
  method: 'get',
  path: '/admin/users',
  operationId: 'listUsers',
  summary: 'List users (disabled ones included), by id',
  tags,
  access: 'admin',
  request: {},
  responses: { 200: { description: 'Every user', schema: AdminUserListSchema } },
  problems: [503],
});

export const disableUserEndpoint = defineEndpoint({
  method: 'delete',
  path: '/admin/users/{id}',
  operationId: 'disableUser',
  summary: 'Disable a user',
  description:
    'The user can no longer log in and its tokens stop working. Idempotent: disabling a disabled user answers 204. The last active admin cannot be disabled (409).',
  tags,
  access: 'admin',
  request: { params: UserIdParamsSchema },
  responses: { 204: { description: 'Disabled' } },
  problems: [404, 409, 503],
});

export const usersEndpoints: readonly EndpointSpec[] = [
  createUserEndpoint,
  listUsersEndpoint,
  disableUserEndpoint,
];

export function usersRoutes(context: RouteContext): Router {
  const users = () => context.readModels.collection<UserDoc>(USERS_COLLECTION);
  const byEmail = async (email: string): Promise<UserDoc | undefined> =>
    (await users().find({ email: normalizeEmail(email) }, { limit: 1 }))[0];

  return endpointsRouter([
    bind(createUserEndpoint, async ({ body, principal }) => {
      await context.readModels.consistentFor(USERS_KEY);
      if (await byEmail(body.email))
        throw new ConflictError('This e-mail is already taken', { 'body.email': 'already taken' });
      const passwordHash = await context.security.hashPassword(body.password);
      const command = createUserCommand({ ...body, passwordHash });
      await context.commands.send(command, { userId: String(principal.id), awaitOutcome: true });
      const created = await byEmail(body.email);
      if (!created) throw new InternalError('The created user is missing from the read model');
      return {
        status: 201,
        body: adminUserView(created),
        headers: { Location: `/admin/users/${created.id}` },
      };
    }),

    bind(listUsersEndpoint, async () => {
      await context.readModels.consistentFor(USERS_KEY);
      const all = await users().find({}, { sort: { id: 1 } });
      return { status: 200, body: all.map(adminUserView) };
    }),

    bind(disableUserEndpoint, async ({ params, principal }) => {
      await context.readModels.consistentFor(USERS_KEY);
      const user = await users().get(userDocId(params.id));
      if (!user) throw new NotFoundError(`User ${params.id} does not exist`, { 'params.id': 'unknown user' });
      if (!user.disabled) {
        await context.commands.send(disableUserCommand(params.id), {
          userId: String(principal.id),
          awaitOutcome: true,
        });
      }
      context.security.forgetUser(params.id);
      return { status: 204 };
    }),
  ]);
}
