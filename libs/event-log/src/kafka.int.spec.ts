import { createConnection } from 'node:net';
import { loadSchemaSet } from '@fleet/schemas';
import { createKafkaEventLog } from './index.js';
import { contractSchemaDir, describeEventLogContract } from './contract.js';

const BROKERS = (process.env['KAFKA_BROKERS'] ?? '127.0.0.1:9092').split(',');
const REGISTRY_URL = process.env['SCHEMA_REGISTRY_URL'] ?? 'http://127.0.0.1:8081/apis/ccompat/v7';
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const schemas = loadSchemaSet(contractSchemaDir());

function reachable(hostPort: string): Promise<boolean> {
  const [host, port] = hostPort.split(':');
  return new Promise((resolve) => {
    const socket = createConnection({ host, port: Number(port), timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

beforeAll(async () => {
  if (!(await reachable(BROKERS[0] ?? ''))) {
    throw new Error(
      `Kafka not reachable at ${BROKERS.join(',')}: start it (npm run infra:up) or set KAFKA_BROKERS`,
    );
  }
  const registry = await fetch(`${REGISTRY_URL}/subjects`).then(
    (r) => r.ok,
    () => false,
  );
  if (!registry) {
    throw new Error(
      `Schema registry not reachable at ${REGISTRY_URL}: start it (npm run infra:up) or set SCHEMA_REGISTRY_URL`,
    );
  }
});

describeEventLogContract(
  'kafka',
  () =>
    createKafkaEventLog({
      brokers: BROKERS,
      registryUrl: REGISTRY_URL,
      schemas,
      clientId: `contract-${run}`,
      topics: { commands: `contract-${run}-commands`, events: `contract-${run}-events` },
      sessionTimeoutMs: 6000,
      heartbeatIntervalMs: 1000,
      logLevel: 'error',
    }),
  { timeoutMs: 60_000 },
);
