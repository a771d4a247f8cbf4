export { loadSchemaSet } from './load.js';
export { SchemaSet, type MessageSchema } from './schema-set.js';
export { defaultSchemaDir, FLEET_TOPICS, type TopicMapping } from './paths.js';
export { encodeWire, decodeWire } from './wire.js';
export { RegistryCodec, subjectFor, type RegistryOptions, type DecodedValue } from './registry-codec.js';
export { registerAll, topicAssignments, type Registration, type RegisterAllOptions } from './register-all.js';
