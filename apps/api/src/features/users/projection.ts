import type { ReadStore } from '@fleet/read-store';
import type { Projection, StoredEvent } from '../../platform/contracts.js';
import { assertNever } from '../shared/assert-never.js';
import { USERS_COLLECTION, userDocId, type UserDoc } from './documents.js';
import { USERS_EVENT_TYPES, isUsersEvent, type UsersEvent } from './events.js';

/** Applies one users event to the `users` read model, guarded on `_position` (idempotent). */
export async function projectUsersEvent(
  event: UsersEvent,
  position: number,
  store: ReadStore,
): Promise<void> {
  const users = store.collection<UserDoc>(USERS_COLLECTION);
  switch (event.type) {
    case 'UserCreated': {
      const { user_id, ...rest } = event.data;
      await users.applyAt({
        id: userDocId(user_id),
        position,
        set: { ...rest, id: user_id, disabled: false, disabled_at: null, last_login: null },
      });
      return;
    }
    case 'UserDisabled':
      await users.applyAt({
        id: userDocId(event.data.user_id),
        position,
        set: { disabled: true, disabled_at: event.data.disabled_at },
      });
      return;
    case 'UserLoggedIn':
      await users.applyAt({
        id: userDocId(event.data.user_id),
        position,
        set: { last_login: event.data.at },
      });
      return;
    default:
      assertNever(event, 'users event');
  }
}

export const usersProjection: Projection = {
  name: 'users',
  collections: [USERS_COLLECTION],
  eventTypes: USERS_EVENT_TYPES,
  async project(stored: StoredEvent, store: ReadStore): Promise<void> {
    if (isUsersEvent(stored.event)) await projectUsersEvent(stored.event, stored.offset, store);
  },
};
