import { pino } from 'pino';
import { Supervisor, type Runnable } from './supervisor.js';

const silent = pino({ level: 'silent' });

describe('the supervisor', () => {
  it('retries a failed start and restarts after a failure, from a clean start each time', async () => {
    const starts: number[] = [];
    let failLater: ((error: unknown) => void) | undefined;
    let stopped = 0;
    const flaky: Runnable = {
      name: 'flaky',
      start(fail) {
        starts.push(starts.length);
        if (starts.length === 1) return Promise.reject(new Error('broker down'));
        failLater = fail;
        return Promise.resolve({ stop: () => Promise.resolve(void (stopped += 1)) });
      },
    };
    const supervisor = new Supervisor(flaky, silent, {
      minBackoffMs: 5,
      maxBackoffMs: 20,
      random: () => 0.5,
    });
    await supervisor.start();
    expect(starts).toEqual([0, 1]);
    expect(supervisor.status).toBe('running');

    failLater?.(new Error('handler threw'));
    expect(supervisor.status).toBe('restarting');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(starts).toEqual([0, 1, 2]);
    expect(stopped).toBe(1);
    expect(supervisor.status).toBe('running');

    await supervisor.stop();
    expect(stopped).toBe(2);
    expect(supervisor.status).toBe('stopped');
  });
});
