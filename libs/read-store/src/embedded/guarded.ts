import type { Doc, GuardedWrite } from '../port.js';
import { withoutUndefined } from './plain-value.js';

/** The document after a guarded write, built as MongoDB's upsert builds it ($set, $unset, $setOnInsert). */
export function afterGuardedWrite(stored: Doc | undefined, write: GuardedWrite): Doc {
  const set = withoutUndefined(write.set);
  if (stored === undefined) {
    return { _id: write.id, ...set, ...withoutUndefined(write.setOnInsert ?? {}), _position: write.position };
  }
  const next: Record<string, unknown> = { ...stored };
  for (const field of write.unset ?? []) delete next[field];
  return { ...next, ...set, _id: write.id, _position: write.position };
}
