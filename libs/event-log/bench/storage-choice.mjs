// Storage pick for the embedded event log: synced appends/s for the log's access pattern.
//   node libs/event-log/bench/storage-choice.mjs lmdb|classic-level [dir]
// Pattern: N single-record appends awaited one by one (each a synced commit), batches of B records per
// synced commit, then an ordered range scan of one partition.
import { rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const which = process.argv[2] ?? 'lmdb';
const dir = process.argv[3] ?? join(tmpdir(), `evlog-storage-${which}-${process.pid}`);
const SINGLE = 2000;
const BATCHES = 200;
const B = 100;
const value = Buffer.alloc(200, 7);
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

function rate(n, t0) {
  return Math.round((n / (performance.now() - t0)) * 1000);
}

async function lmdb() {
  const { open } = await import('lmdb');
  const root = open({ path: dir, compression: false });
  const db = root.openDB('records', {});
  let off = 0;
  let t0 = performance.now();
  for (let i = 0; i < SINGLE; i++) {
    const o = off++;
    await root.transaction(() => db.put(['t', 0, o], { k: 'key', v: value }));
    await root.flushed;
  }
  const single = rate(SINGLE, t0);
  t0 = performance.now();
  for (let b = 0; b < BATCHES; b++) {
    await root.transaction(() => {
      for (let i = 0; i < B; i++) db.put(['t', 0, off++], { k: 'key', v: value });
    });
    await root.flushed;
  }
  const batched = rate(BATCHES * B, t0);
  t0 = performance.now();
  let n = 0;
  for (const { value: v } of db.getRange({ start: ['t', 0, 0], end: ['t', 1] })) if (v) n++;
  const scan = rate(n, t0);
  await root.close();
  return { single, batched, scan, n };
}

async function classicLevel() {
  const { ClassicLevel } = await import('classic-level');
  const db = new ClassicLevel(dir, { valueEncoding: 'buffer' });
  const key = (o) => `t/0/${String(o).padStart(16, '0')}`;
  let off = 0;
  let t0 = performance.now();
  for (let i = 0; i < SINGLE; i++) await db.put(key(off++), value, { sync: true });
  const single = rate(SINGLE, t0);
  t0 = performance.now();
  for (let b = 0; b < BATCHES; b++) {
    const ops = [];
    for (let i = 0; i < B; i++) ops.push({ type: 'put', key: key(off++), value });
    await db.batch(ops, { sync: true });
  }
  const batched = rate(BATCHES * B, t0);
  t0 = performance.now();
  let n = 0;
  for await (const v of db.values({ gte: 't/0/', lt: 't/1/' })) if (v) n++;
  const scan = rate(n, t0);
  await db.close();
  return { single, batched, scan, n };
}

const result = which === 'lmdb' ? await lmdb() : await classicLevel();
console.log(
  `${which}: ${result.single} synced single appends/s (${SINGLE}), ${result.batched} records/s in synced batches of ${B}, ` +
    `range scan ${result.scan} records/s (${result.n} records)`,
);
rmSync(dir, { recursive: true, force: true });
