import avro from 'avsc';

/** What the embedded log stores per record: metadata plus the value in Avro binary (schema id -> s/<id>). */
export interface Envelope {
  readonly key: string;
  readonly type: string;
  readonly schemaId: number;
  readonly timestamp: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly value: Buffer;
}

const ENVELOPE = avro.Type.forSchema({
  type: 'record',
  name: 'StoredRecord',
  namespace: 'fleet.eventlog.embedded',
  fields: [
    { name: 'key', type: 'string' },
    { name: 'type', type: 'string' },
    { name: 'schemaId', type: 'int' },
    { name: 'timestamp', type: 'long' },
    { name: 'headers', type: { type: 'map', values: 'string' } },
    { name: 'value', type: 'bytes' },
  ],
});

export function encodeEnvelope(envelope: Envelope): Buffer {
  return ENVELOPE.toBuffer(envelope);
}

export function decodeEnvelope(buffer: Buffer): Envelope {
  return ENVELOPE.fromBuffer(buffer) as Envelope;
}
