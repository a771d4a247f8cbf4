import type { UserDoc } from '../users/documents.js';
import type { ProfileName } from '../users/profiles.js';

/** The authenticated user of a request, as read from the `users` read model (never from token claims). */
export interface Principal {
  readonly id: number;
  readonly email: string;
  readonly profile: ProfileName;
  readonly name: string;
  readonly surname: string;
}

export function principalOf(user: UserDoc): Principal {
  return { id: user.id, email: user.email, profile: user.profile, name: user.name, surname: user.surname };
}
