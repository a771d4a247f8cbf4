import type { TopicSpec } from '@fleet/event-log';

/** Partitions of both topics: equal counts and one partitioner put a key's commands and events at the same number. */
export const PARTITIONS = 4;
const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Topic and consumer-group names; `prefix` (FLEET_TOPIC_PREFIX) isolates test runs sharing one broker. */
export interface Names {
  readonly commands: string;
  readonly events: string;
  readonly processorGroup: string;
  readonly projectorGroup: string;
}

export function namesFor(prefix: string): Names {
  return {
    commands: `${prefix}fleet.commands`,
    events: `${prefix}fleet.events`,
    processorGroup: `${prefix}fleet-processor`,
    projectorGroup: `${prefix}fleet-projections`,
  };
}

export function topicSpecs(names: Names): TopicSpec[] {
  return [
    { name: names.commands, partitions: PARTITIONS, retentionMs: WEEK_MS },
    { name: names.events, partitions: PARTITIONS, retentionMs: -1 },
  ];
}

/** Record headers (all strings), see docs/architecture.md. */
export const HEADERS = {
  type: 'type',
  commandId: 'command-id',
  eventId: 'event-id',
  commandPartition: 'command-partition',
  commandOffset: 'command-offset',
  /** Number of events decided from the command (on each of them): lets a reader tell a complete decision. */
  commandEvents: 'command-events',
  userId: 'user-id',
  occurredAt: 'occurred-at',
} as const;

/** Avro full names: commands and events use short names in code (`SetGlobalParameters`). */
export const COMMAND_NAMESPACE = 'fleet.commands';
export const EVENT_NAMESPACE = 'fleet.events';
export const commandFullName = (type: string): string => `${COMMAND_NAMESPACE}.${type}`;
export const eventFullName = (type: string): string => `${EVENT_NAMESPACE}.${type}`;

export function shortName(fullName: string): string {
  const dot = fullName.lastIndexOf('.');
  return dot < 0 ? fullName : fullName.slice(dot + 1);
}
