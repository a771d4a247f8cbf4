/**
 * Test support (not a test): given / when / then for deciders, emmett's DeciderSpecification style. Every
 * command sent and every event decided is validated against its Avro schema (schemas/**), so the deciders'
 * tests also prove their messages fit the single source of message shapes.
 */
import type { FleetError } from '@fleet/core';
import { loadSchemaSet, type SchemaSet } from '@fleet/schemas';
import type {
  Aggregate,
  Command,
  CommandMetadata,
  DecideContext,
  DomainEvent,
} from '../../platform/contracts.js';

let schemaSet: SchemaSet | undefined;
export const schemas = (): SchemaSet => (schemaSet ??= loadSchemaSet());

export const NOW = new Date('2026-11-23T08:30:00.000Z');

export function metadata(overrides: Partial<CommandMetadata> = {}): CommandMetadata {
  return { commandId: 'cmd-1', userId: '1', occurredAt: NOW.toISOString(), ...overrides };
}

export function validateCommand(command: Pick<Command, 'type' | 'data'>): void {
  schemas().validate(`fleet.commands.${command.type}`, command.data);
}
export function validateEvent(event: DomainEvent): void {
  schemas().validate(`fleet.events.${event.type}`, event.data);
}

type ErrorClass = abstract new (...args: never[]) => FleetError;

export interface Then<E> {
  then(expected: readonly E[]): void;
  thenThrows(errorClass: ErrorClass, check?: (error: FleetError) => void): void;
}

export function deciderSpecification<S, C extends Command, E extends DomainEvent>(
  aggregate: Aggregate<S, C, E>,
  options: { readonly now?: Date; readonly stateOf?: DecideContext['stateOf'] } = {},
) {
  const context: DecideContext = {
    now: options.now ?? NOW,
    stateOf: options.stateOf ?? (() => undefined as never),
  };
  return {
    given(events: readonly E[]) {
      return {
        when(command: C): Then<E> {
          const state = events.reduce(
            (current, event) => aggregate.evolve(current, event),
            aggregate.initialState(),
          );
          validateCommand(command);
          const run = () => aggregate.decide(command, state, context);
          return {
            then(expected) {
              const decided = run();
              expect(decided).toEqual(expected);
              decided.forEach(validateEvent);
              // Evolving with the decision must work too (the processor does it right after).
              decided.reduce((current, event) => aggregate.evolve(current, event), state);
            },
            thenThrows(errorClass, check) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(errorClass);
              check?.(thrown as FleetError);
            },
          };
        },
      };
    },
  };
}

/** A command with metadata, as the processor hands it to `decide`. */
export function command<C extends Command>(
  type: C['type'],
  data: C['data'],
  meta?: Partial<CommandMetadata>,
): C {
  return { type, data, metadata: metadata(meta) } as C;
}
