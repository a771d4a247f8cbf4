/**
 * Key layout of the embedded log (one LevelDB keyspace, utf8 keys, ordered byte-wise). Topic names are
 * limited to `[a-zA-Z0-9._-]`, so `/` separates safely and zero-padded decimals sort numerically.
 *   r/<topic>/<partition:6>/<offset:16>   a record (envelope, see envelope.ts)
 *   t/<topic>                             a topic's spec (JSON)
 *   s/<id:8>                              a writer schema (Avro JSON), referenced by records
 *   o/<JSON [group, topic, partition]>    a group's committed position (decimal)
 */
const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Sorts after every digit, so `prefix + END` bounds a range of zero-padded numbers. */
const END = '~';

export function recordPrefix(topic: string, partition: number): string {
  return `r/${topic}/${pad(partition, 6)}/`;
}

export function recordKey(topic: string, partition: number, offset: number): string {
  return recordPrefix(topic, partition) + pad(offset, 16);
}

/** Range of a partition's records from `from` (inclusive) to `to` (exclusive, default: the end). */
export function recordRange(
  topic: string,
  partition: number,
  from = 0,
  to?: number,
): { gte: string; lt: string } {
  const prefix = recordPrefix(topic, partition);
  return {
    gte: recordKey(topic, partition, from),
    lt: to === undefined ? prefix + END : recordKey(topic, partition, to),
  };
}

export function offsetOfRecordKey(key: string): number {
  return Number(key.slice(key.lastIndexOf('/') + 1));
}

export const TOPIC_RANGE = { gte: 't/', lt: 't0' } as const;
export const topicKey = (name: string): string => `t/${name}`;

export const SCHEMA_RANGE = { gte: 's/', lt: 's0' } as const;
export const schemaKey = (id: number): string => `s/${pad(id, 8)}`;
export const schemaIdOfKey = (key: string): number => Number(key.slice(2));

export const OFFSET_RANGE = { gte: 'o/', lt: 'o0' } as const;
export const offsetKey = (group: string, topic: string, partition: number): string =>
  `o/${JSON.stringify([group, topic, partition])}`;

export function parseOffsetKey(key: string): { group: string; topic: string; partition: number } {
  const [group, topic, partition] = JSON.parse(key.slice(2)) as [string, string, number];
  return { group, topic, partition };
}
