import type { Collection as DriverCollection } from 'mongodb';
import { guardAllows } from '../guard.js';
import type { ApplyOutcome, GuardedWrite } from '../port.js';
import { mapped } from './errors.js';
import { guardOperation, type StoredDoc } from './guarded.js';

/** FerretDB 1.24 hangs on one update command of 100+ statements that match documents: stay below. */
export const MAX_BULK = 99;

/**
 * Guarded writes in ordered bulkWrites of at most {@link MAX_BULK} operations.
 *
 * Before each bulk the stored `_position`s of its documents are read (one `$in` query) and each write's
 * outcome is decided from them, in order, as the server's guard would; only the writes that apply are sent.
 * Why not "send everything, and on an error at index i mark i skipped and resubmit from i + 1": FerretDB
 * 1.24 does stop an ordered bulk at the first E11000, but reports index 0 and zero counts whatever the
 * failing operation was, so the outcomes of the operations before it cannot be known. Deciding first also
 * makes replays cheap (stale writes never reach the server).
 *
 * The guard stays in every operation, so a write that became stale in between (another writer: not
 * expected, one projector owns a document's partition) is still refused; that, like a unique index
 * violation, fails the call with ConflictError; the writes before it are applied, the ones after are not.
 */
export async function applyInBulks(
  driver: DriverCollection<StoredDoc>,
  writes: readonly GuardedWrite[],
): Promise<ApplyOutcome[]> {
  const outcomes: ApplyOutcome[] = [];
  for (let start = 0; start < writes.length; start += MAX_BULK) {
    const batch = writes.slice(start, start + MAX_BULK);
    const stored = await storedPositions(driver, batch);
    const toSend: GuardedWrite[] = [];
    for (const write of batch) {
      const current = stored.get(write.id);
      if (current !== undefined && !guardAllows(current, write.position)) {
        outcomes.push('skipped');
        continue;
      }
      stored.set(write.id, { _position: write.position });
      toSend.push(write);
      outcomes.push('applied');
    }
    if (toSend.length > 0) {
      await mapped(`applying ${toSend.length} guarded writes`, () =>
        driver.bulkWrite(toSend.map(guardOperation), { ordered: true }),
      );
    }
  }
  return outcomes;
}

async function storedPositions(
  driver: DriverCollection<StoredDoc>,
  batch: readonly GuardedWrite[],
): Promise<Map<string, Readonly<Record<string, unknown>>>> {
  const ids = [...new Set(batch.map((write) => write.id))];
  const docs = await mapped('reading stored positions', () =>
    driver.find({ _id: { $in: ids } }, { projection: { _position: 1 } }).toArray(),
  );
  return new Map(docs.map((doc) => [doc._id, doc]));
}
