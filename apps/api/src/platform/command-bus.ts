import { InternalError, UnavailableError, type Clock, type IdGenerator } from '@fleet/core';
import type { EventLog } from '@fleet/event-log';
import type { ReadStore } from '@fleet/read-store';
import { commandRecord } from './command-record.js';
import type { CheckpointWaiter } from './consistency/checkpoint-waiter.js';
import type { CommandBus, OutgoingCommand } from './contracts.js';
import { OUTCOMES, type OutcomeDoc } from './projector/read-model-docs.js';
import { errorOfRejection } from './rejection.js';
import type { Names } from './topics.js';

export interface CommandBusOptions {
  readonly log: EventLog;
  readonly store: ReadStore;
  readonly names: Names;
  readonly waiter: CheckpointWaiter;
  readonly clock: Clock;
  readonly newId: IdGenerator;
  readonly timeoutMs: number;
}

/**
 * Appends commands to `fleet.commands` (the adapter validates them against their Avro schema). With
 * `awaitOutcome` it then waits until the projector applied the command's events and answers from
 * `command_outcomes`: a refused command rejects with the decider's typed error.
 */
export function createCommandBus(options: CommandBusOptions): CommandBus {
  return {
    async send(outgoing: OutgoingCommand, { userId, awaitOutcome }) {
      const commandId = options.newId();
      const command = {
        type: outgoing.type,
        data: outgoing.data,
        metadata: { commandId, userId, occurredAt: options.clock().toISOString() },
      };
      const [position] = await options.log.append(options.names.commands, [
        commandRecord(command, outgoing.key),
      ]);
      if (!position) throw new InternalError('the event log acknowledged no position');
      if (!awaitOutcome) return { commandId };
      const applied = await options.waiter.waitFor(position.partition, position.offset, options.timeoutMs);
      if (!applied) {
        throw new UnavailableError(
          `command ${commandId} was accepted but not decided within ${options.timeoutMs} ms; retry the read later`,
          { command_id: commandId },
        );
      }
      const outcome = await options.store.collection<OutcomeDoc>(OUTCOMES).get(commandId);
      if (!outcome) throw new InternalError(`no outcome recorded for command ${commandId}`);
      if (outcome.status === 'rejected') {
        throw errorOfRejection(outcome.code ?? 'internal', outcome.message ?? 'rejected', outcome.errors);
      }
      return { commandId };
    },
  };
}
