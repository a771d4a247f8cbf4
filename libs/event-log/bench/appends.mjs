// Append throughput of the event-log adapters (built code: run `npx tsc -b` first).
//   node libs/event-log/bench/appends.mjs embedded|kafka [singles=10000] [batches=100] [batchSize=500] [concurrency=16]
// singles: one-record appends awaited one after another; concurrent: the same with `concurrency` appends in
// flight; batches: appends of `batchSize` records awaited one after another. Kafka uses KAFKA_BROKERS and
// SCHEMA_REGISTRY_URL (defaults 127.0.0.1:9092 and http://127.0.0.1:8081/apis/ccompat/v7).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmbeddedEventLog, createKafkaEventLog } from '../dist/index.js';
import { loadSchemaSet } from '../../schemas/dist/index.js';

const [which = 'embedded', singles = '10000', batches = '100', batchSize = '500', concurrency = '16'] =
  process.argv.slice(2);
const schemas = loadSchemaSet(fileURLToPath(new URL('../test-fixtures/schemas/', import.meta.url)));
const run = Date.now().toString(36);
const topic = `bench-${run}`;
let seq = 0;
const record = () => {
  const key = `depot:${seq % 50}`;
  return {
    key,
    type: 'contract.events.Counted',
    value: { key, seq: seq++, note: 'bench' },
    headers: { 'command-id': `c${seq}` },
  };
};

let dir;
const log =
  which === 'kafka'
    ? await createKafkaEventLog({
        brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
        registryUrl: process.env.SCHEMA_REGISTRY_URL ?? 'http://127.0.0.1:8081/apis/ccompat/v7',
        schemas,
        clientId: `bench-${run}`,
        topics: { events: topic },
        logLevel: 'error',
      })
    : await createEmbeddedEventLog({ dir: (dir = mkdtempSync(join(tmpdir(), 'fleet-bench-'))), schemas });
await log.ensureTopics([{ name: topic, partitions: 4, retentionMs: -1 }]);

const rate = (n, t0) => Math.round((n / (performance.now() - t0)) * 1000);
const results = {};

let t0 = performance.now();
for (let i = 0; i < Number(singles); i++) await log.append(topic, [record()]);
results.single = rate(Number(singles), t0);

t0 = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: Number(concurrency) }, async () => {
    while (next++ < Number(singles)) await log.append(topic, [record()]);
  }),
);
results.concurrent = rate(Number(singles), t0);

t0 = performance.now();
for (let b = 0; b < Number(batches); b++)
  await log.append(topic, Array.from({ length: Number(batchSize) }, record));
results.batched = rate(Number(batches) * Number(batchSize), t0);

t0 = performance.now();
let read = 0;
for await (const _ of log.read(topic)) read++;
results.read = rate(read, t0);

await log.close();
if (dir) rmSync(dir, { recursive: true, force: true });
console.log(
  `${which}: ${results.single} appends/s (${singles} one-record appends, awaited one by one); ` +
    `${results.concurrent} appends/s (${concurrency} in flight); ` +
    `${results.batched} records/s (${batches} appends of ${batchSize}); read ${results.read} records/s (${read})`,
);
