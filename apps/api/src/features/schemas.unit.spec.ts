import { ValidationError } from '@fleet/core';
import { schemas, validateEvent } from './testing/decider-specification.spec.js';
import { features } from './index.js';

describe('Avro schemas of the features', () => {
  const aggregates = features.flatMap((feature) => feature.aggregates);

  it('exist for every command and event type of every aggregate, and for CommandRejected', () => {
    const names = new Set(schemas().names());
    const wanted = [
      ...aggregates.flatMap((aggregate) => aggregate.commandTypes.map((type) => `fleet.commands.${type}`)),
      ...aggregates.flatMap((aggregate) => aggregate.eventTypes.map((type) => `fleet.events.${type}`)),
      'fleet.events.CommandRejected',
    ];
    expect(wanted.filter((name) => !names.has(name))).toEqual([]);
  });

  it('refuse values that do not fit (so the deciders tests really check their events)', () => {
    expect(() => validateEvent({ type: 'UserDisabled', data: { user_id: '1', disabled_at: 'x' } })).toThrow(
      ValidationError,
    );
    expect(() =>
      validateEvent({ type: 'UserDisabled', data: { user_id: 1, disabled_at: 'x', extra: true } }),
    ).toThrow(ValidationError);
    expect(() =>
      validateEvent({
        type: 'CommandRejected',
        data: {
          command_type: 'CreateUser',
          reason_code: 'conflict',
          message: 'taken',
          errors_json: '{"email":"taken"}',
        },
      }),
    ).not.toThrow();
  });
});
