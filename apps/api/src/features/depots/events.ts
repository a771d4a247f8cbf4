import type { DomainEvent } from '../../platform/contracts.js';
import type { DepotFields, Driver } from './commands.js';

/** The full parameters of a new depot (defaults filled in by the decider); location and name may be null. */
export type DepotCreated = DomainEvent<
  'DepotCreated',
  Readonly<{
    depot_id: string;
    vehicle_fill: number;
    slow_down: number;
    activated: boolean;
    work_days: readonly boolean[];
    priority: number;
    lat: number | null;
    lng: number | null;
    name: string | null;
  }>
>;

/** The parameters that changed on an existing depot; `null`: unchanged. */
export type DepotParametersChanged = DomainEvent<
  'DepotParametersChanged',
  Readonly<{ depot_id: string }> & DepotFields
>;

export type DepotDriversSet = DomainEvent<
  'DepotDriversSet',
  Readonly<{ depot_id: string; date: string; drivers: readonly Driver[] }>
>;

export type DepotEvent = DepotCreated | DepotParametersChanged | DepotDriversSet;

export const DEPOT_EVENT_TYPES = [
  'DepotCreated',
  'DepotParametersChanged',
  'DepotDriversSet',
] as const satisfies readonly DepotEvent['type'][];

export function isDepotEvent(event: DomainEvent): event is DepotEvent {
  return (DEPOT_EVENT_TYPES as readonly string[]).includes(event.type);
}
