import { ValidationError } from '@fleet/core';
import type { Aggregate } from '../../platform/contracts.js';
import { assertNever } from '../shared/assert-never.js';
import { GLOBAL_COMMAND_TYPES, GLOBAL_KEY, type DriverCategories, type GlobalCommand } from './commands.js';
import { GLOBAL_EVENT_TYPES, type GlobalEvent } from './events.js';

export interface GlobalState {
  readonly set: boolean;
  readonly driver_categories: DriverCategories;
  /** Seconds. */
  readonly service_time: number;
}

/** Values of parameters never given: no categories, no service time. */
export const GLOBAL_DEFAULTS = { driver_categories: {}, service_time: 0 } as const;

export const initialGlobalState = (): GlobalState => ({ set: false, ...GLOBAL_DEFAULTS });

export function decideGlobal(command: GlobalCommand, state: GlobalState): GlobalEvent[] {
  switch (command.type) {
    case 'SetGlobalParameters': {
      const { driver_categories, service_time } = command.data;
      if (driver_categories === null && service_time === null) {
        throw new ValidationError('At least one of driver_categories, service_time is required', {
          body: 'at least one of driver_categories, service_time is required',
        });
      }
      const first = !state.set;
      return [
        {
          type: 'GlobalParametersSet',
          data: {
            driver_categories: driver_categories ?? (first ? GLOBAL_DEFAULTS.driver_categories : null),
            service_time: service_time ?? (first ? GLOBAL_DEFAULTS.service_time : null),
          },
        },
      ];
    }
    default:
      return assertNever(command.type, 'global command');
  }
}

export function evolveGlobal(state: GlobalState, event: GlobalEvent): GlobalState {
  switch (event.type) {
    case 'GlobalParametersSet':
      return {
        set: true,
        driver_categories: event.data.driver_categories ?? state.driver_categories,
        service_time: event.data.service_time ?? state.service_time,
      };
    default:
      return assertNever(event.type, 'global event');
  }
}

export const globalAggregate: Aggregate<GlobalState, GlobalCommand, GlobalEvent> = {
  name: 'global',
  keyOf: () => GLOBAL_KEY,
  commandTypes: GLOBAL_COMMAND_TYPES,
  eventTypes: GLOBAL_EVENT_TYPES,
  initialState: initialGlobalState,
  decide: decideGlobal,
  evolve: evolveGlobal,
};
