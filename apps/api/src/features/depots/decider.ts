import { ValidationError } from '@fleet/core';
import type { Aggregate } from '../../platform/contracts.js';
import { assertNever } from '../shared/assert-never.js';
import {
  DEPOT_COMMAND_TYPES,
  depotKey,
  type DepotCommand,
  type DepotFields,
  type SetDepotDrivers,
  type SetDepotParameters,
} from './commands.js';
import { DEPOT_DEFAULTS } from './defaults.js';
import { DEPOT_EVENT_TYPES, type DepotCreated, type DepotEvent } from './events.js';

/** A depot's parameters once created; drivers are not needed to decide, so they stay out of the state. */
export interface DepotState {
  readonly parameters: Omit<DepotCreated['data'], 'depot_id'> | null;
}

export const initialDepotState = (): DepotState => ({ parameters: null });

const FIELDS = [
  'vehicle_fill',
  'slow_down',
  'activated',
  'work_days',
  'priority',
  'lat',
  'lng',
  'name',
] as const;

function setParameters(command: SetDepotParameters, state: DepotState): DepotEvent[] {
  const { depot_id, ...fields } = command.data;
  if (FIELDS.every((field) => fields[field] === null)) {
    throw new ValidationError('At least one depot parameter is required', { parameters: 'none given' });
  }
  if (fields.work_days !== null && fields.work_days.length !== 7) {
    throw new ValidationError('work_days must have exactly 7 booleans', { work_days: 'exactly 7 booleans' });
  }
  if (state.parameters !== null) return [{ type: 'DepotParametersChanged', data: { depot_id, ...fields } }];
  return [
    {
      type: 'DepotCreated',
      data: {
        depot_id,
        vehicle_fill: fields.vehicle_fill ?? DEPOT_DEFAULTS.vehicle_fill,
        slow_down: fields.slow_down ?? DEPOT_DEFAULTS.slow_down,
        activated: fields.activated ?? DEPOT_DEFAULTS.activated,
        work_days: fields.work_days ?? DEPOT_DEFAULTS.work_days,
        priority: fields.priority ?? DEPOT_DEFAULTS.priority,
        lat: fields.lat,
        lng: fields.lng,
        name: fields.name,
      },
    },
  ];
}

function setDrivers(command: SetDepotDrivers): DepotEvent[] {
  const seen = new Set<string>();
  const duplicates = command.data.drivers.flatMap((driver, index) => {
    const duplicate = seen.has(driver.id);
    seen.add(driver.id);
    return duplicate ? [index] : [];
  });
  if (duplicates.length > 0) {
    throw new ValidationError('Driver ids must be unique within a depot and day', {
      duplicate_ids: duplicates,
    });
  }
  return [{ type: 'DepotDriversSet', data: command.data }];
}

export function decideDepot(command: DepotCommand, state: DepotState): DepotEvent[] {
  switch (command.type) {
    case 'SetDepotParameters':
      return setParameters(command, state);
    case 'SetDepotDrivers':
      return setDrivers(command);
    default:
      return assertNever(command, 'depot command');
  }
}

function changed(
  current: NonNullable<DepotState['parameters']>,
  data: DepotFields,
): NonNullable<DepotState['parameters']> {
  return {
    vehicle_fill: data.vehicle_fill ?? current.vehicle_fill,
    slow_down: data.slow_down ?? current.slow_down,
    activated: data.activated ?? current.activated,
    work_days: data.work_days ?? current.work_days,
    priority: data.priority ?? current.priority,
    lat: data.lat ?? current.lat,
    lng: data.lng ?? current.lng,
    name: data.name ?? current.name,
  };
}

export function evolveDepot(state: DepotState, event: DepotEvent): DepotState {
  switch (event.type) {
    case 'DepotCreated': {
      const { depot_id: _id, ...parameters } = event.data;
      return { parameters };
    }
    case 'DepotParametersChanged':
      return state.parameters ? { parameters: changed(state.parameters, event.data) } : state;
    case 'DepotDriversSet':
      return state;
    default:
      return assertNever(event, 'depot event');
  }
}

export const depotAggregate: Aggregate<DepotState, DepotCommand, DepotEvent> = {
  name: 'depot',
  keyOf: (command) => depotKey(command.data.depot_id),
  commandTypes: DEPOT_COMMAND_TYPES,
  eventTypes: DEPOT_EVENT_TYPES,
  initialState: initialDepotState,
  decide: decideDepot,
  evolve: evolveDepot,
};
