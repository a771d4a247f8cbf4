import { ValidationError } from '@fleet/core';
import { command, deciderSpecification } from '../testing/decider-specification.spec.js';
import type { SetGlobalParameters } from './commands.js';
import { globalAggregate } from './decider.js';
import type { GlobalParametersSet } from './events.js';

const spec = deciderSpecification(globalAggregate);
const set = (data: SetGlobalParameters['data']) => command<SetGlobalParameters>('SetGlobalParameters', data);
const wasSet = (data: GlobalParametersSet['data']): GlobalParametersSet => ({
  type: 'GlobalParametersSet',
  data,
});

describe('global parameters decider', () => {
  it('fills the defaults of parameters never given into the first event', () => {
    spec
      .given([])
      .when(set({ driver_categories: null, service_time: 300 }))
      .then([wasSet({ driver_categories: {}, service_time: 300 })]);
  });

  it('names only what changes afterwards', () => {
    spec
      .given([wasSet({ driver_categories: {}, service_time: 300 })])
      .when(set({ driver_categories: { senior: 1, junior: 1.5 }, service_time: null }))
      .then([wasSet({ driver_categories: { senior: 1, junior: 1.5 }, service_time: null })]);
  });

  it('refuses a command that sets nothing', () => {
    spec
      .given([])
      .when(set({ driver_categories: null, service_time: null }))
      .thenThrows(ValidationError);
  });

  it('evolves to the merged parameters', () => {
    const state = [
      wasSet({ driver_categories: { a: 1 }, service_time: 60 }),
      wasSet({ driver_categories: null, service_time: 90 }),
    ].reduce(globalAggregate.evolve, globalAggregate.initialState());
    expect(state).toEqual({ set: true, driver_categories: { a: 1 }, service_time: 90 });
  });
});
