import type { KafkaMessage } from 'kafkajs';
import type { RegistryCodec } from '@fleet/schemas';
import { InternalError } from '@fleet/core';
import type { LogRecord } from '../port.js';
import { fromKafkaHeaders } from './headers.js';

export async function toLogRecord(
  codec: RegistryCodec,
  topic: string,
  partition: number,
  message: KafkaMessage,
): Promise<LogRecord> {
  const { type, headers } = fromKafkaHeaders(message.headers);
  if (!message.value) {
    throw new InternalError(`Record ${topic}/${partition}@${message.offset} has no value`, {
      topic,
      partition,
    });
  }
  const decoded = await codec.decode(message.value, type);
  return {
    topic,
    partition,
    offset: Number(message.offset),
    key: message.key?.toString('utf8') ?? '',
    type: type ?? decoded.type,
    value: decoded.value,
    headers,
    timestamp: Number(message.timestamp),
  };
}
