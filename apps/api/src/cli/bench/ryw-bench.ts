import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../config.js';
import { setDepotParametersCommand } from '../../features/depots/index.js';
import { defaultComposition } from '../../runtime/composition.js';
import { createLogger } from '../../runtime/logger.js';
import { startService } from '../../runtime/service.js';
import { removeBenchData } from './cleanup.js';
import { percentile, round, timed } from './stats.js';

export interface BenchOptions {
  readonly appends: number;
  readonly concurrency: number;
  readonly iterations: number;
}

export interface BenchResult {
  readonly runtime: Config['runtime']['kind'];
  readonly appendsPerSecond: { readonly bus: number; readonly http: number };
  /** Commands decided and projected per second, from the first append of the bus phase to an empty backlog. */
  readonly processedPerSecond: number;
  readonly appendLatencyMs: { readonly p50: number; readonly p99: number };
  readonly readYourWritesMs: {
    readonly post: { readonly p50: number; readonly p99: number };
    readonly get: { readonly p50: number; readonly p99: number };
    readonly postThenGet: { readonly p50: number; readonly p99: number };
  };
  readonly staleReads: number;
}

const summary = (sample: readonly number[]) => ({
  p50: round(percentile(sample, 50)),
  p99: round(percentile(sample, 99)),
});

/**
 * Starts a private service (API + processor + projector) on the configured runtime (embedded: a temporary data
 * dir; distributed: a fresh topic prefix and database) and measures command appends per second and the
 * read-your-writes latency of a depot POST followed by its GET.
 */
export async function runRywBench(env: NodeJS.ProcessEnv, options: BenchOptions): Promise<BenchResult> {
  const run = `bench${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const password = randomBytes(12).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-'));
  const base = loadConfig(env);
  const overrides: Record<string, string> = {
    FLEET_DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    FLEET_ADMIN_EMAIL: 'bench@example.com',
    FLEET_ADMIN_PASSWORD: password,
    LOG_LEVEL: 'warn',
  };
  if (base.runtime.kind === 'distributed') {
    overrides.FLEET_TOPIC_PREFIX = `${run}.`;
    overrides.MONGO_URL = base.runtime.mongoUrl.replace(/^([a-z+]+:\/\/[^/]*)(\/[^?]*)?/i, `$1/${run}`);
  }
  const config = loadConfig({ ...env, ...overrides });
  const service = await startService({
    config,
    roles: ['api', 'processor', 'projector'],
    composition: await defaultComposition(),
    logger: createLogger(config, 'bench', 2),
  });
  try {
    const login = await fetch(`${service.url}/auth/token`, {
      headers: { 'x-auth-username': 'bench@example.com', 'x-auth-password': password },
    });
    const token = ((await login.json()) as { token: string }).token.replace(/^JWT /, '');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (depot: string, fill: number): Promise<void> => {
      const response = await fetch(`${service.url}/data/depot/${depot}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ vehicle_fill: fill }),
      });
      if (response.status !== 200) throw new Error(`POST answered ${response.status}`);
      await response.arrayBuffer();
    };

    /** Waits until every command is decided and applied; returns how long that took. */
    const drain = async (): Promise<number> => {
      const t0 = performance.now();
      for (let waited = 0; waited < 300_000; waited += 50) {
        const report = await service.readiness();
        if (report.lag?.projector === 0 && report.lag.processor === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return performance.now() - t0;
    };
    // Each phase starts on a drained service, so that the processor's and the projector's backlog does not
    // compete with it; the drain after the bus phase gives the end-to-end rate (decided and projected).
    const bus = await timed(options.appends, options.concurrency, (i) =>
      service.platform.commands
        .send(setDepotParametersCommand(`A${i % 64}`, { vehicle_fill: i % 100 }), { userId: 'bench' })
        .then(() => undefined),
    );
    const busDrainMs = await drain();
    const http = await timed(options.appends, options.concurrency, (i) => post(`H${i % 64}`, i % 100));
    await drain();
    const single = await timed(Math.min(300, options.appends), 1, (i) => post(`S${i % 64}`, i % 100));
    await drain();
    const postMs: number[] = [];
    const getMs: number[] = [];
    let stale = 0;
    const pairs = await timed(options.iterations, 1, async (i) => {
      const depot = `R${i % 16}`;
      const t0 = performance.now();
      await post(depot, i % 100);
      const t1 = performance.now();
      const response = await fetch(`${service.url}/data/depot/${depot}`, { headers });
      const body = (await response.json()) as { vehicle_fill?: number };
      getMs.push(performance.now() - t1);
      postMs.push(t1 - t0);
      if (body.vehicle_fill !== i % 100) stale += 1;
    });
    return {
      runtime: config.runtime.kind,
      appendsPerSecond: {
        bus: Math.round((options.appends / bus.elapsedMs) * 1000),
        http: Math.round((options.appends / http.elapsedMs) * 1000),
      },
      processedPerSecond: Math.round((options.appends / (bus.elapsedMs + busDrainMs)) * 1000),
      appendLatencyMs: summary(single.latencies),
      readYourWritesMs: { post: summary(postMs), get: summary(getMs), postThenGet: summary(pairs.latencies) },
      staleReads: stale,
    };
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
    await removeBenchData(config).catch(() => undefined);
  }
}
