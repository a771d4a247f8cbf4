import { FleetError, InternalError } from '@fleet/core';
import type { Logger } from 'pino';
import type { AggregateRegistry } from '../aggregate-registry.js';
import type { ReceivedCommand } from '../command-record.js';
import type { DecideContext, DomainEvent } from '../contracts.js';
import { rejectionOf } from '../rejection.js';
import { eventFullName } from '../topics.js';
import type { DecisionState } from './decision-state.js';

export interface EventValidator {
  /** Throws when `value` does not fit the Avro schema `fullName`. */
  validate(fullName: string, value: unknown): void;
}

export interface DecideDeps {
  readonly registry: AggregateRegistry;
  readonly state: DecisionState;
  readonly schemas: EventValidator;
  readonly logger: Logger;
}

/**
 * Decides one command against the current state and evolves that state. Always returns at least one event: a
 * refusal (a FleetError thrown by `decide`) or a bug (anything else, an empty result, an event that does not fit
 * its schema, an `evolve` that throws) becomes a `CommandRejected` event. The decision time is the command's
 * `occurred-at`, so deciding the same command on the same state again gives the same events.
 */
export function decideCommand(deps: DecideDeps, received: ReceivedCommand): DomainEvent[] {
  const { command, key } = received;
  const reject = (error: unknown): DomainEvent[] => {
    if (!(error instanceof FleetError) || error.code === 'internal') {
      deps.logger.error(
        { err: error, commandId: command.metadata.commandId, type: command.type },
        'command not decidable',
      );
    }
    const events = [rejectionOf(command, error)];
    deps.state.evolve(key, events);
    return events;
  };
  const aggregate = deps.registry.forCommand(command.type);
  if (!aggregate) return reject(new InternalError(`no aggregate decides ${command.type}`));
  if (aggregate.keyOf(command) !== key) {
    return reject(
      new InternalError(`${command.type} was appended with key ${key}, not ${aggregate.keyOf(command)}`),
    );
  }
  const context: DecideContext = {
    now: new Date(command.metadata.occurredAt),
    stateOf: <S>(aggregateName: string, otherKey: string) => deps.state.stateOf(aggregateName, otherKey) as S,
  };
  let events: DomainEvent[];
  try {
    events = aggregate.decide(command, deps.state.stateOf(aggregate.name, key), context);
  } catch (error) {
    return reject(error);
  }
  try {
    if (events.length === 0) throw new Error(`${aggregate.name} decided no event for ${command.type}`);
    for (const event of events) deps.schemas.validate(eventFullName(event.type), event.data);
    deps.state.evolve(key, events);
  } catch (error) {
    return reject(new InternalError(`bad decision on ${command.type}`, undefined, { cause: error }));
  }
  return events;
}
