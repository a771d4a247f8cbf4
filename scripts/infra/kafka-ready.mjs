// Exits 0 when the Kafka broker at argv[2] (host:port) answers a metadata request, 1 otherwise.
import { Kafka, logLevel } from 'kafkajs';

const broker = process.argv[2] ?? '127.0.0.1:9092';
const kafka = new Kafka({
  clientId: 'fleet-infra-ready',
  brokers: [broker],
  logLevel: logLevel.NOTHING,
  connectionTimeout: 2000,
  retry: { retries: 0 },
});
const admin = kafka.admin();
try {
  await admin.connect();
  const cluster = await admin.describeCluster();
  console.log(`brokers=${cluster.brokers.length} controller=${cluster.controller}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await admin.disconnect();
}
