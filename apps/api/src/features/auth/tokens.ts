import jwt from 'jsonwebtoken';
import { InternalError, UnauthorizedError } from '@fleet/core';

/** HMAC secrets shorter than the hash output (256 bits for HS256) are refused. */
export const MIN_SECRET_BYTES = 32;
/** The one accepted algorithm: `none` and every other algorithm are refused. */
const ALGORITHM = 'HS256';

export interface TokenOptions {
  readonly secret: Buffer | string;
  readonly issuer: string;
  readonly audience: string;
  readonly ttlSeconds: number;
  readonly now: () => Date;
}

export interface IssuedToken {
  /** The compact JWS, without the `JWT ` prefix. */
  readonly jwt: string;
  readonly expiresIn: number;
}

export interface VerifiedToken {
  readonly userId: number;
  readonly issuedAt: number;
  readonly expiresAt: number;
}

export interface TokenService {
  issue(userId: number): IssuedToken;
  /** Throws UnauthorizedError for a bad signature or algorithm, a wrong issuer or audience, or an expired token. */
  verify(token: string): VerifiedToken;
}

const invalidToken = (cause?: unknown): UnauthorizedError =>
  new UnauthorizedError('The token is missing, invalid or expired', undefined, { cause });

export function createTokenService(options: TokenOptions): TokenService {
  const secret = typeof options.secret === 'string' ? Buffer.from(options.secret) : options.secret;
  if (secret.length < MIN_SECRET_BYTES) {
    throw new InternalError(`The token secret must have at least ${MIN_SECRET_BYTES} bytes`);
  }
  if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds <= 0) {
    throw new InternalError('The token lifetime must be a positive number of seconds');
  }
  const nowSeconds = (): number => Math.floor(options.now().getTime() / 1000);

  return {
    issue(userId) {
      const token = jwt.sign({ sub: String(userId), iat: nowSeconds() }, secret, {
        algorithm: ALGORITHM,
        expiresIn: options.ttlSeconds,
        issuer: options.issuer,
        audience: options.audience,
      });
      return { jwt: token, expiresIn: options.ttlSeconds };
    },

    verify(token) {
      let payload: string | jwt.JwtPayload;
      try {
        payload = jwt.verify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: options.issuer,
          audience: options.audience,
          clockTimestamp: nowSeconds(),
        });
      } catch (error) {
        throw invalidToken(error);
      }
      if (typeof payload === 'string' || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') {
        throw invalidToken();
      }
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0 || String(userId) !== payload.sub)
        throw invalidToken();
      return { userId, issuedAt: payload.iat, expiresAt: payload.exp };
    },
  };
}
