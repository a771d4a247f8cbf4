import { ConflictError, InternalError, NotFoundError } from '@fleet/core';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createPasswordHasher, type PasswordHasher } from '../features/auth/passwords.js';
import {
  USERS_COLLECTION,
  USERS_KEY,
  createUserCommand,
  disableUserCommand,
  normalizeEmail,
  type ProfileName,
  type UserDoc,
} from '../features/users/index.js';
import type { CommandBus, ReadModels } from '../platform/contracts.js';

/** User management shared by the start-up bootstrap and the ops CLI (the admin API has its own routes). */
export interface UserAdminDeps {
  readonly commands: CommandBus;
  readonly readModels: ReadModels;
  /** Recorded as the command's `user-id` (`cli`, `bootstrap`). */
  readonly actor: string;
  readonly hasher?: PasswordHasher;
}

export interface NewUser {
  readonly email: string;
  readonly password: string;
  readonly profile: ProfileName;
  readonly name?: string;
  readonly surname?: string;
}

export async function findUser(readModels: ReadModels, email: string): Promise<UserDoc | undefined> {
  const store = await readModels.consistentFor(USERS_KEY);
  const [user] = await store
    .collection<UserDoc>(USERS_COLLECTION)
    .find({ email: normalizeEmail(email) }, { limit: 1 });
  return user;
}

export async function listUsers(readModels: ReadModels): Promise<UserDoc[]> {
  const store = await readModels.consistentFor(USERS_KEY);
  return store.collection<UserDoc>(USERS_COLLECTION).find({}, { sort: { id: 1 } });
}

/** Creates a user; ConflictError when the e-mail is taken. */
export async function addUser(deps: UserAdminDeps, user: NewUser): Promise<UserDoc> {
  if (await findUser(deps.readModels, user.email)) {
    throw new ConflictError(`A user with e-mail ${normalizeEmail(user.email)} already exists`, {
      email: 'already taken',
    });
  }
  const passwordHash = await (deps.hasher ?? createPasswordHasher()).hash(user.password);
  await deps.commands.send(createUserCommand({ ...user, passwordHash }), {
    userId: deps.actor,
    awaitOutcome: true,
  });
  const created = await findUser(deps.readModels, user.email);
  if (!created) throw new InternalError('the created user is missing from the read model');
  return created;
}

export async function disableUser(deps: UserAdminDeps, email: string): Promise<UserDoc> {
  const user = await findUser(deps.readModels, email);
  if (!user) throw new NotFoundError(`No user has e-mail ${normalizeEmail(email)}`, { email: 'unknown' });
  await deps.commands.send(disableUserCommand(user.id), { userId: deps.actor, awaitOutcome: true });
  return (await findUser(deps.readModels, email)) ?? user;
}

/** Start-up: creates FLEET_ADMIN_EMAIL as an admin unless a user (of any profile) already has that e-mail. */
export async function bootstrapAdmin(deps: UserAdminDeps, config: Config, logger: Logger): Promise<void> {
  if (!config.admin) return;
  const { email, password } = config.admin;
  if (await findUser(deps.readModels, email)) {
    logger.debug({ email }, 'bootstrap admin already exists');
    return;
  }
  try {
    const created = await addUser(deps, { email, password, profile: 'admin', name: 'Admin' });
    logger.info({ email, id: created.id }, 'bootstrap admin created');
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    logger.debug({ email }, 'bootstrap admin created meanwhile by another instance');
  }
}
