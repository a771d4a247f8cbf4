/**
 * Writes at index i of a segment's arrays (duration, time warp, earliest and latest start) the merge of a visit
 * (duration s, window [we, wl]), the travel after it and the segment at index i + 1 (Vidal et al. 2013, as in
 * segments/duration.ts).
 */
export function prepend(
  D: Float64Array,
  TW: Float64Array,
  E: Float64Array,
  L: Float64Array,
  i: number,
  s: number,
  we: number,
  wl: number,
  travel: number,
): void {
  const atThis = s + travel;
  const nE = E[i + 1]!;
  const nL = L[i + 1]!;
  const diffTw = Math.max(we + atThis - nL, 0);
  const diffWait = Math.max(nE - atThis - wl, 0);
  E[i] = Math.max(nE - atThis, we) - diffWait;
  L[i] = Math.min(nL - atThis, wl) + diffTw;
  D[i] = s + D[i + 1]! + travel + diffWait;
  TW[i] = TW[i + 1]! + diffTw;
}
