import type { Doc } from '@fleet/read-store';
import type { ProfileName } from './profiles.js';

/** Read model `users`: one document per user, `_id` = the user id as a string. */
export const USERS_COLLECTION = 'users';

export type UserDoc = Doc & {
  readonly id: number;
  readonly email: string;
  readonly profile: ProfileName;
  readonly name: string;
  readonly surname: string;
  /** scrypt parameters, salt and hash (see ../auth/passwords.ts); never sent over HTTP. */
  readonly password_hash: string;
  readonly disabled: boolean;
  readonly created_at: string;
  readonly disabled_at: string | null;
  readonly last_login: string | null;
};

export const userDocId = (userId: number): string => String(userId);
