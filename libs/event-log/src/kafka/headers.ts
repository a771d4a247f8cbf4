import type { IHeaders } from 'kafkajs';

/** Header carrying the Avro full name of the value (also in the Confluent framing, as the schema id). */
export const TYPE_HEADER = 'type';

export function toKafkaHeaders(
  type: string,
  headers: Readonly<Record<string, string>> | undefined,
): IHeaders {
  return { ...headers, [TYPE_HEADER]: type };
}

/** String headers without `type` (a LogRecord carries it in its own field). */
export function fromKafkaHeaders(headers: IHeaders | undefined): {
  type?: string;
  headers: Record<string, string>;
} {
  const out: Record<string, string> = {};
  let type: string | undefined;
  for (const [name, raw] of Object.entries(headers ?? {})) {
    const first = Array.isArray(raw) ? raw[0] : raw;
    if (first === undefined) continue;
    const value = typeof first === 'string' ? first : first.toString('utf8');
    if (name === TYPE_HEADER) type = value;
    else out[name] = value;
  }
  return type === undefined ? { headers: out } : { type, headers: out };
}
