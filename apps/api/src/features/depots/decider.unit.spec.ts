import { ValidationError } from '@fleet/core';
import { command, deciderSpecification } from '../testing/decider-specification.spec.js';
import type { Driver, SetDepotDrivers, SetDepotParameters } from './commands.js';
import { setDepotParametersCommand } from './commands.js';
import { depotAggregate } from './decider.js';
import type { DepotCreated, DepotParametersChanged } from './events.js';

const spec = deciderSpecification(depotAggregate);
const setParameters = (fields: Parameters<typeof setDepotParametersCommand>[1]) =>
  command<SetDepotParameters>('SetDepotParameters', setDepotParametersCommand('12', fields).data);

const created: DepotCreated = {
  type: 'DepotCreated',
  data: {
    depot_id: '12',
    vehicle_fill: 90,
    slow_down: 0,
    activated: true,
    work_days: [true, true, true, true, true, false, false],
    priority: 1,
    lat: 40.4168,
    lng: -3.7038,
    name: null,
  },
};

const driver = (id: string, category: string | null = 'senior'): Driver => ({
  id,
  category,
  start_time: '08:00',
  working_hours: 8,
  lunch_break: 30,
  vehicle: {
    id: `v-${id}`,
    payload: 1000,
    cargo_volume: 8,
    type: null,
    brand: 'Iveco',
    model: null,
    plate: null,
    max_speed: 120,
  },
});

describe('depot decider', () => {
  describe('SetDepotParameters', () => {
    it('creates a depot with the defaults for what is not given', () => {
      spec
        .given([])
        .when(setParameters({ vehicle_fill: 90, lat: 40.4168, lng: -3.7038 }))
        .then([created]);
    });

    it('changes only the given parameters of an existing depot', () => {
      const changed: DepotParametersChanged = {
        type: 'DepotParametersChanged',
        data: {
          depot_id: '12',
          vehicle_fill: null,
          slow_down: 15,
          activated: false,
          work_days: null,
          priority: null,
          lat: null,
          lng: null,
          name: 'North',
        },
      };
      spec
        .given([created])
        .when(setParameters({ slow_down: 15, activated: false, name: 'North' }))
        .then([changed]);
    });

    it('refuses a command without any parameter', () => {
      spec.given([]).when(setParameters({})).thenThrows(ValidationError);
    });

    it('refuses work_days that are not 7', () => {
      spec
        .given([created])
        .when(setParameters({ work_days: [true, false] }))
        .thenThrows(ValidationError, (error) =>
          expect(error.errors).toEqual({ work_days: 'exactly 7 booleans' }),
        );
    });

    it('routes every command of a depot to its key', () => {
      expect(depotAggregate.keyOf(setParameters({ priority: 2 }))).toBe('depot:12');
    });
  });

  describe('SetDepotDrivers', () => {
    const setDrivers = (drivers: Driver[]) =>
      command<SetDepotDrivers>('SetDepotDrivers', { depot_id: '12', date: '2026-11-24', drivers });

    it('replaces the drivers of the day, depot known or not', () => {
      const drivers = [driver('d1'), driver('d2', null)];
      spec
        .given([])
        .when(setDrivers(drivers))
        .then([{ type: 'DepotDriversSet', data: { depot_id: '12', date: '2026-11-24', drivers } }]);
    });

    it('accepts an empty list (no drivers that day)', () => {
      spec
        .given([created])
        .when(setDrivers([]))
        .then([{ type: 'DepotDriversSet', data: { depot_id: '12', date: '2026-11-24', drivers: [] } }]);
    });

    it('refuses duplicate driver ids, naming their indexes', () => {
      spec
        .given([created])
        .when(setDrivers([driver('d1'), driver('d2'), driver('d1')]))
        .thenThrows(ValidationError, (error) => expect(error.errors).toEqual({ duplicate_ids: [2] }));
    });
  });
});
