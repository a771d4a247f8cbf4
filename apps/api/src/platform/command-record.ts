import { InternalError } from '@fleet/core';
import type { LogRecord, NewRecord } from '@fleet/event-log';
import type { Command } from './contracts.js';
import { HEADERS, commandFullName, shortName } from './topics.js';

/** A command as read back from `fleet.commands`, with its key and position. */
export interface ReceivedCommand {
  readonly command: Command;
  readonly key: string;
  readonly partition: number;
  readonly offset: number;
}

/** The record appended to `fleet.commands`: value = the command's data, metadata in headers. */
export function commandRecord(command: Command, key: string): NewRecord {
  const type = commandFullName(command.type);
  return {
    key,
    type,
    value: command.data,
    headers: {
      [HEADERS.type]: type,
      [HEADERS.commandId]: command.metadata.commandId,
      [HEADERS.userId]: command.metadata.userId,
      [HEADERS.occurredAt]: command.metadata.occurredAt,
    },
  };
}

function header(record: LogRecord, name: string): string {
  const value = record.headers[name];
  if (value === undefined) {
    throw new InternalError(
      `record ${record.topic}/${record.partition}@${record.offset} lacks header ${name}`,
    );
  }
  return value;
}

export function receivedCommand(record: LogRecord): ReceivedCommand {
  return {
    command: {
      type: shortName(record.type),
      data: record.value,
      metadata: {
        commandId: header(record, HEADERS.commandId),
        userId: record.headers[HEADERS.userId] ?? '',
        occurredAt: record.headers[HEADERS.occurredAt] ?? new Date(record.timestamp).toISOString(),
      },
    },
    key: record.key,
    partition: record.partition,
    offset: record.offset,
  };
}

export { header as requiredHeader };
