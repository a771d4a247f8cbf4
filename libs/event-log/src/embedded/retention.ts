import type { LevelStore, WriteOp } from './level-store.js';
import { decodeEnvelope } from './envelope.js';
import { recordKey } from './keys.js';

const CHUNK = 1000;

/**
 * Deletes a partition's records older than `cutoff` (ms since epoch) from its head, as Kafka drops old
 * segments; the newest record is always kept so the end offset survives a reopen. Returns the new start.
 */
export async function pruneHead(
  store: LevelStore,
  topic: string,
  partition: number,
  bounds: { start: number; end: number },
  cutoff: number,
): Promise<number> {
  let start = bounds.start;
  const last = bounds.end - 1;
  while (start < last) {
    const chunk = await store.records(topic, partition, start, last, CHUNK);
    const ops: WriteOp[] = [];
    let expired = true;
    for (const { offset, value } of chunk) {
      if (decodeEnvelope(value).timestamp >= cutoff) {
        expired = false;
        break;
      }
      ops.push({ type: 'del', key: recordKey(topic, partition, offset) });
      start = offset + 1;
    }
    await store.write(ops);
    if (!expired || chunk.length === 0) break;
  }
  return start;
}
