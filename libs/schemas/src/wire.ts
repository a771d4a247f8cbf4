import { ValidationError } from '@fleet/core';

/** Confluent wire format: magic byte 0, the schema id as a big-endian int32, then the Avro binary. */
const MAGIC = 0;
const HEADER = 5;

export function encodeWire(schemaId: number, payload: Buffer): Buffer {
  const out = Buffer.allocUnsafe(HEADER + payload.length);
  out.writeUInt8(MAGIC, 0);
  out.writeInt32BE(schemaId, 1);
  payload.copy(out, HEADER);
  return out;
}

export function decodeWire(buffer: Buffer): { schemaId: number; payload: Buffer } {
  if (buffer.length < HEADER || buffer.readUInt8(0) !== MAGIC) {
    throw new ValidationError('Value is not in the Confluent wire format (magic byte 0 + schema id)', {
      value: 'bad framing',
    });
  }
  return { schemaId: buffer.readInt32BE(1), payload: buffer.subarray(HEADER) };
}
