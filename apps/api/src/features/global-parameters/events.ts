import type { DomainEvent } from '../../platform/contracts.js';
import type { DriverCategories } from './commands.js';

/**
 * The parameters that were set; `null`: unchanged. The first event of the log sets both (defaults filled in by
 * the decider, so a replay never depends on today's defaults).
 */
export type GlobalParametersSet = DomainEvent<
  'GlobalParametersSet',
  Readonly<{ driver_categories: DriverCategories | null; service_time: number | null }>
>;

export type GlobalEvent = GlobalParametersSet;

export const GLOBAL_EVENT_TYPES = ['GlobalParametersSet'] as const satisfies readonly GlobalEvent['type'][];

export function isGlobalEvent(event: DomainEvent): event is GlobalEvent {
  return (GLOBAL_EVENT_TYPES as readonly string[]).includes(event.type);
}
