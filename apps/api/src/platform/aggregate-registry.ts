import { InternalError } from '@fleet/core';
import type { Aggregate, FeatureModule, Projection } from './contracts.js';

/** Which aggregate decides a command type, and which aggregates evolve on an event type. */
export class AggregateRegistry {
  private readonly byCommand = new Map<string, Aggregate>();
  private readonly byEvent = new Map<string, Aggregate[]>();
  private readonly byName = new Map<string, Aggregate>();

  constructor(aggregates: readonly Aggregate[]) {
    for (const aggregate of aggregates) {
      if (this.byName.has(aggregate.name))
        throw new InternalError(`two aggregates are named ${aggregate.name}`);
      this.byName.set(aggregate.name, aggregate);
      for (const type of aggregate.commandTypes) {
        const other = this.byCommand.get(type);
        if (other)
          throw new InternalError(`command ${type} is decided by both ${other.name} and ${aggregate.name}`);
        this.byCommand.set(type, aggregate);
      }
      for (const type of aggregate.eventTypes) {
        this.byEvent.set(type, [...(this.byEvent.get(type) ?? []), aggregate]);
      }
    }
  }

  static of(features: readonly FeatureModule[]): AggregateRegistry {
    return new AggregateRegistry(features.flatMap((feature) => feature.aggregates));
  }

  forCommand(type: string): Aggregate | undefined {
    return this.byCommand.get(type);
  }

  forEvent(type: string): readonly Aggregate[] {
    return this.byEvent.get(type) ?? [];
  }

  named(name: string): Aggregate | undefined {
    return this.byName.get(name);
  }
}

export function projectionsOf(features: readonly FeatureModule[]): Projection[] {
  const projections = features.flatMap((feature) => feature.projections);
  const names = new Set<string>();
  for (const projection of projections) {
    if (names.has(projection.name)) throw new InternalError(`two projections are named ${projection.name}`);
    names.add(projection.name);
  }
  return projections;
}
