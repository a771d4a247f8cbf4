import { afterEach, beforeEach } from '@jest/globals';
import type { ReadStore } from '../port.js';

/** One test's store: its own data, which can be opened again after being closed. */
export interface ReadStoreUnderTest {
  /** Opens the store on this test's data; called again after `close()` it must reopen the same data. */
  open(): Promise<ReadStore>;
  /** Removes this test's data (called after each test, pass or fail, once the store is closed). */
  destroy(): Promise<void>;
}

export type MakeStore = () => ReadStoreUnderTest | Promise<ReadStoreUnderTest>;

/** Gives every test a fresh store and cleans up after it. */
export class ContractContext {
  private target: ReadStoreUnderTest | undefined;
  private current: ReadStore | undefined;

  constructor(makeStore: MakeStore) {
    beforeEach(async () => {
      this.target = await makeStore();
      this.current = await this.target.open();
    });
    afterEach(async () => {
      await this.current?.close();
      this.current = undefined;
      await this.target?.destroy();
      this.target = undefined;
    });
  }

  get store(): ReadStore {
    if (this.current === undefined) throw new Error('the store under test is not open');
    return this.current;
  }

  /** Closes the store and opens it again on the same data (a process restart). */
  async reopen(): Promise<ReadStore> {
    if (this.target === undefined) throw new Error('no store under test');
    await this.current?.close();
    this.current = undefined;
    this.current = await this.target.open();
    return this.current;
  }
}
