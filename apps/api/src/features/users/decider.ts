import { ConflictError, NotFoundError } from '@fleet/core';
import type { Aggregate, DecideContext } from '../../platform/contracts.js';
import { assertNever } from '../shared/assert-never.js';
import {
  USERS_COMMAND_TYPES,
  USERS_KEY,
  normalizeEmail,
  type CreateUser,
  type DisableUser,
  type RecordLogin,
  type UsersCommand,
} from './commands.js';
import { USERS_EVENT_TYPES, type UsersEvent } from './events.js';
import type { ProfileName } from './profiles.js';

export interface UserSummary {
  readonly email: string;
  readonly profile: ProfileName;
  readonly disabled: boolean;
}

/** What deciding needs: the highest id given so far, each user's status, and the e-mails taken. */
export interface UsersState {
  readonly lastId: number;
  readonly users: Readonly<Record<string, UserSummary>>;
  readonly idByEmail: Readonly<Record<string, number>>;
}

export const initialUsersState = (): UsersState => ({ lastId: 0, users: {}, idByEmail: {} });

function createUser(command: CreateUser, state: UsersState, context: DecideContext): UsersEvent[] {
  const email = normalizeEmail(command.data.email);
  if (state.idByEmail[email] !== undefined) {
    throw new ConflictError(`A user with e-mail ${email} already exists`, { email: 'already taken' });
  }
  return [
    {
      type: 'UserCreated',
      data: { ...command.data, email, user_id: state.lastId + 1, created_at: context.now.toISOString() },
    },
  ];
}

function activeAdmins(state: UsersState): number {
  return Object.values(state.users).filter((user) => user.profile === 'admin' && !user.disabled).length;
}

function disableUser(command: DisableUser, state: UsersState, context: DecideContext): UsersEvent[] {
  const { user_id } = command.data;
  const user = state.users[String(user_id)];
  if (!user) throw new NotFoundError(`User ${user_id} does not exist`, { user_id: 'unknown' });
  if (user.disabled)
    throw new ConflictError(`User ${user_id} is already disabled`, { user_id: 'already disabled' });
  if (user.profile === 'admin' && activeAdmins(state) === 1) {
    throw new ConflictError('The last active admin cannot be disabled', { user_id: 'last active admin' });
  }
  return [{ type: 'UserDisabled', data: { user_id, disabled_at: context.now.toISOString() } }];
}

function recordLogin(command: RecordLogin, state: UsersState): UsersEvent[] {
  const { user_id, at } = command.data;
  const user = state.users[String(user_id)];
  if (!user) throw new NotFoundError(`User ${user_id} does not exist`, { user_id: 'unknown' });
  if (user.disabled) throw new ConflictError(`User ${user_id} is disabled`, { user_id: 'disabled' });
  return [{ type: 'UserLoggedIn', data: { user_id, at } }];
}

export function decideUsers(command: UsersCommand, state: UsersState, context: DecideContext): UsersEvent[] {
  switch (command.type) {
    case 'CreateUser':
      return createUser(command, state, context);
    case 'DisableUser':
      return disableUser(command, state, context);
    case 'RecordLogin':
      return recordLogin(command, state);
    default:
      return assertNever(command, 'users command');
  }
}

export function evolveUsers(state: UsersState, event: UsersEvent): UsersState {
  switch (event.type) {
    case 'UserCreated': {
      const { user_id, email, profile } = event.data;
      return {
        lastId: Math.max(state.lastId, user_id),
        users: { ...state.users, [String(user_id)]: { email, profile, disabled: false } },
        idByEmail: { ...state.idByEmail, [email]: user_id },
      };
    }
    case 'UserDisabled': {
      const key = String(event.data.user_id);
      const user = state.users[key];
      return user ? { ...state, users: { ...state.users, [key]: { ...user, disabled: true } } } : state;
    }
    case 'UserLoggedIn':
      return state;
    default:
      return assertNever(event, 'users event');
  }
}

export const usersAggregate: Aggregate<UsersState, UsersCommand, UsersEvent> = {
  name: 'users',
  keyOf: () => USERS_KEY,
  commandTypes: USERS_COMMAND_TYPES,
  eventTypes: USERS_EVENT_TYPES,
  initialState: initialUsersState,
  decide: decideUsers,
  evolve: evolveUsers,
};
