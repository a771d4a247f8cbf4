import type { DomainEvent } from '../../platform/contracts.js';
import type { ProfileName } from './profiles.js';

export type UserCreated = DomainEvent<
  'UserCreated',
  Readonly<{
    user_id: number;
    email: string;
    password_hash: string;
    profile: ProfileName;
    name: string;
    surname: string;
    created_at: string;
  }>
>;
export type UserDisabled = DomainEvent<'UserDisabled', Readonly<{ user_id: number; disabled_at: string }>>;
export type UserLoggedIn = DomainEvent<'UserLoggedIn', Readonly<{ user_id: number; at: string }>>;

export type UsersEvent = UserCreated | UserDisabled | UserLoggedIn;

export const USERS_EVENT_TYPES = [
  'UserCreated',
  'UserDisabled',
  'UserLoggedIn',
] as const satisfies readonly UsersEvent['type'][];

export function isUsersEvent(event: DomainEvent): event is UsersEvent {
  return (USERS_EVENT_TYPES as readonly string[]).includes(event.type);
}
