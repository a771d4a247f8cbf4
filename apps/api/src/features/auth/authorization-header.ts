import { UnauthorizedError } from '@fleet/core';

/**
 * Extracts the JWT from an `Authorization` header. Accepted forms (scheme names case-insensitive):
 * `Bearer <jwt>`, `Bearer JWT <jwt>` (the token string as issued, after `Bearer`) and `JWT <jwt>`.
 */
export function jwtFromAuthorization(header: string | undefined): string {
  const parts = (header ?? '').trim().split(/\s+/);
  const [first, second, third] = parts;
  const scheme = first?.toLowerCase();
  if (
    parts.length === 2 &&
    (scheme === 'bearer' || scheme === 'jwt') &&
    second &&
    second.toLowerCase() !== 'jwt'
  ) {
    return second;
  }
  if (parts.length === 3 && scheme === 'bearer' && second?.toLowerCase() === 'jwt' && third) return third;
  throw new UnauthorizedError(
    header === undefined ? 'The Authorization header is missing' : 'The token is missing, invalid or expired',
  );
}
