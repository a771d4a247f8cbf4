import { ConflictError, NotFoundError } from '@fleet/core';
import { NOW, command, deciderSpecification } from '../testing/decider-specification.spec.js';
import type { CreateUser, DisableUser, RecordLogin } from './commands.js';
import { createUserCommand } from './commands.js';
import { usersAggregate } from './decider.js';
import type { UserCreated, UserDisabled, UsersEvent } from './events.js';

const spec = deciderSpecification(usersAggregate);
const HASH = 'scrypt$1024$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g=';

const created = (
  user_id: number,
  email: string,
  profile: UserCreated['data']['profile'] = 'planner',
): UserCreated => ({
  type: 'UserCreated',
  data: {
    user_id,
    email,
    password_hash: HASH,
    profile,
    name: 'Ana',
    surname: 'Silva',
    created_at: NOW.toISOString(),
  },
});
const disabled = (user_id: number): UserDisabled => ({
  type: 'UserDisabled',
  data: { user_id, disabled_at: NOW.toISOString() },
});
const createUser = (email: string, profile: CreateUser['data']['profile'] = 'planner'): CreateUser =>
  command<CreateUser>('CreateUser', { email, password_hash: HASH, profile, name: 'Ana', surname: 'Silva' });

describe('users decider', () => {
  describe('CreateUser', () => {
    it('gives the first user id 1', () => {
      spec
        .given([])
        .when(createUser('ana@example.com'))
        .then([created(1, 'ana@example.com')]);
    });

    it('gives the next id after the highest one', () => {
      spec
        .given([created(1, 'a@example.com'), created(7, 'b@example.com')])
        .when(createUser('c@example.com', 'viewer'))
        .then([created(8, 'c@example.com', 'viewer')]);
    });

    it('refuses an e-mail already taken, whatever its case, disabled users included', () => {
      spec
        .given([created(1, 'ana@example.com'), disabled(1)])
        .when(createUser(' Ana@Example.COM '))
        .thenThrows(ConflictError, (error) => expect(error.errors).toEqual({ email: 'already taken' }));
    });

    it('is what createUserCommand builds, e-mail normalised', () => {
      const { key, type, data } = createUserCommand({
        email: ' Ana@Example.com',
        passwordHash: HASH,
        profile: 'admin',
      });
      expect({ key, type, data }).toEqual({
        key: 'users',
        type: 'CreateUser',
        data: { email: 'ana@example.com', password_hash: HASH, profile: 'admin', name: '', surname: '' },
      });
    });
  });

  describe('DisableUser', () => {
    const disable = (user_id: number) => command<DisableUser>('DisableUser', { user_id });
    const twoAdmins: UsersEvent[] = [
      created(1, 'root@example.com', 'admin'),
      created(2, 'boss@example.com', 'admin'),
    ];

    it('disables a user', () => {
      spec
        .given(twoAdmins)
        .when(disable(2))
        .then([disabled(2)]);
    });

    it('refuses an unknown user', () => {
      spec.given(twoAdmins).when(disable(3)).thenThrows(NotFoundError);
    });

    it('refuses a user already disabled', () => {
      spec
        .given([...twoAdmins, disabled(2)])
        .when(disable(2))
        .thenThrows(ConflictError);
    });

    it('refuses to disable the last active admin', () => {
      spec
        .given([...twoAdmins, disabled(1), created(3, 'p@example.com')])
        .when(disable(2))
        .thenThrows(ConflictError, (error) => expect(error.errors).toEqual({ user_id: 'last active admin' }));
    });
  });

  describe('RecordLogin', () => {
    const login = (user_id: number) =>
      command<RecordLogin>('RecordLogin', { user_id, at: '2026-11-23T08:29:59.000Z' });

    it('records the login time given by the API', () => {
      spec
        .given([created(1, 'a@example.com')])
        .when(login(1))
        .then([{ type: 'UserLoggedIn', data: { user_id: 1, at: '2026-11-23T08:29:59.000Z' } }]);
    });

    it('refuses a disabled or unknown user', () => {
      spec
        .given([created(1, 'a@example.com'), created(2, 'b@example.com', 'admin'), disabled(1)])
        .when(login(1))
        .thenThrows(ConflictError);
      spec.given([]).when(login(1)).thenThrows(NotFoundError);
    });
  });
});
