import { UnavailableError } from '@fleet/core';
import { MongoClient, type Db } from 'mongodb';
import type { Collection, Doc, ReadStore } from '../port.js';
import { compareStrings } from '../query/compare.js';
import { assertCollectionName } from '../validate.js';
import { MongoCollection } from './collection.js';
import { mapped } from './errors.js';
import type { StoredDoc } from './guarded.js';

export interface MongoReadStoreOptions {
  /** e.g. mongodb://127.0.0.1:27017/fleet */
  readonly url: string;
  /** Database name; defaults to the one in the URL (or `test`, as the driver does). */
  readonly dbName?: string;
  /** How long to wait for the server at start and per operation before failing (default 5000 ms). */
  readonly serverSelectionTimeoutMS?: number;
}

/** The read store of the distributed runtime, on MongoDB or FerretDB 1.24 (MongoDB wire protocol). */
export async function createMongoReadStore(options: MongoReadStoreOptions): Promise<ReadStore> {
  const client = new MongoClient(options.url, {
    ignoreUndefined: true,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5000,
  });
  try {
    await client.connect();
    const db = client.db(options.dbName);
    await db.command({ ping: 1 });
    return new MongoReadStore(client, db);
  } catch (error) {
    await client.close().catch(() => undefined);
    const detail = error instanceof Error ? error.message : String(error);
    throw new UnavailableError(
      `MongoDB-wire server unreachable at ${redact(options.url)}: ${detail}`,
      undefined,
      {
        cause: error,
      },
    );
  }
}

/** The URL without its password, for messages. */
function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

class MongoReadStore implements ReadStore {
  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  collection<T extends Doc = Doc>(name: string): Collection<T> {
    assertCollectionName(name);
    return new MongoCollection<T>(this.db.collection<StoredDoc>(name), name);
  }

  async listCollections(): Promise<string[]> {
    const infos = await mapped('listing collections', () =>
      this.db.listCollections({}, { nameOnly: true }).toArray(),
    );
    return infos
      .map((info) => info.name)
      .filter((name) => !name.startsWith('system.'))
      .sort(compareStrings);
  }

  async dropCollection(name: string): Promise<void> {
    assertCollectionName(name);
    const exists = (await this.listCollections()).includes(name);
    if (exists) await mapped(`dropping ${name}`, () => this.db.dropCollection(name));
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
