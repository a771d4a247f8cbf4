import { pino } from 'pino';
import { startAdminBootstrap } from './admin-bootstrap.js';

const silent = pino({ level: 'silent' });
const fast = { minBackoffMs: 2, maxBackoffMs: 4, random: () => 0.5 };
const waitFor = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('the admin bootstrap', () => {
  it('returns after a failed first attempt and keeps retrying until it succeeds', async () => {
    let attempts = 0;
    const bootstrap = await startAdminBootstrap(
      () => {
        attempts += 1;
        return attempts < 3 ? Promise.reject(new Error('users read model not caught up')) : Promise.resolve();
      },
      silent,
      fast,
    );
    expect(attempts).toBe(1);
    await waitFor(() => attempts >= 3);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(attempts).toBe(3); // no attempt after the success
    await bootstrap.stop();
  });

  it('stops retrying when stopped', async () => {
    let attempts = 0;
    const bootstrap = await startAdminBootstrap(
      () => {
        attempts += 1;
        return Promise.reject(new Error('still down'));
      },
      silent,
      fast,
    );
    await waitFor(() => attempts >= 2);
    await bootstrap.stop();
    const after = attempts;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(attempts).toBe(after);
  });
});
