// Child process of embedded-crash.int.spec.ts: writes batches of guarded writes to the embedded store at
// argv[2] forever and prints the number of each batch once its applyAllAt has resolved. The test kills it
// with SIGKILL. Runs the built adapter (dist/): build first with `npx tsc -b`.
import { createEmbeddedReadStore } from '../dist/index.js';

const BATCH = 20;
const store = await createEmbeddedReadStore({ dir: process.argv[2] });
const docs = store.collection('crash');
for (let batch = 0; ; batch++) {
  const writes = [];
  for (let k = 0; k < BATCH; k++) writes.push({ id: `b${batch}-${k}`, position: batch, set: { batch, k } });
  await docs.applyAllAt(writes);
  process.stdout.write(`${batch}\n`);
}
