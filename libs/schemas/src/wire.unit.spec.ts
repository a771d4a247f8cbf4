import { ValidationError } from '@fleet/core';
import { decodeWire, encodeWire } from './wire.js';

describe('Confluent wire format', () => {
  it('frames the payload with magic byte 0 and a big-endian id', () => {
    const framed = encodeWire(258, Buffer.from([7, 8]));
    expect([...framed]).toEqual([0, 0, 0, 1, 2, 7, 8]);
    const { schemaId, payload } = decodeWire(framed);
    expect(schemaId).toBe(258);
    expect([...payload]).toEqual([7, 8]);
  });

  it('refuses unframed values', () => {
    expect(() => decodeWire(Buffer.from([1, 0, 0, 0, 1]))).toThrow(ValidationError);
    expect(() => decodeWire(Buffer.from([0, 0]))).toThrow(ValidationError);
  });
});
