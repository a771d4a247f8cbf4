import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeReadStoreContract } from '@fleet/read-store/contract';
import { createEmbeddedReadStore } from './store.js';

describeReadStoreContract('embedded (LMDB)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'fleet-read-store-'));
  return {
    open: () => createEmbeddedReadStore({ dir }),
    destroy: () => rm(dir, { recursive: true, force: true }),
  };
});
