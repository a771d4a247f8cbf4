import type { AggregateRegistry } from '../aggregate-registry.js';
import type { DomainEvent } from '../contracts.js';
import { completesDecision, type DecidedEvent } from '../event-record.js';

/** A decision whose first events reached the log but not its last (a crash between two appends of a batch). */
export interface PartialDecision {
  readonly commandId: string;
  readonly commandOffset: number;
  readonly key: string;
  readonly events: readonly DomainEvent[];
  readonly count: number;
}

/**
 * What the processor knows from `fleet.events`: the state of every aggregate instance, how far each events
 * partition was read, the highest fully decided command offset per command partition, and partial decisions.
 * Events of one decision are evolved together, once its last event is seen.
 */
export class DecisionState {
  private readonly states = new Map<string, unknown>();
  private readonly cursors = new Map<number, number>();
  private readonly decided = new Map<number, number>();
  private readonly partials = new Map<number, PartialDecision>();

  constructor(private readonly registry: AggregateRegistry) {}

  stateOf(aggregateName: string, key: string): unknown {
    const id = `${aggregateName}\u0000${key}`;
    if (this.states.has(id)) return this.states.get(id);
    const aggregate = this.registry.named(aggregateName);
    return aggregate ? aggregate.initialState() : undefined;
  }

  /** Evolves every aggregate that listens to each event, at `key`; when an `evolve` throws, no state changes. */
  evolve(key: string, events: readonly DomainEvent[]): void {
    const next = new Map<string, unknown>();
    for (const event of events) {
      for (const aggregate of this.registry.forEvent(event.type)) {
        const id = `${aggregate.name}\u0000${key}`;
        const current = next.has(id) ? next.get(id) : this.stateOf(aggregate.name, key);
        next.set(id, aggregate.evolve(current, event));
      }
    }
    for (const [id, state] of next) this.states.set(id, state);
  }

  /** Next offset to read in events partition `partition`. */
  cursor(partition: number): number {
    return this.cursors.get(partition) ?? 0;
  }

  /** Highest command offset of `partition` whose decision is complete in the log (-1: none). */
  decidedUpTo(commandPartition: number): number {
    return this.decided.get(commandPartition) ?? -1;
  }

  partial(commandPartition: number): PartialDecision | undefined {
    return this.partials.get(commandPartition);
  }

  /** Takes in one event read back from the log (start-up rebuild or catch-up on another writer's events). */
  observe(stored: DecidedEvent): void {
    this.cursors.set(stored.partition, stored.offset + 1);
    const previous = this.partials.get(stored.commandPartition);
    const events =
      previous !== undefined && previous.commandOffset === stored.commandOffset
        ? [...previous.events, stored.event]
        : [stored.event];
    if (previous !== undefined && previous.commandOffset !== stored.commandOffset) {
      // A decision that was never completed and yet a later command was decided: keep what reached the log.
      this.settle(stored.commandPartition, previous.key, previous.events, previous.commandOffset);
    }
    if (completesDecision(stored)) {
      this.settle(stored.commandPartition, stored.key, events, stored.commandOffset);
    } else {
      this.partials.set(stored.commandPartition, {
        commandId: stored.commandId,
        commandOffset: stored.commandOffset,
        key: stored.key,
        events,
        count: stored.count,
      });
    }
  }

  /** All of events partition `partition` below `end` was read (skips offsets that hold no record). */
  readUpTo(partition: number, end: number): void {
    this.cursors.set(partition, Math.max(this.cursor(partition), end));
  }

  /** Keeps the logged part of a decision that will not be completed (its command is behind the group's position). */
  abandonPartial(commandPartition: number): void {
    const partial = this.partials.get(commandPartition);
    if (partial) this.settle(commandPartition, partial.key, partial.events, partial.commandOffset);
  }

  /** The partial decision of `commandPartition` was decided again (its state evolved then): forget it. */
  completedPartial(commandPartition: number): void {
    this.partials.delete(commandPartition);
  }

  /** Records a decision this processor appended itself (its state was evolved while deciding). */
  appended(
    eventsPartition: number,
    nextOffset: number,
    commandPartition: number,
    commandOffset: number,
  ): void {
    this.cursors.set(eventsPartition, Math.max(this.cursor(eventsPartition), nextOffset));
    this.decided.set(commandPartition, Math.max(this.decidedUpTo(commandPartition), commandOffset));
    this.partials.delete(commandPartition);
  }

  private settle(
    commandPartition: number,
    key: string,
    events: readonly DomainEvent[],
    commandOffset: number,
  ): void {
    this.evolve(key, events);
    this.partials.delete(commandPartition);
    this.decided.set(commandPartition, Math.max(this.decidedUpTo(commandPartition), commandOffset));
  }
}
