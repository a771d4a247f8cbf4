import type { Doc } from './port.js';

/**
 * Whether a guarded write at `position` may change `stored`: MongoDB's
 * `{$or: [{_position: {$lt: position}}, {_position: {$exists: false}}]}` evaluated on one document.
 */
export function guardAllows(stored: Readonly<Record<string, unknown>> | Doc, position: number): boolean {
  const current = stored._position;
  if (current === undefined) return true;
  return typeof current === 'number' && current < position;
}
