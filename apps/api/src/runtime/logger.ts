import { pino, type Logger } from 'pino';
import type { Config } from '../config.js';

/** JSON logs on stdout (pino); secrets never reach them (see `redact`). */
export function createLogger(config: Pick<Config, 'logLevel'>, name = 'fleet'): Logger {
  return pino({
    name,
    level: config.logLevel,
    redact: {
      paths: ['password', '*.password', 'password_hash', '*.password_hash', 'req.headers.authorization', 'req.headers["x-auth-password"]'],
      censor: '[redacted]',
    },
  });
}
