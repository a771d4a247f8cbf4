import type { Collection as DriverCollection } from 'mongodb';
import { guardAllows } from '../guard.js';
import type { ApplyOutcome, GuardedWrite } from '../port.js';
import { mapped } from './errors.js';
import { guardOperation, type StoredDoc } from './guarded.js';

/** FerretDB 1.24 hangs on one update command of 100+ statements that match documents: stay below. */
export const MAX_BULK = 99;
/** Ids per `$in` query when reading the stored positions. */
const READ_CHUNK = 1000;
/** Up to this many writes, one guarded upsert each is cheaper than reading positions first. */
const ONE_BY_ONE = 8;

/**
 * Guarded writes, decided first and then sent in ordered bulkWrites of at most {@link MAX_BULK} operations.
 *
 * The stored `_position`s of the documents are read first (`_id: {$in: ids}`), each write's outcome is
 * decided from them in order, as the server's guard would, and only the writes that apply are sent. Why not
 * "send everything, and on an error at index i mark i skipped and resubmit from i + 1": FerretDB 1.24 stops
 * an ordered bulk at its first E11000 but reports index 0 and zero counts whatever operation failed, so the
 * outcomes of the operations before it cannot be known. Deciding first is exact on both servers, and makes
 * replays cheap: stale writes never reach the server. (On FerretDB 1.24 the `$in` read scans the collection;
 * on MongoDB it uses the `_id` index.)
 *
 * The guard stays in every operation, so a write that became stale in between (another writer: not
 * expected, one projector owns a document's partition) is still refused; that, like a unique index
 * violation, fails the call with ConflictError; the writes before it are applied, the ones after are not.
 */
export async function applyInBulks(
  driver: DriverCollection<StoredDoc>,
  writes: readonly GuardedWrite[],
  applyOne: (write: GuardedWrite) => Promise<ApplyOutcome>,
): Promise<ApplyOutcome[]> {
  const outcomes: ApplyOutcome[] = [];
  if (writes.length <= ONE_BY_ONE) {
    for (const write of writes) outcomes.push(await applyOne(write));
    return outcomes;
  }
  const stored = await storedPositions(driver, writes);
  const toSend: GuardedWrite[] = [];
  for (const write of writes) {
    const current = stored.get(write.id);
    if (current !== undefined && !guardAllows(current, write.position)) {
      outcomes.push('skipped');
      continue;
    }
    stored.set(write.id, { _position: write.position });
    toSend.push(write);
    outcomes.push('applied');
  }
  for (let start = 0; start < toSend.length; start += MAX_BULK) {
    const batch = toSend.slice(start, start + MAX_BULK);
    await mapped(`applying ${batch.length} guarded writes`, () =>
      driver.bulkWrite(batch.map(guardOperation), { ordered: true }),
    );
  }
  return outcomes;
}

async function storedPositions(
  driver: DriverCollection<StoredDoc>,
  writes: readonly GuardedWrite[],
): Promise<Map<string, Readonly<Record<string, unknown>>>> {
  const ids = [...new Set(writes.map((write) => write.id))];
  const positions = new Map<string, Readonly<Record<string, unknown>>>();
  for (let start = 0; start < ids.length; start += READ_CHUNK) {
    const chunk = ids.slice(start, start + READ_CHUNK);
    const docs = await mapped('reading stored positions', () =>
      driver.find({ _id: { $in: chunk } }, { projection: { _position: 1 } }).toArray(),
    );
    for (const doc of docs) positions.set(doc._id, doc);
  }
  return positions;
}
