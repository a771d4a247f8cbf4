import { createHmac, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { InternalError, UnauthorizedError } from '@fleet/core';
import { jwtFromAuthorization } from './authorization-header.js';
import { createTokenService } from './tokens.js';

const secret = randomBytes(32);
let now = new Date('2026-11-23T08:00:00Z');
const options = { secret, issuer: 'fleet', audience: 'fleet-api', ttlSeconds: 3600, now: () => now };
const service = createTokenService(options);
const iat = () => Math.floor(now.getTime() / 1000);

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token with any header, signed with HMAC-SHA256 over header.payload (or unsigned). */
function forge(header: object, payload: object, sign = true): string {
  const body = `${b64url(header)}.${b64url(payload)}`;
  return `${body}.${sign ? createHmac('sha256', secret).update(body).digest('base64url') : ''}`;
}
const claims = () => ({ sub: '7', iat: iat(), exp: iat() + 60, iss: 'fleet', aud: 'fleet-api' });

describe('token service', () => {
  beforeEach(() => {
    now = new Date('2026-11-23T08:00:00Z');
  });

  it('issues HS256 tokens that it verifies, with the lifetime in seconds', () => {
    const issued = service.issue(7);
    expect(issued.expiresIn).toBe(3600);
    expect(jwt.decode(issued.jwt, { complete: true })?.header.alg).toBe('HS256');
    expect(service.verify(issued.jwt)).toEqual({ userId: 7, issuedAt: iat(), expiresAt: iat() + 3600 });
  });

  it('refuses alg none', () => {
    expect(() => service.verify(forge({ alg: 'none', typ: 'JWT' }, claims(), false))).toThrow(
      UnauthorizedError,
    );
  });

  it('refuses HS512 (and any algorithm but HS256), even with the right secret', () => {
    const hs512 = jwt.sign(claims(), secret, { algorithm: 'HS512' });
    expect(() => service.verify(hs512)).toThrow(UnauthorizedError);
    // A header that lies about the algorithm is refused too.
    expect(() => service.verify(forge({ alg: 'HS384', typ: 'JWT' }, claims()))).toThrow(UnauthorizedError);
  });

  it('refuses a wrong issuer, a wrong audience, another secret, and a missing expiry', () => {
    const sign = (payload: object, key: Buffer = secret) => jwt.sign(payload, key, { algorithm: 'HS256' });
    expect(() => service.verify(sign({ ...claims(), iss: 'other' }))).toThrow(UnauthorizedError);
    expect(() => service.verify(sign({ ...claims(), aud: 'other' }))).toThrow(UnauthorizedError);
    expect(() => service.verify(sign(claims(), randomBytes(32)))).toThrow(UnauthorizedError);
    const { exp: _exp, ...noExp } = claims();
    expect(() => service.verify(sign(noExp))).toThrow(UnauthorizedError);
    expect(service.verify(sign(claims())).userId).toBe(7);
  });

  it('refuses an expired token (exp checked against the injected clock)', () => {
    const issued = service.issue(7);
    now = new Date(now.getTime() + 3599_000);
    expect(service.verify(issued.jwt).userId).toBe(7);
    now = new Date(now.getTime() + 1000);
    expect(() => service.verify(issued.jwt)).toThrow(UnauthorizedError);
  });

  it('refuses a subject that is not a user id', () => {
    const sign = (sub: string) => jwt.sign({ ...claims(), sub }, secret, { algorithm: 'HS256' });
    for (const sub of ['0', '-1', '1.5', 'admin', '07'])
      expect(() => service.verify(sign(sub))).toThrow(UnauthorizedError);
  });

  it('refuses a secret shorter than 256 bits', () => {
    expect(() => createTokenService({ ...options, secret: randomBytes(31) })).toThrow(InternalError);
    expect(() => createTokenService({ ...options, secret: 'short' })).toThrow(InternalError);
  });
});

describe('Authorization header', () => {
  it('accepts Bearer <jwt>, Bearer JWT <jwt> and JWT <jwt>', () => {
    expect(jwtFromAuthorization('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(jwtFromAuthorization('Bearer JWT abc.def.ghi')).toBe('abc.def.ghi');
    expect(jwtFromAuthorization('JWT abc.def.ghi')).toBe('abc.def.ghi');
    expect(jwtFromAuthorization('bearer   abc.def.ghi ')).toBe('abc.def.ghi');
  });

  it('refuses anything else with 401', () => {
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Basic dXNlcjpwYXNz',
      'JWT',
      'Bearer JWT',
      'Bearer a b',
      'Token abc',
    ]) {
      expect(() => jwtFromAuthorization(header)).toThrow(UnauthorizedError);
    }
  });
});
