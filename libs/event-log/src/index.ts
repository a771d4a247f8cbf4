export * from './port.js';
export { partitionForKey, murmur2 } from './partitioner.js';
export { createEmbeddedEventLog, type EmbeddedEventLogOptions } from './embedded/embedded-log.js';
export { createKafkaEventLog, type KafkaEventLogOptions } from './kafka/kafka-log.js';
