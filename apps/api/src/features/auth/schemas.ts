import { z } from 'zod';
import { PROFILE_NAMES } from '../users/profiles.js';

export const LoginHeadersSchema = z.object({
  'x-auth-username': z.string().min(1).max(254).meta({ description: "The user's e-mail" }),
  'x-auth-password': z.string().min(1).max(256),
});

const TokenSchema = z
  .string()
  .regex(/^JWT \S+$/)
  .meta({
    description:
      '`JWT <jwt>`: send it as `Authorization: Bearer <jwt>` (or `Bearer JWT <jwt>`, or `JWT <jwt>`)',
  });
const ExpiresInSchema = z
  .int()
  .positive()
  .meta({ description: 'Seconds until the token expires', example: 3600 });

export const TokenUserSchema = z
  .object({
    id: z.int(),
    email: z.string(),
    profile: z.int().min(1).max(3).meta({ description: '1 admin, 2 planner, 3 viewer' }),
    fullname: z.string(),
    last_login: z.string().meta({ description: 'ISO 8601 UTC; the time of this login' }),
  })
  .meta({ id: 'TokenUser' });

export const RenewUserSchema = z
  .object({
    id: z.int(),
    email: z.string(),
    profile: z.enum(PROFILE_NAMES),
    name: z.string(),
    surname: z.string(),
    username: z.string().meta({ description: 'Same as `email`' }),
  })
  .meta({ id: 'RenewUser' });

export const TokenResponseSchema = z
  .object({ token: TokenSchema, expires_in: ExpiresInSchema, user: TokenUserSchema })
  .meta({ id: 'TokenResponse' });

export const RenewResponseSchema = z
  .object({ token: TokenSchema, expires_in: ExpiresInSchema, user: RenewUserSchema })
  .meta({ id: 'RenewResponse' });
