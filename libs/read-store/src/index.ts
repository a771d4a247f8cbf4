export * from './port.js';
export { createEmbeddedReadStore, type EmbeddedReadStoreOptions } from './embedded/store.js';
export { createMongoReadStore, type MongoReadStoreOptions } from './mongo/store.js';
