import type { Command, OutgoingCommand } from '../../platform/contracts.js';
import type { ProfileName } from './profiles.js';

/** Log key of the one users aggregate: it allocates ids and keeps e-mails unique. */
export const USERS_KEY = 'users';

/** The password arrives already hashed (see ../auth/passwords.ts): no command or event ever holds a password. */
export type CreateUser = Command<
  'CreateUser',
  Readonly<{ email: string; password_hash: string; profile: ProfileName; name: string; surname: string }>
>;
export type DisableUser = Command<'DisableUser', Readonly<{ user_id: number }>>;
/** `at`: ISO 8601 UTC time the API accepted the credentials. */
export type RecordLogin = Command<'RecordLogin', Readonly<{ user_id: number; at: string }>>;

export type UsersCommand = CreateUser | DisableUser | RecordLogin;

export const USERS_COMMAND_TYPES = [
  'CreateUser',
  'DisableUser',
  'RecordLogin',
] as const satisfies readonly UsersCommand['type'][];

/** E-mails are compared and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Builds a CreateUser for the API, the start-up bootstrap and the ops CLI (hash the password first). */
export function createUserCommand(input: {
  readonly email: string;
  readonly passwordHash: string;
  readonly profile: ProfileName;
  readonly name?: string;
  readonly surname?: string;
}): OutgoingCommand<CreateUser> {
  return {
    key: USERS_KEY,
    type: 'CreateUser',
    data: {
      email: normalizeEmail(input.email),
      password_hash: input.passwordHash,
      profile: input.profile,
      name: input.name ?? '',
      surname: input.surname ?? '',
    },
  };
}

export function disableUserCommand(userId: number): OutgoingCommand<DisableUser> {
  return { key: USERS_KEY, type: 'DisableUser', data: { user_id: userId } };
}

export function recordLoginCommand(userId: number, at: Date): OutgoingCommand<RecordLogin> {
  return { key: USERS_KEY, type: 'RecordLogin', data: { user_id: userId, at: at.toISOString() } };
}
