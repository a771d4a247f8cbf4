import { PayloadTooLargeError } from '@fleet/core';
import type { Message } from 'kafkajs';

/** Kafka's default max.message.bytes / max.request.size is 1 MiB; kafkajs does not split sends. */
export const MAX_CHUNK_BYTES = 900 * 1024;
/** Record overhead in a v2 batch (varints, attributes, header framing), rounded up. */
const RECORD_OVERHEAD = 64;

export function sizeOf(message: Message): number {
  let size = RECORD_OVERHEAD;
  size += message.key ? Buffer.byteLength(message.key) : 0;
  size += message.value ? Buffer.byteLength(message.value) : 0;
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    size +=
      Buffer.byteLength(name) +
      (typeof value === 'string' || Buffer.isBuffer(value) ? Buffer.byteLength(value) : 0);
  }
  return size;
}

/** Splits messages, in order, into sends below `limit` bytes; one message over the limit is refused. */
export function chunkMessages(messages: readonly Message[], limit = MAX_CHUNK_BYTES): Message[][] {
  const chunks: Message[][] = [];
  let current: Message[] = [];
  let bytes = 0;
  messages.forEach((message, index) => {
    const size = sizeOf(message);
    if (size > limit) {
      throw new PayloadTooLargeError(
        `Record ${index} is ${size} bytes, over the ${limit}-byte limit of one send`,
        {
          [`records.${index}`]: size,
        },
      );
    }
    if (bytes + size > limit && current.length > 0) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(message);
    bytes += size;
  });
  if (current.length > 0) chunks.push(current);
  return chunks;
}
