import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSchemaSet } from '@fleet/schemas';
import { createEmbeddedEventLog } from './index.js';
import { contractSchemaDir, counted, readAll, waitFor } from './contract.js';
import type { LogRecord } from './port.js';

const schemas = loadSchemaSet(contractSchemaDir());

describe('embedded event log: retention', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'fleet-eventlog-retention-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('drops expired records from the head at open, keeping offsets and the newest record', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const clock = (): Date => new Date(now);
    const topics = [
      { name: 'short', partitions: 1, retentionMs: 60_000 },
      { name: 'forever', partitions: 1, retentionMs: -1 },
    ];
    const log = await createEmbeddedEventLog({ dir, schemas, clock, topicsDefaults: topics });
    for (const topic of ['short', 'forever']) await log.append(topic, [counted('k', 0), counted('k', 1)]);
    now += 50_000;
    await log.append('short', [counted('k', 2)]);
    now += 20_000; // records 0 and 1 are now 70 s old, record 2 is 20 s old
    await log.close();

    const reopened = await createEmbeddedEventLog({ dir, schemas, clock });
    expect((await readAll(reopened, 'short')).map((r) => r.offset)).toEqual([2]);
    expect(await reopened.endOffsets('short')).toEqual([{ partition: 0, end: 3 }]);
    expect(await readAll(reopened, 'forever')).toHaveLength(2);
    const seen: LogRecord[] = [];
    const subscription = await reopened.subscribe({
      groupId: 'fresh',
      topics: ['short'],
      handler: (batch) => {
        seen.push(...batch.records);
        return Promise.resolve();
      },
    });
    await waitFor('delivery from the log start', () => seen.length === 1, 5000);
    await subscription.stop();
    expect(seen[0]?.offset).toBe(2);
    expect(await reopened.committed('fresh', 'short')).toEqual({ 0: 3 });

    now += 120_000; // everything expired: the newest record stays so the end offset survives
    await reopened.close();
    const last = await createEmbeddedEventLog({ dir, schemas, clock });
    expect((await readAll(last, 'short')).map((r) => r.offset)).toEqual([2]);
    const [position] = await last.append('short', [counted('k', 3)]);
    expect(position?.offset).toBe(3);
    await last.close();
  });
});
