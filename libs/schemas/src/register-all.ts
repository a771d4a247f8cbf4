import type { SchemaSet } from './schema-set.js';
import { FLEET_TOPICS, type TopicMapping } from './paths.js';
import { RegistryCodec, subjectFor, type RegistryOptions } from './registry-codec.js';

export interface Registration {
  readonly topic: string;
  readonly type: string;
  readonly subject: string;
  readonly id: number;
}

export interface RegisterAllOptions extends RegistryOptions {
  /** Schema folder -> topic (default: `commands` -> `fleet.commands`, `events` -> `fleet.events`). */
  readonly topics?: TopicMapping;
}

/** The (topic, type) pairs a mapping gives: every message whose folder is mapped. */
export function topicAssignments(
  set: SchemaSet,
  topics: TopicMapping = FLEET_TOPICS,
): { topic: string; type: string }[] {
  return set
    .messages()
    .filter((message) => topics[message.group] !== undefined)
    .map((message) => ({ topic: topics[message.group] as string, type: message.name }));
}

/**
 * Registers every mapped message type under `<topic>-<full name>` with BACKWARD_TRANSITIVE, in name order.
 * An incompatible change fails with a ConflictError naming the subject and the registry's reason.
 */
export async function registerAll(
  set: SchemaSet,
  options: RegisterAllOptions,
  codec: RegistryCodec = new RegistryCodec(set, options),
): Promise<Registration[]> {
  const out: Registration[] = [];
  for (const { topic, type } of topicAssignments(set, options.topics)) {
    out.push({ topic, type, subject: subjectFor(topic, type), id: await codec.register(topic, type) });
  }
  return out;
}
