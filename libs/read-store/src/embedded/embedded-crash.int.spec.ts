import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createEmbeddedReadStore } from './store.js';

const writer = fileURLToPath(new URL('../../test-fixtures/crash-writer.mjs', import.meta.url));
const built = fileURLToPath(new URL('../../dist/embedded/store.js', import.meta.url));
const BATCH = 20;
const dirs: string[] = [];

/** Runs the writer until it has acknowledged `acks` batches, then kills it with SIGKILL. */
async function writeThenKill(dir: string, acks: number): Promise<number> {
  const child = spawn(process.execPath, [writer, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  let acknowledged = -1;
  for await (const line of createInterface({ input: child.stdout })) {
    acknowledged = Number(line);
    if (acknowledged + 1 >= acks) break;
  }
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  return acknowledged;
}

describe('embedded read store: kill -9', () => {
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write and never half of a batch', async () => {
    if (!existsSync(built))
      throw new Error(`the crash writer runs the built adapter: run \`npx tsc -b\` first`);
    const dir = await mkdtemp(join(tmpdir(), 'fleet-read-store-crash-'));
    dirs.push(dir);

    const acknowledged = await writeThenKill(dir, 150);
    const store = await createEmbeddedReadStore({ dir });
    try {
      const docs = store.collection('crash');
      const stored = await docs.find({}, { limit: 100_000 });
      const perBatch = new Map<number, number>();
      for (const doc of stored) perBatch.set(Number(doc.batch), (perBatch.get(Number(doc.batch)) ?? 0) + 1);
      for (let batch = 0; batch <= acknowledged; batch++) expect(perBatch.get(batch)).toBe(BATCH);
      for (const count of perBatch.values()) expect(count).toBe(BATCH);
      // The store is usable after the crash: replaying the last acknowledged batch changes nothing.
      const replay = Array.from({ length: BATCH }, (_, k) => ({
        id: `b${acknowledged}-${k}`,
        position: acknowledged,
        set: { batch: -1, k },
      }));
      expect(await docs.applyAllAt(replay)).toEqual(replay.map(() => 'skipped'));
    } finally {
      await store.close();
    }
  });
});
