import type { EventLog, NewRecord, RecordBatch } from '@fleet/event-log';
import type { Logger } from 'pino';
import type { AggregateRegistry } from '../aggregate-registry.js';
import { receivedCommand } from '../command-record.js';
import type { DomainEvent } from '../contracts.js';
import { decidedEvent, eventRecords } from '../event-record.js';
import type { Running, Runnable } from '../supervisor.js';
import type { Names } from '../topics.js';
import { decideCommand, type EventValidator } from './decide.js';
import { DecisionState } from './decision-state.js';

export interface ProcessorOptions {
  readonly log: EventLog;
  readonly names: Names;
  readonly registry: AggregateRegistry;
  readonly schemas: EventValidator;
  readonly logger: Logger;
  readonly batchSize: number;
}

/**
 * The command processor (consumer group `fleet-processor`). On start it reads `fleet.events` to its end to
 * rebuild every aggregate's state and the highest decided command offset per partition; commands at or below
 * it are skipped, so nothing is decided twice. Each batch's events are appended in one call, then the batch's
 * offsets are committed by the subscription.
 */
export class CommandProcessor implements Runnable {
  readonly name = 'processor';

  constructor(private readonly options: ProcessorOptions) {}

  async start(fail: (error: unknown) => void): Promise<Running> {
    const { log, names, logger } = this.options;
    const state = new DecisionState(this.options.registry);
    let rebuilt = 0;
    for await (const record of log.read(names.events)) {
      state.observe(decidedEvent(record));
      rebuilt += 1;
    }
    logger.info({ events: rebuilt }, 'processor: state rebuilt from the event log');
    const subscription = await log.subscribe({
      groupId: names.processorGroup,
      topics: [names.commands],
      maxBatchSize: this.options.batchSize,
      handler: (batch) => this.handle(state, batch),
      onError: fail,
    });
    await subscription.ready;
    return subscription;
  }

  private async handle(state: DecisionState, batch: RecordBatch): Promise<void> {
    await this.catchUp(state);
    const { logger } = this.options;
    const records: NewRecord[] = [];
    let lastCommandOffset = -1;
    for (const record of batch.records) {
      if (record.offset <= state.decidedUpTo(record.partition)) {
        logger.debug(
          { partition: record.partition, offset: record.offset },
          'processor: command already decided',
        );
        continue;
      }
      const received = receivedCommand(record);
      let partial = state.partial(record.partition);
      if (partial !== undefined && partial.commandOffset < record.offset) {
        logger.warn({ commandId: partial.commandId }, 'processor: keeping an incomplete decision as logged');
        state.abandonPartial(record.partition);
        partial = undefined;
      }
      const events = decideCommand({ ...this.options, state }, received);
      if (partial !== undefined && partial.commandOffset === record.offset) {
        if (!samePrefix(partial.events, events)) {
          logger.error(
            { commandId: partial.commandId },
            'processor: re-decided command differs from its logged events',
          );
        }
        records.push(...eventRecords(received, events, Math.min(partial.events.length, events.length)));
        state.completedPartial(record.partition);
      } else {
        records.push(...eventRecords(received, events));
      }
      lastCommandOffset = record.offset;
    }
    if (records.length === 0) return;
    const positions = await this.options.log.append(this.options.names.events, records);
    const last = positions[positions.length - 1];
    if (last) state.appended(last.partition, last.offset + 1, batch.partition, lastCommandOffset);
  }

  /** Reads events other writers appended (a previous owner of a partition, before a rebalance). */
  private async catchUp(state: DecisionState): Promise<void> {
    const { log, names } = this.options;
    const ends = await log.endOffsets(names.events);
    if (ends.every(({ partition, end }) => end <= state.cursor(partition))) return;
    const from: Record<number, number> = {};
    for (const { partition } of ends) from[partition] = state.cursor(partition);
    for await (const record of log.read(names.events, { from })) state.observe(decidedEvent(record));
    for (const { partition, end } of ends) state.readUpTo(partition, end);
  }
}

function samePrefix(logged: readonly DomainEvent[], decided: readonly DomainEvent[]): boolean {
  return logged.every(
    (event, i) =>
      event.type === decided[i]?.type && JSON.stringify(event.data) === JSON.stringify(decided[i]?.data),
  );
}
