import { pino, type Logger } from 'pino';
import type { Config } from '../config.js';

/** JSON logs (pino) on stdout, or on `fd` (the CLI logs on stderr); secrets never reach them (see `redact`). */
export function createLogger(config: Pick<Config, 'logLevel'>, name = 'fleet', fd: 1 | 2 = 1): Logger {
  return pino(
    {
      name,
      level: config.logLevel,
      redact: {
        paths: [
          'password',
          '*.password',
          'password_hash',
          '*.password_hash',
          'req.headers.authorization',
          'req.headers["x-auth-password"]',
        ],
        censor: '[redacted]',
      },
    },
    pino.destination({ dest: fd, sync: fd === 2 }),
  );
}
