import type { Command, OutgoingCommand } from '../../platform/contracts.js';

/** Log key of a depot's aggregate (its parameters and its drivers per day). */
export const depotKey = (depotId: string): string => `depot:${depotId}`;

/** Depot parameters; `null`: leave as it is (or the default, for a new depot). Percentages are 0..100 numbers. */
export type DepotFields = Readonly<{
  vehicle_fill: number | null;
  slow_down: number | null;
  activated: boolean | null;
  /** Monday to Sunday. */
  work_days: readonly boolean[] | null;
  priority: number | null;
  lat: number | null;
  lng: number | null;
  name: string | null;
}>;

export type SetDepotParameters = Command<'SetDepotParameters', Readonly<{ depot_id: string }> & DepotFields>;

export type Vehicle = Readonly<{
  id: string;
  /** kg */
  payload: number;
  /** m^3 */
  cargo_volume: number;
  type: string | null;
  brand: string | null;
  model: string | null;
  plate: string | null;
  /** km/h */
  max_speed: number;
}>;

/** A driver with the contract's defaults applied (start 08:00 UTC, 8 working hours, 30 minutes of lunch break). */
export type Driver = Readonly<{
  id: string;
  category: string | null;
  /** HH:MM, UTC. */
  start_time: string;
  /** Hours. */
  working_hours: number;
  /** Minutes. */
  lunch_break: number;
  vehicle: Vehicle;
}>;

/** Replaces the list of drivers of one depot on one day. */
export type SetDepotDrivers = Command<
  'SetDepotDrivers',
  Readonly<{ depot_id: string; date: string; drivers: readonly Driver[] }>
>;

export type DepotCommand = SetDepotParameters | SetDepotDrivers;

export const DEPOT_COMMAND_TYPES = [
  'SetDepotParameters',
  'SetDepotDrivers',
] as const satisfies readonly DepotCommand['type'][];

export function setDepotParametersCommand(
  depotId: string,
  fields: Partial<{ [K in keyof DepotFields]: NonNullable<DepotFields[K]> }>,
): OutgoingCommand<SetDepotParameters> {
  return {
    key: depotKey(depotId),
    type: 'SetDepotParameters',
    data: {
      depot_id: depotId,
      vehicle_fill: fields.vehicle_fill ?? null,
      slow_down: fields.slow_down ?? null,
      activated: fields.activated ?? null,
      work_days: fields.work_days ?? null,
      priority: fields.priority ?? null,
      lat: fields.lat ?? null,
      lng: fields.lng ?? null,
      name: fields.name ?? null,
    },
  };
}

export function setDepotDriversCommand(
  depotId: string,
  date: string,
  drivers: readonly Driver[],
): OutgoingCommand<SetDepotDrivers> {
  return { key: depotKey(depotId), type: 'SetDepotDrivers', data: { depot_id: depotId, date, drivers } };
}
