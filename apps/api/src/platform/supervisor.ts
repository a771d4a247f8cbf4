import type { Logger } from 'pino';

export interface Running {
  stop(): Promise<void>;
}

/** A long-running part (the processor, the projector) that may stop by itself on an error. */
export interface Runnable {
  readonly name: string;
  /** Starts it; `fail` is called (at most once per start) if it later stops because of an error. */
  start(fail: (error: unknown) => void): Promise<Running>;
}

export type SupervisorStatus = 'starting' | 'running' | 'restarting' | 'stopped';

export interface SupervisorOptions {
  readonly minBackoffMs?: number;
  readonly maxBackoffMs?: number;
  /** Source of jitter in [0, 1); injected so that tests are deterministic. */
  readonly random?: () => number;
}

/**
 * Keeps a Runnable running: when it fails (or fails to start) it is restarted after an exponential backoff with
 * jitter. A restart begins from a clean slate (the processor rebuilds its state from the log), which is what
 * makes it crash-safe.
 */
export class Supervisor {
  private current: Running | undefined;
  private timer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private stopping = false;
  private state: SupervisorStatus = 'starting';
  private lastError: unknown;
  private firstRun: { resolve: () => void; promise: Promise<void> };

  constructor(
    private readonly runnable: Runnable,
    private readonly logger: Logger,
    private readonly options: SupervisorOptions = {},
  ) {
    let resolve = (): void => undefined;
    const promise = new Promise<void>((r) => (resolve = r));
    this.firstRun = { resolve, promise };
  }

  get status(): SupervisorStatus {
    return this.state;
  }

  get error(): unknown {
    return this.lastError;
  }

  /** Starts it; resolves once it runs (retrying start failures until then or until `stop`). */
  start(): Promise<void> {
    void this.launch();
    return this.firstRun.promise;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.state = 'stopped';
    if (this.timer) clearTimeout(this.timer);
    const current = this.current;
    this.current = undefined;
    this.firstRun.resolve();
    if (current) await current.stop();
  }

  private async launch(): Promise<void> {
    if (this.stopping) return;
    let failed = false;
    const fail = (error: unknown): void => {
      if (failed || this.stopping) return;
      failed = true;
      this.state = 'restarting';
      this.logger.error(
        { err: error, part: this.runnable.name },
        `${this.runnable.name} stopped on an error; restarting`,
      );
      const running = this.current;
      this.current = undefined;
      void (running ? running.stop().catch(() => undefined) : Promise.resolve()).then(() =>
        this.retry(error),
      );
    };
    try {
      const running = await this.runnable.start(fail);
      if (this.stopping) {
        await running.stop();
        return;
      }
      if (failed) {
        await running.stop().catch(() => undefined);
        return;
      }
      this.current = running;
      this.state = 'running';
      this.attempt = 0;
      this.firstRun.resolve();
    } catch (error) {
      if (failed) return;
      this.logger.error(
        { err: error, part: this.runnable.name },
        `${this.runnable.name} failed to start; retrying`,
      );
      this.retry(error);
    }
  }

  private retry(error: unknown): void {
    if (this.stopping) return;
    this.lastError = error;
    this.state = 'restarting';
    const min = this.options.minBackoffMs ?? 500;
    const max = this.options.maxBackoffMs ?? 30_000;
    const base = Math.min(max, min * 2 ** this.attempt);
    this.attempt += 1;
    const delay = base / 2 + (base / 2) * (this.options.random ?? Math.random)();
    this.timer = setTimeout(() => void this.launch(), delay);
  }
}
