/**
 * The optimizer app: the Piscina solver pool and the consumers that feed it. `npm start` runs it inside the
 * all-in-one process (the platform imports `app`); `npm run start:optimizer` runs it alone on the distributed
 * runtime. It has no work of its own yet: it starts, reports, and stops cleanly.
 */
import { pathToFileURL } from 'node:url';
import type { AppHost, AppModule, RunningApp } from '@fleet/api/platform/app-host';
import { runMain } from '@fleet/api/runtime/run-main';

export const app: AppModule = {
  name: 'optimizer',
  start(host: AppHost): Promise<RunningApp> {
    host.logger.info('optimizer: no solver jobs are defined yet; idle');
    return Promise.resolve({ stop: () => Promise.resolve() });
  },
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runMain({
    name: 'fleet-optimizer',
    defaultRoles: ['optimizer'],
    requireDistributed: true,
    composition: async () => {
      const { defaultComposition } = await import('@fleet/api/runtime/composition');
      const composition = await defaultComposition();
      return { ...composition, apps: { optimizer: () => Promise.resolve(app) } };
    },
  });
}
