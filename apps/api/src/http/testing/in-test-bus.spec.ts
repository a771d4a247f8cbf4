/**
 * Test support (not a test): a CommandBus that decides and projects synchronously, in process, with the real
 * deciders and projections, validating every command and event against its Avro schema. For HTTP-level tests
 * only: the path through the real log is the platform's (apps/api/src/platform).
 */
import type { ReadStore } from '@fleet/read-store';
import type {
  Aggregate,
  CommandBus,
  DomainEvent,
  FeatureContext,
  FeatureModule,
  OutgoingCommand,
  ReadModels,
} from '../../platform/contracts.js';
import { validateCommand, validateEvent } from '../../features/testing/decider-specification.spec.js';

export interface InTestBus extends CommandBus {
  /** Every command sent, in order, with the id of the user that sent it. */
  readonly sent: { readonly command: OutgoingCommand; readonly userId: string }[];
  /** Every event decided (rejections are not events here: they are thrown or dropped). */
  readonly decided: DomainEvent[];
}

export function createInTestBus(
  features: readonly FeatureModule[],
  store: ReadStore,
  now: () => Date,
): InTestBus {
  const aggregates = new Map<string, Aggregate>();
  for (const feature of features) {
    for (const aggregate of feature.aggregates)
      for (const type of aggregate.commandTypes) aggregates.set(type, aggregate);
  }
  const projections = features.flatMap((feature) => feature.projections);
  const states = new Map<string, unknown>();
  const stateKey = (aggregate: string, key: string) => `${aggregate}|${key}`;
  let offset = 0;
  let commandCount = 0;
  const sent: InTestBus['sent'] = [];
  const decided: DomainEvent[] = [];

  return {
    sent,
    decided,
    async send(outgoing, options) {
      const { key, ...rest } = outgoing;
      validateCommand(rest);
      sent.push({ command: outgoing, userId: options.userId });
      const commandId = `cmd-${++commandCount}`;
      const aggregate = aggregates.get(outgoing.type);
      if (!aggregate) throw new Error(`no aggregate for ${outgoing.type}`);
      const metadata = { commandId, userId: options.userId, occurredAt: now().toISOString() };
      const command = { ...rest, metadata };
      if (aggregate.keyOf(command) !== key) throw new Error(`wrong key ${key} for ${outgoing.type}`);
      const state = states.has(stateKey(aggregate.name, key))
        ? states.get(stateKey(aggregate.name, key))
        : aggregate.initialState();
      let events: DomainEvent[];
      try {
        events = aggregate.decide(command, state, {
          now: new Date(metadata.occurredAt),
          stateOf: <S>(name: string, otherKey: string) => states.get(stateKey(name, otherKey)) as S,
        });
      } catch (error) {
        if (options.awaitOutcome) throw error;
        return { commandId };
      }
      events.forEach(validateEvent);
      states.set(
        stateKey(aggregate.name, key),
        events.reduce((s, event) => aggregate.evolve(s, event), state),
      );
      for (const [index, event] of events.entries()) {
        decided.push(event);
        const stored = {
          event,
          key,
          partition: 0,
          offset: offset++,
          eventId: `${commandId}:${index}`,
          commandId,
          occurredAt: metadata.occurredAt,
        };
        for (const projection of projections) {
          if (projection.eventTypes.includes(event.type)) await projection.project(stored, store);
        }
      }
      return { commandId };
    },
  };
}

export function readModelsOf(store: ReadStore): ReadModels {
  return {
    store,
    consistentFor: () => Promise.resolve(store),
    collection: (name) => store.collection(name),
  };
}

export function featureContext(bus: CommandBus, store: ReadStore, now: () => Date): FeatureContext {
  return { commands: bus, readModels: readModelsOf(store), now };
}
