/**
 * The seam between features (pure deciders, projections, HTTP routes) and the platform (processor, projector,
 * dispatcher, runtime wiring). Features export `FeatureModule`s; the platform runs them on either runtime.
 * See docs/architecture.md for the flow.
 */
import type { Collection, Doc, ReadStore } from '@fleet/read-store';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Router } from 'express';

/** Command and event names are short (`SetGlobalParameters`); the Avro full name adds `fleet.commands.` / `fleet.events.`. */
export interface Command<Type extends string = string, Data = Readonly<Record<string, unknown>>> {
  readonly type: Type;
  readonly data: Data;
  readonly metadata: CommandMetadata;
}
export interface CommandMetadata {
  readonly commandId: string;
  readonly userId: string;
  /** ISO 8601 UTC. */
  readonly occurredAt: string;
}

export interface DomainEvent<Type extends string = string, Data = Readonly<Record<string, unknown>>> {
  readonly type: Type;
  readonly data: Data;
}

/** A command as the API (or the ops CLI) hands it to the bus: no metadata yet, plus its aggregate key. */
export type OutgoingCommand<C extends Command = Command> = Omit<C, 'metadata'> & { readonly key: string };

/**
 * Data of the platform's `CommandRejected` event (schemas/events/CommandRejected.avsc, `fleet.events`): the
 * answer to a command its decider refused (a thrown FleetError) or could not decide (`internal`).
 */
export type CommandRejectedData = Readonly<{
  /** Short name of the refused command, e.g. `CreateUser`. */
  command_type: string;
  /** The FleetError `code`: `validation`, `conflict`, `not_found`, ... or `internal`. */
  reason_code: string;
  message: string;
  /** JSON object of the error's offending paths (`FleetError.errors`), or null. */
  errors_json: string | null;
}>;

/** An event as read back from the log, with its position and metadata. */
export interface StoredEvent<E extends DomainEvent = DomainEvent> {
  readonly event: E;
  readonly key: string;
  readonly partition: number;
  readonly offset: number;
  readonly eventId: string;
  readonly commandId: string;
  readonly occurredAt: string;
}

/** Everything `decide` may know besides the command and its own state: injected, never ambient. */
export interface DecideContext {
  readonly now: Date;
  /** State of another aggregate, by key (e.g. the `global` parameters when deciding on drivers). */
  stateOf<S>(aggregate: string, key: string): S;
}

/**
 * A decider (emmett-style): pure `decide` and `evolve`. `decide` throws a typed FleetError (ValidationError,
 * ConflictError, NotFoundError) to reject a command; the processor turns that into a `CommandRejected` event.
 */
export interface Aggregate<S = unknown, C extends Command = Command, E extends DomainEvent = DomainEvent> {
  /** Aggregate name, e.g. `depot`. */
  readonly name: string;
  /** Log key of an aggregate instance: `users`, `global`, `depot:<id>`. */
  keyOf(command: C): string;
  readonly commandTypes: readonly C['type'][];
  readonly eventTypes: readonly E['type'][];
  initialState(): S;
  decide(command: C, state: S, context: DecideContext): E[];
  evolve(state: S, event: E): S;
}

/**
 * A projection: applies one stored event to read-model documents. It must be idempotent: use `applyAt` with
 * `position = stored.offset` (guarded on `_position`), never blind writes.
 */
export interface Projection {
  readonly name: string;
  /** Read-model collections it owns (dropped and rebuilt by `replay`). */
  readonly collections: readonly string[];
  readonly eventTypes: readonly string[];
  project(stored: StoredEvent, store: ReadStore): Promise<void>;
  /** Optional, idempotent: creates the indexes the projection's queries need (run when the projector starts). */
  setup?(store: ReadStore): Promise<void>;
}

/** What the HTTP layer gets from the platform. */
export interface CommandBus {
  /**
   * Appends the command (validated against its Avro schema) and resolves once the log acknowledged it.
   * With `awaitOutcome`, also waits (bounded) until the processor decided and the projector applied it, and
   * rejects with the decider's typed error when the command was refused.
   */
  send(
    command: OutgoingCommand,
    options: { readonly userId: string; readonly awaitOutcome?: boolean },
  ): Promise<{ readonly commandId: string }>;
}

export interface ReadModels {
  /** Waits (bounded) until the projections of `key` reflect every command appended for it so far, then returns the store. */
  consistentFor(key: string): Promise<ReadStore>;
  /** The store without waiting (for reads that need no read-your-writes). */
  readonly store: ReadStore;
  collection<T extends Doc>(name: string): Collection<T>;
}

export interface FeatureContext {
  readonly commands: CommandBus;
  readonly readModels: ReadModels;
  readonly now: () => Date;
}

/** What `createHttpApp` adds to the FeatureContext for routes: the auth services it owns. */
export interface RouteSecurity {
  /** Hashes a password for a CreateUser command (the command and its event carry the hash, never the password). */
  hashPassword(password: string): Promise<string>;
  /** Drops this process's cached copy of a user (after disabling it), so its tokens stop working at once. */
  forgetUser(userId: number): void;
}

export interface RouteContext extends FeatureContext {
  readonly security: RouteSecurity;
}

export interface FeatureModule {
  readonly name: string;
  readonly aggregates: readonly Aggregate[];
  readonly projections: readonly Projection[];
  /**
   * Express routes of the feature, mounted at `/` by `createHttpApp` (apps/api/src/http/app.ts), after the
   * authentication middleware and the profile policy (viewer: GET only; planner: data writes; admin: all).
   */
  routes(context: RouteContext): Router;
  /** Registers the feature's endpoints in the OpenAPI document (built from the same zod schemas as the routes). */
  openapi?(registry: OpenAPIRegistry): void;
}
