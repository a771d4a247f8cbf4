import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import type { Config } from '../../config.js';
import { databaseOf } from '../../runtime/adapters.js';

/** Removes the bench run's topics (`<prefix>*`) and database from the servers of the distributed runtime. */
export async function removeBenchData(config: Config): Promise<void> {
  const runtime = config.runtime;
  if (runtime.kind !== 'distributed' || config.topicPrefix === '') return;
  const admin = new Kafka({
    clientId: config.kafka.clientId,
    brokers: [...runtime.brokers],
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((topic) => topic.startsWith(config.topicPrefix));
    if (topics.length > 0) await admin.deleteTopics({ topics });
  } finally {
    await admin.disconnect();
  }
  const mongo = new MongoClient(runtime.mongoUrl, { serverSelectionTimeoutMS: 5000 });
  try {
    await mongo.db(databaseOf(runtime.mongoUrl)).dropDatabase();
  } finally {
    await mongo.close();
  }
}
