import type { UserDoc } from '../users/documents.js';
import { profileId } from '../users/profiles.js';
import type { z } from 'zod';
import type { RenewUserSchema, TokenUserSchema } from './schemas.js';

export function tokenUserView(user: UserDoc, lastLogin: string): z.infer<typeof TokenUserSchema> {
  return {
    id: user.id,
    email: user.email,
    profile: profileId(user.profile),
    fullname: [user.name, user.surname].filter((part) => part.length > 0).join(' '),
    last_login: lastLogin,
  };
}

export function renewUserView(user: UserDoc): z.infer<typeof RenewUserSchema> {
  return {
    id: user.id,
    email: user.email,
    profile: user.profile,
    name: user.name,
    surname: user.surname,
    username: user.email,
  };
}
