/**
 * User profiles: what a user may do. Integer ids as in the token response; names as in the renew response.
 * admin (1): everything, including user management; planner (2): reads and data writes; viewer (3): reads only.
 */
export const PROFILE_NAMES = ['admin', 'planner', 'viewer'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

const IDS: Readonly<Record<ProfileName, 1 | 2 | 3>> = { admin: 1, planner: 2, viewer: 3 };

export function profileId(name: ProfileName): 1 | 2 | 3 {
  return IDS[name];
}

/** Accepts a profile name (`planner`) or its integer (`2`); undefined when it is neither. */
export function parseProfile(value: unknown): ProfileName | undefined {
  if (typeof value === 'string') return PROFILE_NAMES.find((name) => name === value);
  if (typeof value === 'number') return PROFILE_NAMES.find((name) => IDS[name] === value);
  return undefined;
}

/** What a request needs: `read` (any profile), `write` (data changes), `admin` (user management). */
export type Permission = 'read' | 'write' | 'admin';

export function mayAct(profile: ProfileName, permission: Permission): boolean {
  switch (permission) {
    case 'read':
      return true;
    case 'write':
      return profile === 'admin' || profile === 'planner';
    case 'admin':
      return profile === 'admin';
  }
}
