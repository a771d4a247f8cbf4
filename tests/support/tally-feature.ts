import { ConflictError } from '@fleet/core';
import type {
  Aggregate,
  Command,
  DomainEvent,
  FeatureModule,
  Projection,
} from '@fleet/api/platform/contracts';
import { Router } from 'express';

/**
 * A test feature on real schemas (SetGlobalParameters -> GlobalParametersSet): each command yields
 * `service_time % 3 + 1` events numbered by a running count, and a negative service time is refused. Its
 * projection counts applications with a read-then-guarded write, so an event applied twice would show.
 */
export interface TallyState {
  readonly events: number;
}

type Set = DomainEvent<'GlobalParametersSet', { driver_categories: null; service_time: number }>;

export const tallyAggregate: Aggregate<TallyState, Command<'SetGlobalParameters'>, Set> = {
  name: 'tally',
  keyOf: () => 'global',
  commandTypes: ['SetGlobalParameters'],
  eventTypes: ['GlobalParametersSet'],
  initialState: () => ({ events: 0 }),
  decide(command, state) {
    const n = Number(command.data.service_time);
    if (n < 0) throw new ConflictError('service_time must not be negative', { service_time: 'negative' });
    return Array.from({ length: (n % 3) + 1 }, (_, i) => ({
      type: 'GlobalParametersSet' as const,
      data: { driver_categories: null, service_time: state.events + i + 1 },
    }));
  },
  evolve: (state) => ({ events: state.events + 1 }),
};

export interface TallyDoc {
  readonly _id: string;
  readonly last: number;
  readonly applied: number;
  readonly [field: string]: unknown;
}

export const tallyProjection: Projection = {
  name: 'tally',
  collections: ['tally'],
  eventTypes: ['GlobalParametersSet'],
  async project(stored, store) {
    const tally = store.collection<TallyDoc>('tally');
    const doc = await tally.get('global');
    await tally.applyAt({
      id: 'global',
      position: stored.offset,
      set: { last: Number(stored.event.data.service_time), applied: (doc?.applied ?? 0) + 1 },
    });
  },
};

export const tallyFeature: FeatureModule = {
  name: 'tally',
  aggregates: [tallyAggregate],
  projections: [tallyProjection],
  routes: () => Router(),
};

export const setTally = (serviceTime: number) => ({
  key: 'global',
  type: 'SetGlobalParameters',
  data: { driver_categories: null, service_time: serviceTime },
});
