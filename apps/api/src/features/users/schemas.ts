import { z } from 'zod';
import { PROFILE_NAMES, parseProfile, type ProfileName } from './profiles.js';

/** A profile given as its name (`planner`) or its integer (`2`); parsed to the name. */
export const ProfileInputSchema = z
  .union([z.enum(PROFILE_NAMES), z.int().min(1).max(3)])
  .transform((value): ProfileName => parseProfile(value) ?? 'viewer')
  .meta({ description: 'Profile name, or its integer: 1 admin, 2 planner, 3 viewer', example: 'planner' });

export const CreateUserBodySchema = z
  .object({
    email: z.email().max(254).meta({ example: 'planner@example.com' }),
    password: z
      .string()
      .min(8)
      .max(256)
      .meta({ description: 'At least 8 characters; stored only as a scrypt hash' }),
    profile: ProfileInputSchema,
    name: z.string().trim().max(100).default(''),
    surname: z.string().trim().max(100).default(''),
  })
  .meta({ id: 'CreateUserRequest' });

export const UserIdParamsSchema = z.object({
  id: z.coerce.number<string>().int().min(1).meta({ description: 'User id', example: 2 }),
});

/** A user as the admin API shows it (never with the password hash). */
export const AdminUserSchema = z
  .object({
    id: z.int(),
    email: z.string(),
    username: z.string().meta({ description: 'Same as `email`' }),
    name: z.string(),
    surname: z.string(),
    profile: z.enum(PROFILE_NAMES),
    profile_id: z.int().min(1).max(3),
    disabled: z.boolean(),
    created_at: z.string().meta({ description: 'ISO 8601 UTC' }),
    disabled_at: z.string().nullable(),
    last_login: z.string().nullable().meta({ description: 'ISO 8601 UTC time of the last successful login' }),
  })
  .meta({ id: 'User' });

export const AdminUserListSchema = z.array(AdminUserSchema).meta({ id: 'UserList' });

export type AdminUser = z.infer<typeof AdminUserSchema>;
