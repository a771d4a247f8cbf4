import { fileURLToPath } from 'node:url';

/**
 * The repository's `schemas/` folder, found from this package's location (`libs/schemas/src` or
 * `libs/schemas/dist`: both sit three levels below the repository root), never from the working directory.
 */
export function defaultSchemaDir(): string {
  return fileURLToPath(new URL('../../../schemas/', import.meta.url));
}

/** Folder of the schema files (relative to the schema dir, first segment) -> topic their records go to. */
export type TopicMapping = Readonly<Record<string, string>>;

/** `schemas/commands/**` -> `fleet.commands`, `schemas/events/**` -> `fleet.events`. */
export const FLEET_TOPICS: TopicMapping = { commands: 'fleet.commands', events: 'fleet.events' };
