export { createPasswordHasher, DEFAULT_SCRYPT, type PasswordHasher, type ScryptParams } from './passwords.js';
export { createTokenService, MIN_SECRET_BYTES, type TokenService, type TokenOptions } from './tokens.js';
export { jwtFromAuthorization } from './authorization-header.js';
export { createUserDirectory, type UserDirectory } from './user-directory.js';
export type { Principal } from './principal.js';
