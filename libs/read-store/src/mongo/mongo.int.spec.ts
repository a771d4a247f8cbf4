import { afterAll, beforeAll } from '@jest/globals';
import { MongoClient } from 'mongodb';
import { describeReadStoreContract } from '@fleet/read-store/contract';
import { createMongoReadStore } from './store.js';

/**
 * The contract against a real MongoDB-wire server (FerretDB 1.24 in CI: `npm run infra:up`). Each test gets
 * its own database, named after this run, dropped afterwards. No server -> every test fails, loudly.
 */
const url = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/fleet';
const run = `rs_contract_${process.pid}_${Date.now().toString(36)}`;
let admin: MongoClient | undefined;
let tests = 0;

beforeAll(async () => {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    await client.db('admin').command({ ping: 1 });
  } catch (error) {
    await client.close();
    throw new Error(
      `MongoDB-wire server not reachable at MONGO_URL=${url} (start it with \`npm run infra:up\`): ${String(error)}`,
    );
  }
  admin = client;
});

afterAll(async () => {
  await admin?.close();
});

describeReadStoreContract('mongo (MongoDB wire protocol)', () => {
  const dbName = `${run}_${++tests}`;
  return {
    open: () => createMongoReadStore({ url, dbName }),
    destroy: async () => {
      await admin?.db(dbName).dropDatabase();
    },
  };
});
