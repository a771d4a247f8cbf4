import type { LogRecord, NewRecord } from '@fleet/event-log';
import { requiredHeader, type ReceivedCommand } from './command-record.js';
import type { DomainEvent, StoredEvent } from './contracts.js';
import { HEADERS, eventFullName, shortName } from './topics.js';

/** A stored event plus the decision it belongs to (event `index` of `count`, decided from a command's position). */
export interface DecidedEvent extends StoredEvent {
  readonly commandPartition: number;
  readonly commandOffset: number;
  readonly index: number;
  readonly count: number;
}

/** Records for `events[from..]` decided from `source`; event ids are `<command-id>:<index>`. */
export function eventRecords(source: ReceivedCommand, events: readonly DomainEvent[], from = 0): NewRecord[] {
  const { commandId, occurredAt } = source.command.metadata;
  return events.slice(from).map((event, i) => {
    const type = eventFullName(event.type);
    return {
      key: source.key,
      type,
      value: event.data,
      headers: {
        [HEADERS.type]: type,
        [HEADERS.commandId]: commandId,
        [HEADERS.eventId]: `${commandId}:${from + i}`,
        [HEADERS.commandPartition]: String(source.partition),
        [HEADERS.commandOffset]: String(source.offset),
        [HEADERS.commandEvents]: String(events.length),
        [HEADERS.occurredAt]: occurredAt,
      },
    };
  });
}

function intHeader(record: LogRecord, name: string): number {
  const text = requiredHeader(record, name);
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(
      `record ${record.topic}/${record.partition}@${record.offset}: header ${name}=${text}`,
    );
  }
  return value;
}

export function decidedEvent(record: LogRecord): DecidedEvent {
  const eventId = requiredHeader(record, HEADERS.eventId);
  const index = Number(eventId.slice(eventId.lastIndexOf(':') + 1));
  // Events written without `command-events` count as one-event decisions.
  const count =
    record.headers[HEADERS.commandEvents] === undefined
      ? index + 1
      : intHeader(record, HEADERS.commandEvents);
  return {
    event: { type: shortName(record.type), data: record.value },
    key: record.key,
    partition: record.partition,
    offset: record.offset,
    eventId,
    commandId: requiredHeader(record, HEADERS.commandId),
    occurredAt: record.headers[HEADERS.occurredAt] ?? new Date(record.timestamp).toISOString(),
    commandPartition: intHeader(record, HEADERS.commandPartition),
    commandOffset: intHeader(record, HEADERS.commandOffset),
    index: Number.isSafeInteger(index) ? index : 0,
    count,
  };
}

/** The last event of a decision: the command is fully decided (and, once projected, fully applied). */
export const completesDecision = (event: DecidedEvent): boolean => event.index === event.count - 1;
