import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = `${REPO}apps/api/dist/main.js`;

/** The child processes run the built service: build the apps (incremental, fast when up to date). */
export function buildOnce(): void {
  const projects = ['apps/api', 'apps/optimizer', 'apps/notifier'].map(
    (app) => `${REPO}${app}/tsconfig.json`,
  );
  try {
    execFileSync(process.execPath, [`${REPO}node_modules/typescript/bin/tsc`, '-b', ...projects], {
      cwd: REPO,
      stdio: 'inherit',
      timeout: 300_000,
    });
  } catch (error) {
    // tsc still emits when another package has a type error; run what was built (the type check fails elsewhere).
    if (!existsSync(MAIN)) throw error;
    process.stderr.write('warning: the build reported errors; running the emitted apps\n');
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A service process (`node apps/api/dist/main.js`) with `env` added to this process's environment. */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  kills = 0;

  constructor(
    readonly label: string,
    private readonly env: Readonly<Record<string, string>>,
    private readonly logFile: string,
  ) {}

  start(): void {
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, [MAIN], {
      cwd: REPO,
      env: { ...process.env, LOG_LEVEL: 'warn', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.child = child;
  }

  /** Whether the child exited without being killed or stopped by the test, and the last lines of its log. */
  report(lines = 30): string {
    const state = this.child && this.child.exitCode !== null ? `exited ${this.child.exitCode}` : 'running';
    let tail = '';
    try {
      tail = readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      tail = '(no log)';
    }
    return `${this.label} (${state}):\n${tail}`;
  }

  /** SIGKILL: no clean-up at all, as a crash or an OOM kill. */
  async kill(): Promise<void> {
    if (!this.child) return;
    this.child.kill('SIGKILL');
    await this.exited;
    this.child = undefined;
    this.kills += 1;
  }

  /** SIGTERM, and waits for the graceful stop. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child) return null;
    child.kill('SIGTERM');
    await this.exited;
    this.child = undefined;
    return child.exitCode;
  }
}

export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
