import type { ReadModels } from '../../platform/contracts.js';
import { normalizeEmail } from '../users/commands.js';
import { USERS_COLLECTION, userDocId, type UserDoc } from '../users/documents.js';

/** Looks users up in the `users` read model; lookups by id (one per authenticated request) are cached briefly. */
export interface UserDirectory {
  byId(id: number): Promise<UserDoc | null>;
  byEmail(email: string): Promise<UserDoc | null>;
  /** Drops a cached user (after this process disabled it). */
  forget(id: number): void;
}

export interface UserDirectoryOptions {
  /** How long a looked-up user is trusted; bounds how long a disabled user's token keeps working on OTHER instances. */
  readonly cacheMs: number;
  readonly now: () => Date;
  readonly maxEntries?: number;
}

export function createUserDirectory(readModels: ReadModels, options: UserDirectoryOptions): UserDirectory {
  const cache = new Map<number, { readonly user: UserDoc; readonly until: number }>();
  const maxEntries = options.maxEntries ?? 10_000;
  const users = () => readModels.collection<UserDoc>(USERS_COLLECTION);
  let indexed: Promise<void> | undefined;

  return {
    async byId(id) {
      const now = options.now().getTime();
      const hit = cache.get(id);
      if (hit && hit.until > now) return hit.user;
      const user = await users().get(userDocId(id));
      if (user && options.cacheMs > 0) {
        if (cache.size >= maxEntries) cache.clear();
        cache.set(id, { user, until: now + options.cacheMs });
      } else cache.delete(id);
      return user;
    },
    async byEmail(email) {
      indexed ??= users()
        .ensureIndex({ email: 1 })
        .catch((error: unknown) => {
          indexed = undefined; // try again on the next lookup
          throw error;
        });
      await indexed;
      const [user] = await users().find({ email: normalizeEmail(email) }, { limit: 1 });
      return user ?? null;
    },
    forget(id) {
      cache.delete(id);
    },
  };
}
