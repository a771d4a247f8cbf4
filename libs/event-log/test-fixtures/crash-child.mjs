// Child of the embedded kill -9 test: appends to topic `crash` in a loop and prints, after each append
// resolved, one JSON line [[partition, offset, seq], ...]. Runs the BUILT code (npx tsc -b first).
//   node crash-child.mjs <dir> <round>
import { fileURLToPath } from 'node:url';
import { createEmbeddedEventLog } from '../dist/index.js';
import { loadSchemaSet } from '../../schemas/dist/index.js';

const [dir, roundArg] = process.argv.slice(2);
const round = Number(roundArg);
const schemas = loadSchemaSet(fileURLToPath(new URL('./schemas/', import.meta.url)));
const log = await createEmbeddedEventLog({
  dir,
  schemas,
  topicsDefaults: [{ name: 'crash', partitions: 4, retentionMs: -1 }],
});
process.stdout.write('ready\n');

let seq = round * 1_000_000;
const records = (n) =>
  Array.from({ length: n }, () => {
    const key = `k${seq % 16}`;
    const value = { key, seq: seq++, note: null };
    return { key, type: 'contract.events.Counted', value };
  });
const ack = (batch, positions) =>
  process.stdout.write(
    `${JSON.stringify(positions.map((p, i) => [p.partition, p.offset, batch[i].value.seq]))}\n`,
  );

for (let i = 0; ; i++) {
  if (i % 2 === 0) {
    const batch = records(1 + (i % 3));
    ack(batch, await log.append('crash', batch));
  } else {
    // two appends in flight together: they share one synced write
    const a = records(2);
    const b = records(1);
    await Promise.all([
      log.append('crash', a).then((p) => ack(a, p)),
      log.append('crash', b).then((p) => ack(b, p)),
    ]);
  }
}
