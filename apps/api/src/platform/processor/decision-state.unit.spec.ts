import { AggregateRegistry } from '../aggregate-registry.js';
import type { Aggregate, DomainEvent } from '../contracts.js';
import type { DecidedEvent } from '../event-record.js';
import { DecisionState } from './decision-state.js';

const counter: Aggregate<number> = {
  name: 'counter',
  keyOf: () => 'k',
  commandTypes: ['Count'],
  eventTypes: ['Counted'],
  initialState: () => 0,
  decide: () => [],
  evolve: (state, event) => state + Number(event.data.by),
};

let offset = 0;
function stored(commandOffset: number, index: number, count: number, by = 1): DecidedEvent {
  const event: DomainEvent = { type: 'Counted', data: { by } };
  return {
    event,
    key: 'k',
    partition: 1,
    offset: offset++,
    eventId: `c${commandOffset}:${index}`,
    commandId: `c${commandOffset}`,
    occurredAt: '2026-01-01T00:00:00Z',
    commandPartition: 1,
    commandOffset,
    index,
    count,
  };
}

describe('the processor state rebuilt from the events', () => {
  beforeEach(() => (offset = 0));

  it('evolves a decision once its last event is read, and tracks the decided command offsets', () => {
    // Given a 2-event decision of command 0 and a 1-event decision of command 1
    const state = new DecisionState(new AggregateRegistry([counter]));
    state.observe(stored(0, 0, 2, 5));
    // Then nothing is evolved before the decision is complete
    expect(state.stateOf('counter', 'k')).toBe(0);
    expect(state.decidedUpTo(1)).toBe(-1);
    expect(state.partial(1)).toMatchObject({ commandOffset: 0, events: [{ data: { by: 5 } }], count: 2 });
    state.observe(stored(0, 1, 2, 5));
    state.observe(stored(1, 0, 1, 1));
    expect(state.stateOf('counter', 'k')).toBe(11);
    expect(state.decidedUpTo(1)).toBe(1);
    expect(state.partial(1)).toBeUndefined();
    expect(state.cursor(1)).toBe(3);
    expect(state.cursor(0)).toBe(0);
  });

  it('keeps a decision cut short at the end of the log as partial, and can settle it as logged', () => {
    const state = new DecisionState(new AggregateRegistry([counter]));
    state.observe(stored(3, 0, 3, 2));
    state.observe(stored(3, 1, 3, 2));
    expect(state.partial(1)).toMatchObject({ commandOffset: 3, commandId: 'c3' });
    expect(state.decidedUpTo(1)).toBe(-1);
    state.abandonPartial(1);
    expect(state.stateOf('counter', 'k')).toBe(4);
    expect(state.decidedUpTo(1)).toBe(3);
  });

  it('leaves every state unchanged when an evolve throws', () => {
    const fragile: Aggregate<number> = {
      ...counter,
      name: 'fragile',
      commandTypes: [],
      evolve: (state, event) => {
        if (Number(event.data.by) < 0) throw new RangeError('negative');
        return state + Number(event.data.by);
      },
    };
    const state = new DecisionState(new AggregateRegistry([counter, fragile]));
    const events: DomainEvent[] = [
      { type: 'Counted', data: { by: 2 } },
      { type: 'Counted', data: { by: -1 } },
    ];
    expect(() => state.evolve('k', events)).toThrow(RangeError);
    expect(state.stateOf('counter', 'k')).toBe(0);
    expect(state.stateOf('fragile', 'k')).toBe(0);
  });
});
