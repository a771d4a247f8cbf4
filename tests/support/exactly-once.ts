import type { EventLog } from '@fleet/event-log';
import type { ReadStore } from '@fleet/read-store';
import { HEADERS, type Names } from '@fleet/api/platform/topics';
import { readCheckpoint } from '@fleet/api/platform/projector/read-model-docs';
import { dumpReadModels, readModelCollections, rebuildReadModels } from '@fleet/api/platform/replay';
import type { Projection } from '@fleet/api/platform/contracts';

export interface DecisionReport {
  readonly commands: number;
  readonly events: number;
  readonly rejected: number;
  /** Empty when every command was decided exactly once, completely, from its own position. */
  readonly problems: string[];
}

/** Reads both topics and checks that each command has exactly one complete decision (events 0..n-1, once each). */
export async function checkDecisions(log: EventLog, names: Names): Promise<DecisionReport> {
  const commands = new Map<string, { partition: number; offset: number }>();
  for await (const record of log.read(names.commands)) {
    commands.set(record.headers[HEADERS.commandId] ?? '', {
      partition: record.partition,
      offset: record.offset,
    });
  }
  const decisions = new Map<
    string,
    { indexes: number[]; count: number; partition: number; offset: number }[]
  >();
  let events = 0;
  let rejected = 0;
  for await (const record of log.read(names.events)) {
    events += 1;
    if (record.type.endsWith('.CommandRejected')) rejected += 1;
    const commandId = record.headers[HEADERS.commandId] ?? '';
    const eventId = record.headers[HEADERS.eventId] ?? '';
    const list = decisions.get(commandId) ?? [];
    list.push({
      indexes: [Number(eventId.slice(eventId.lastIndexOf(':') + 1))],
      count: Number(record.headers[HEADERS.commandEvents]),
      partition: Number(record.headers[HEADERS.commandPartition]),
      offset: Number(record.headers[HEADERS.commandOffset]),
    });
    decisions.set(commandId, list);
  }
  const problems: string[] = [];
  for (const [commandId, position] of commands) {
    const list = decisions.get(commandId);
    if (!list) {
      problems.push(`command ${commandId} (${position.partition}@${position.offset}) has no event`);
      continue;
    }
    const indexes = list.flatMap((entry) => entry.indexes).sort((a, b) => a - b);
    const count = list[0]?.count ?? 0;
    const expected = Array.from({ length: count }, (_, i) => i);
    if (JSON.stringify(indexes) !== JSON.stringify(expected)) {
      problems.push(
        `command ${commandId}: event indexes ${JSON.stringify(indexes)}, expected 0..${count - 1} once each`,
      );
    }
    if (list.some((entry) => entry.partition !== position.partition || entry.offset !== position.offset)) {
      problems.push(`command ${commandId}: events name another command position`);
    }
  }
  for (const commandId of decisions.keys()) {
    if (!commands.has(commandId)) problems.push(`events of unknown command ${commandId}`);
  }
  return { commands: commands.size, events, rejected, problems };
}

/** True when every command was decided and every event applied (the processor and projector caught up). */
export async function caughtUp(log: EventLog, store: ReadStore, names: Names): Promise<boolean> {
  const [commandEnds, decided, eventEnds] = await Promise.all([
    log.endOffsets(names.commands),
    log.committed(names.processorGroup, names.commands),
    log.endOffsets(names.events),
  ]);
  if (commandEnds.some(({ partition, end }) => (decided[partition] ?? 0) < end)) return false;
  for (const { partition, end } of eventEnds) {
    if ((await readCheckpoint(store, partition)).offset < end - 1) return false;
  }
  return true;
}

/** The live read models, and the same rebuilt from the log into `fresh` (an empty store). */
export async function liveAndReplayed(options: {
  readonly log: EventLog;
  readonly live: ReadStore;
  readonly fresh: ReadStore;
  readonly names: Names;
  readonly projections: readonly Projection[];
}): Promise<{ live: unknown; replayed: unknown; events: number }> {
  const { events } = await rebuildReadModels({ ...options, store: options.fresh });
  const collections = readModelCollections(options.projections);
  return {
    live: await dumpReadModels(options.live, collections),
    replayed: await dumpReadModels(options.fresh, collections),
    events,
  };
}
