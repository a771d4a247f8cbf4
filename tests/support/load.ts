import { between, pick } from './rng.js';
import { sleep } from './children.js';

export interface LoadStats {
  /** 2xx answers (writes acknowledged, reads served). */
  ok: number;
  /** 4xx answers (409 on taken e-mails...). */
  refused: number;
  /** Connection errors and 5xx (the service was being killed). */
  failed: number;
}

const DEPOTS = Array.from({ length: 24 }, (_, i) => `D${i}`);
const EMAILS = Array.from({ length: 40 }, (_, i) => `user${i}@example.com`);

type Request = { readonly method: string; readonly path: string; readonly body?: unknown };

function nextRequest(random: () => number): Request {
  const roll = random();
  if (roll < 0.45) {
    const body: Record<string, unknown> = { vehicle_fill: between(random, 10, 100) };
    if (random() < 0.5) body.slow_down = between(random, 0, 50);
    if (random() < 0.3) body.activated = random() < 0.5;
    if (random() < 0.3) body.priority = between(random, 1, 9);
    return { method: 'POST', path: `/data/depot/${pick(random, DEPOTS)}`, body };
  }
  if (roll < 0.8) {
    return {
      method: 'POST',
      path: '/data/global',
      body: {
        service_time: between(random, 60, 900),
        driver_categories: { A: 1, B: between(random, 10, 30) / 10 },
      },
    };
  }
  if (roll < 0.9) {
    return {
      method: 'POST',
      path: '/admin/users',
      body: {
        email: pick(random, EMAILS),
        password: 'password-123',
        profile: pick(random, ['planner', 'viewer']),
      },
    };
  }
  return { method: 'GET', path: `/data/depot/${pick(random, DEPOTS)}` };
}

/**
 * Seeded HTTP traffic against the service (`baseUrl()` is read per request, so the target may move), from
 * `workers` concurrent loops, until `stop()`.
 */
export function startLoad(options: {
  readonly baseUrl: () => string;
  readonly token: string;
  readonly random: () => number;
  readonly workers: number;
}): { stop(): Promise<LoadStats> } {
  const stats: LoadStats = { ok: 0, refused: 0, failed: 0 };
  let running = true;
  const send = async (request: Request): Promise<void> => {
    try {
      const response = await fetch(`${options.baseUrl()}${request.path}`, {
        method: request.method,
        headers: {
          authorization: `Bearer ${options.token}`,
          ...(request.body ? { 'content-type': 'application/json' } : {}),
        },
        body: request.body ? JSON.stringify(request.body) : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      if (response.status < 300) stats.ok += 1;
      else if (response.status < 500) stats.refused += 1;
      else stats.failed += 1;
    } catch {
      stats.failed += 1;
      await sleep(50);
    }
  };
  const worker = async (): Promise<void> => {
    while (running) {
      const request = nextRequest(options.random);
      // User creations go in pairs with one e-mail: both may pass the API's check, then the decider refuses one.
      const copies = request.path === '/admin/users' ? 2 : 1;
      await Promise.all(Array.from({ length: copies }, () => send(request)));
    }
  };
  const workers = Array.from({ length: options.workers }, () => worker());
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      return stats;
    },
  };
}
