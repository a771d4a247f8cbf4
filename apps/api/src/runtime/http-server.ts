import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import type { ReadinessReport } from './readiness.js';

/**
 * The HTTP app of a process without the API role (a processor, an optimizer...): `/healthz` (the process
 * answers) and `/readyz` (see readiness.ts, with its checks and lag). The API app serves its own probes.
 */
export function probesApp(readiness: () => Promise<ReadinessReport>): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const report = await readiness();
    res.status(report.ready ? 200 : 503).json({ status: report.ready ? 'ready' : 'not ready', ...report });
  });
  return app;
}

export interface Listening {
  readonly server: Server;
  readonly port: number;
  /** Stops accepting connections, lets in-flight requests end (bounded), then closes idle keep-alive sockets. */
  close(graceMs: number): Promise<void>;
}

export async function listen(app: Express, port: number, host: string): Promise<Listening> {
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    port: address.port,
    close: (graceMs) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
