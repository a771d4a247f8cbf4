// Read-store micro-benchmark: guarded upserts/s (one by one, and via applyAllAt) and get latency.
// Usage (after `npx tsc -b`):
//   node libs/read-store/bench/read-store-bench.mjs embedded [N]            # LMDB, flushed commits (default)
//   node libs/read-store/bench/read-store-bench.mjs embedded-committed [N]  # LMDB, flushEachCommit: false
//   MONGO_URL=mongodb://127.0.0.1:27017/fleet node libs/read-store/bench/read-store-bench.mjs mongo [N]
// N defaults to 5000. Each run uses a fresh temp dir / database and removes it afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { createEmbeddedReadStore, createMongoReadStore } from '../dist/index.js';

const kind = process.argv[2] ?? 'embedded';
const N = Number(process.argv[3] ?? 5000);
const CALL = 500; // writes per applyAllAt call (the Mongo adapter splits them into bulks of 99)

async function open() {
  if (kind === 'mongo') {
    const url = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/fleet';
    const dbName = `rs_bench_${process.pid}`;
    const store = await createMongoReadStore({ url, dbName });
    const cleanup = async () => {
      const client = await MongoClient.connect(url);
      await client.db(dbName).dropDatabase();
      await client.close();
    };
    return { store, cleanup };
  }
  const dir = await mkdtemp(join(tmpdir(), 'rs-bench-'));
  const store = await createEmbeddedReadStore({ dir, flushEachCommit: kind !== 'embedded-committed' });
  return { store, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

const write = (i, position) => ({
  id: `route-${i}`,
  position,
  set: {
    status: position === 1 ? 'planned' : 'started',
    depot: `depot-${i % 20}`,
    stops: i % 40,
    name: `Route ${i}`,
  },
  setOnInsert: { createdAt: '2026-11-03T10:00:00Z' },
});

async function timed(label, count, work) {
  const t0 = performance.now();
  await work();
  const s = (performance.now() - t0) / 1000;
  console.log(`${label}: ${count} in ${s.toFixed(2)} s = ${Math.round(count / s)}/s`);
}

const { store, cleanup } = await open();
try {
  const single = store.collection('single');
  const bulk = store.collection('bulk');
  console.log(`read-store bench: ${kind}, N=${N}, node ${process.version}`);

  await timed('applyAt one by one, new docs', N, async () => {
    for (let i = 0; i < N; i++) await single.applyAt(write(i, 1));
  });
  await timed('applyAt one by one, updates', N, async () => {
    for (let i = 0; i < N; i++) await single.applyAt(write(i, 2));
  });
  const inCalls = async (position, expected) => {
    for (let i = 0; i < N; i += CALL) {
      const writes = [];
      for (let k = i; k < Math.min(N, i + CALL); k++) writes.push(write(k, position));
      const outcomes = await bulk.applyAllAt(writes);
      if (outcomes.some((o) => o !== expected)) throw new Error(`unexpected outcome (wanted ${expected})`);
    }
  };
  await timed(`applyAllAt (${CALL} per call), new docs`, N, () => inCalls(1, 'applied'));
  await timed(`applyAllAt (${CALL} per call), updates`, N, () => inCalls(2, 'applied'));
  await timed(`applyAllAt (${CALL} per call), stale replay`, N, () => inCalls(2, 'skipped'));

  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const latencies = [];
  for (let r = 0; r < N; r++) {
    const id = `route-${next() % N}`;
    const t = performance.now();
    const doc = await single.get(id);
    latencies.push(performance.now() - t);
    if (doc === null) throw new Error(`missing ${id}`);
  }
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(3);
  console.log(`get by id x${N} at ${N} docs: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);

  const findTimes = [];
  let found = 0;
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    const filter = { depot: 'depot-3', name: { $contains: 'route 1' } };
    found = (await single.find(filter, { sort: { stops: -1 }, limit: 20 })).length;
    findTimes.push(performance.now() - t);
  }
  findTimes.sort((a, b) => a - b);
  console.log(
    `find (2 conditions, sort, limit 20 -> ${found}) at ${N} docs: median of 5 ${findTimes[2].toFixed(1)} ms`,
  );
} finally {
  await store.close();
  await cleanup();
}
