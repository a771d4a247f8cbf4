import type { EventLog } from '@fleet/event-log';
import type { ReadStore } from '@fleet/read-store';
import { readCheckpoint } from '../platform/projector/read-model-docs.js';
import type { Supervisor } from '../platform/supervisor.js';
import type { Names } from '../platform/topics.js';

export interface ReadinessReport {
  readonly ready: boolean;
  readonly checks: Readonly<Record<string, string>>;
  /** Events not yet applied to the read models, and commands not yet decided, summed over partitions. */
  readonly lag?: { readonly projector: number; readonly processor: number };
}

export interface ReadinessOptions {
  readonly log: EventLog;
  readonly store: ReadStore;
  readonly names: Names;
  /** The parts this process runs (absent: run elsewhere, not checked). */
  readonly parts: Readonly<Record<string, Supervisor | undefined>>;
}

const errorText = (error: unknown): string =>
  `error: ${error instanceof Error ? error.message : String(error)}`;

/**
 * `/readyz`: the log and the store answer, this process's parts run, and the read models caught up with the log
 * once since start (after that, a lag under load does not make the instance unready).
 */
export function createReadiness(options: ReadinessOptions): () => Promise<ReadinessReport> {
  let caughtUp = false;
  return async () => {
    const checks: Record<string, string> = {};
    for (const [name, part] of Object.entries(options.parts)) if (part) checks[name] = part.status;
    let lag: ReadinessReport['lag'];
    try {
      const [events, commands, decided] = await Promise.all([
        options.log.endOffsets(options.names.events),
        options.log.endOffsets(options.names.commands),
        options.log.committed(options.names.processorGroup, options.names.commands),
      ]);
      checks.log = 'ok';
      try {
        let projector = 0;
        for (const { partition, end } of events) {
          projector += Math.max(0, end - 1 - (await readCheckpoint(options.store, partition)).offset);
        }
        const processor = commands.reduce(
          (sum, { partition, end }) => sum + Math.max(0, end - (decided[partition] ?? 0)),
          0,
        );
        lag = { projector, processor };
        checks.store = 'ok';
        if (projector === 0) caughtUp = true;
        checks.projections = caughtUp ? 'caught up' : `catching up (${projector} events behind)`;
      } catch (error) {
        checks.store = errorText(error);
      }
    } catch (error) {
      checks.log = errorText(error);
    }
    const ready =
      checks.log === 'ok' &&
      checks.store === 'ok' &&
      caughtUp &&
      Object.values(options.parts).every((part) => part === undefined || part.status === 'running');
    return { ready, checks, ...(lag ? { lag } : {}) };
  };
}
