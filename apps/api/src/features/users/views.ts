import type { UserDoc } from './documents.js';
import { profileId } from './profiles.js';
import type { AdminUser } from './schemas.js';

export function adminUserView(user: UserDoc): AdminUser {
  return {
    id: user.id,
    email: user.email,
    username: user.email,
    name: user.name,
    surname: user.surname,
    profile: user.profile,
    profile_id: profileId(user.profile),
    disabled: user.disabled,
    created_at: user.created_at,
    disabled_at: user.disabled_at,
    last_login: user.last_login,
  };
}
