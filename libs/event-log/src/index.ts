export * from './port.js';
export { partitionForKey, murmur2 } from './partitioner.js';
export { createEmbeddedEventLog, type EmbeddedEventLogOptions } from './embedded/embedded-log.js';
