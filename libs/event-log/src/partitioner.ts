/**
 * Kafka's default partitioner for keyed records: murmur2 (32-bit, seed 0x9747b28c) over the UTF-8 bytes of the
 * key, made positive with `& 0x7fffffff`, modulo the partition count. Every adapter uses it, so a key's
 * commands and events land in partitions with the same number.
 */
const SEED = 0x9747b28c;
const M = 0x5bd1e995;
const R = 24;

export function murmur2(data: Uint8Array): number {
  const length = data.length;
  let h = SEED ^ length;
  const whole = length - (length % 4);
  for (let i = 0; i < whole; i += 4) {
    let k =
      (data[i] ?? 0) | ((data[i + 1] ?? 0) << 8) | ((data[i + 2] ?? 0) << 16) | ((data[i + 3] ?? 0) << 24);
    k = Math.imul(k, M);
    k ^= k >>> R;
    k = Math.imul(k, M);
    h = Math.imul(h, M) ^ k;
  }
  const rest = length % 4;
  if (rest === 3) h ^= (data[whole + 2] ?? 0) << 16;
  if (rest >= 2) h ^= (data[whole + 1] ?? 0) << 8;
  if (rest >= 1) h = Math.imul(h ^ (data[whole] ?? 0), M);
  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;
  return h | 0;
}

const encoder = new TextEncoder();

export function partitionForKey(key: string, partitions: number): number {
  if (!Number.isInteger(partitions) || partitions < 1) {
    throw new RangeError(`partitions must be a positive integer, got ${partitions}`);
  }
  return (murmur2(encoder.encode(key)) & 0x7fffffff) % partitions;
}
