import { Kafka, logLevel } from 'kafkajs';
import type { Config } from '../config.js';

/** Members of a consumer group right now (0 when it is empty or unknown). Kafka only. */
export async function activeGroupMembers(config: Config, groupId: string): Promise<number> {
  if (config.runtime.kind !== 'distributed') return 0;
  const kafka = new Kafka({
    clientId: `${config.kafka.clientId}-cli`,
    brokers: [...config.runtime.brokers],
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups([groupId]);
    return groups[0]?.members.length ?? 0;
  } finally {
    await admin.disconnect();
  }
}
