import type { Logger } from 'pino';
import { Supervisor, type SupervisorOptions } from '../platform/supervisor.js';

export interface AdminBootstrap {
  /** Stops retrying (a no-op once the admin exists). */
  stop(): Promise<void>;
}

/**
 * Runs the admin bootstrap and, when it fails, keeps retrying it in the background with the supervisor's
 * backoff until it succeeds or the service stops. Resolves after the first attempt, whatever its outcome.
 *
 * Why: an API-only process (distributed runtime) may start before the processor and the projector; its first
 * attempt then times out waiting for the users read model. Giving up there would leave a fresh deployment with
 * no user able to log in until the API is restarted.
 */
export async function startAdminBootstrap(
  run: () => Promise<void>,
  logger: Logger,
  options: SupervisorOptions = { minBackoffMs: 1000, maxBackoffMs: 15_000 },
): Promise<AdminBootstrap> {
  let attempted = (): void => undefined;
  const firstAttempt = new Promise<void>((resolve) => (attempted = resolve));
  const supervisor = new Supervisor(
    {
      name: 'the admin bootstrap',
      async start() {
        try {
          await run();
        } finally {
          attempted();
        }
        return { stop: () => Promise.resolve() };
      },
    },
    logger,
    options,
  );
  void supervisor.start();
  await firstAttempt;
  return { stop: () => supervisor.stop() };
}
