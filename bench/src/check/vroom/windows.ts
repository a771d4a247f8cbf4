import type { TimeWindow } from './model.js';

export const inWindow = (time: number, windows: readonly TimeWindow[]): boolean =>
  windows.some(([start, end]) => start <= time && time <= end);

/**
 * The earliest service start at or after `arrival` that lies in a window, as VROOM schedules it: the first window
 * (by start) whose end is not before the arrival, then wait for its start if needed. Undefined when all windows
 * are closed by then.
 */
export function earliestStart(arrival: number, windows: readonly TimeWindow[]): number | undefined {
  const sorted = [...windows].sort((a, b) => a[0] - b[0]);
  const window = sorted.find(([, end]) => arrival <= end);
  return window === undefined ? undefined : Math.max(arrival, window[0]);
}

/**
 * Whether a service start after `arrival` is the one VROOM would pick. VROOM keeps time in hundredths of a second
 * and reports floor(time / 100): an arrival reported at a window's last second may really be a fraction later, so
 * starting at the next window's opening is accepted too.
 */
export function isEarliestStart(arrival: number, start: number, windows: readonly TimeWindow[]): boolean {
  if (start === earliestStart(arrival, windows)) return true;
  const closing = windows.some(([, end]) => end === arrival);
  return closing && start === earliestStart(arrival + 1, windows);
}

export const showWindows = (windows: readonly TimeWindow[]): string =>
  windows.map(([start, end]) => `[${start}, ${Number.isFinite(end) ? end : '∞'}]`).join(' ');
