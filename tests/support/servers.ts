import { randomBytes } from 'node:crypto';

/**
 * The real servers of the distributed runtime (started by `npm run infra:up`). Override with TEST_KAFKA_BROKERS,
 * TEST_SCHEMA_REGISTRY_URL and TEST_MONGO_BASE_URL (no database name).
 */
export const SERVERS = {
  kafkaBrokers: process.env.TEST_KAFKA_BROKERS ?? '127.0.0.1:9092',
  registryUrl: process.env.TEST_SCHEMA_REGISTRY_URL ?? 'http://127.0.0.1:8081/apis/ccompat/v7',
  mongoBaseUrl: process.env.TEST_MONGO_BASE_URL ?? 'mongodb://127.0.0.1:27017',
};

/** A name unique to this run (topic prefix, database name). */
export function runId(label: string): string {
  return `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}-${label}`;
}

/** Environment of the distributed runtime, isolated by a topic prefix and a database of its own. */
export function distributedEnv(id: string): Record<string, string> {
  return {
    KAFKA_BROKERS: SERVERS.kafkaBrokers,
    SCHEMA_REGISTRY_URL: SERVERS.registryUrl,
    MONGO_URL: `${SERVERS.mongoBaseUrl}/${databaseName(id)}`,
    FLEET_TOPIC_PREFIX: `${id}.`,
    KAFKA_CLIENT_ID: id,
    KAFKA_SESSION_TIMEOUT_MS: '6000',
  };
}

/** Deletes what a run created on the servers: its topics and its databases (best effort). */
export async function removeRun(id: string, databases: readonly string[] = []): Promise<void> {
  const { Kafka, logLevel } = await import('kafkajs');
  const { MongoClient } = await import('mongodb');
  const admin = new Kafka({
    clientId: `${id}-cleanup`,
    brokers: SERVERS.kafkaBrokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  try {
    await admin.connect();
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(`${id}.`));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } catch {
    // best effort: a leftover topic only takes disk space on the test broker
  } finally {
    await admin.disconnect();
  }
  const mongo = new MongoClient(SERVERS.mongoBaseUrl, { serverSelectionTimeoutMS: 3000 });
  try {
    for (const name of [databaseName(id), ...databases]) await mongo.db(name).dropDatabase();
  } catch {
    // best effort as well
  } finally {
    await mongo.close();
  }
}

export const databaseName = (id: string): string => id.replace(/[^A-Za-z0-9_]/g, '_');
