/**
 * The read-store contract: one suite every adapter passes (`embedded-store.int.spec.ts`, `mongo.int.spec.ts`).
 * A separate entry point (`@fleet/read-store/contract`) so production code never imports jest.
 */
import { describe } from '@jest/globals';
import { ContractContext, type MakeStore } from './contract/context.js';
import { describeDocuments } from './contract/documents.js';
import { describeGuardedWrites } from './contract/guarded-writes.js';
import { describeLifecycle } from './contract/lifecycle.js';
import { describeQueries } from './contract/queries.js';
import { describeSorting } from './contract/sorting.js';
import { describeUniqueIndexes } from './contract/unique-indexes.js';

export type { MakeStore, ReadStoreUnderTest } from './contract/context.js';

/** Registers the whole contract for one adapter; `makeStore` gives each test its own, empty data. */
export function describeReadStoreContract(name: string, makeStore: MakeStore): void {
  describe(`read-store contract: ${name}`, () => {
    const ctx = new ContractContext(makeStore);
    describeDocuments(ctx);
    describeQueries(ctx);
    describeSorting(ctx);
    describeGuardedWrites(ctx);
    describeUniqueIndexes(ctx);
    describeLifecycle(ctx);
  });
}
