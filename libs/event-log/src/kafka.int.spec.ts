import { createConnection } from 'node:net';
import { Kafka, logLevel } from 'kafkajs';
import { UnavailableError } from '@fleet/core';
import { loadSchemaSet, RegistryCodec } from '@fleet/schemas';
import { createKafkaEventLog } from './index.js';
import { contractSchemaDir, counted, describeEventLogContract } from './contract.js';
import { readTopic } from './kafka/reader.js';

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

describe('kafka: processes creating the same topics at once', () => {
  it('each one can append and read offsets as soon as its ensureTopics returns', async () => {
    const logs = await Promise.all(
      [0, 1, 2].map((i) =>
        createKafkaEventLog({
          brokers: BROKERS,
          registryUrl: REGISTRY_URL,
          schemas,
          clientId: `race-${run}-${i}`,
          topics: { commands: `contract-${run}-commands`, events: `contract-${run}-events` },
          logLevel: 'nothing',
        }),
      ),
    );
    try {
      const specs = ['a', 'b'].map((suffix) => ({
        name: `race-${run}-${suffix}`,
        partitions: 4,
        retentionMs: -1,
      }));
      const results = await Promise.all(
        logs.map(async (log, i) => {
          await log.ensureTopics(specs);
          // Without waiting, a process that lost the creation race may see partitions without a leader.
          const ends = await log.endOffsets(specs[0]?.name ?? '');
          const [position] = await log.append(specs[1]?.name ?? '', [counted(`depot:${i}`, 0)]);
          return { ends: ends.length, appended: position !== undefined };
        }),
      );
      expect(results).toEqual(logs.map(() => ({ ends: 4, appended: true })));
    } finally {
      await Promise.all(logs.map((log) => log.close()));
    }
  }, 90_000);
});

describe('kafka: a read that waits for records that never come', () => {
  it('fails after its stall limit naming the partitions it still expected, after the records that came', async () => {
    const topic = `stall-${run}`;
    const log = await createKafkaEventLog({
      brokers: BROKERS,
      registryUrl: REGISTRY_URL,
      schemas,
      clientId: `stall-${run}`,
      topics: { commands: `contract-${run}-commands`, events: `contract-${run}-events` },
      logLevel: 'nothing',
    });
    const kafka = new Kafka({
      clientId: `stall-reader-${run}`,
      brokers: BROKERS,
      logLevel: logLevel.NOTHING,
    });
    const admin = kafka.admin();
    try {
      await log.ensureTopics([{ name: topic, partitions: 1, retentionMs: -1 }]);
      await log.append(topic, [counted('depot:1', 0), counted('depot:1', 1)]);
      await admin.connect();
      const codec = new RegistryCodec(schemas, { registryUrl: REGISTRY_URL, clientId: `stall-${run}` });
      // Offsets 0 and 1 exist; the range asks up to 5, as a read would whose records were lost.
      const seen: number[] = [];
      const started = Date.now();
      const reading = (async () => {
        for await (const record of readTopic(
          kafka,
          admin,
          codec,
          `stall-${run}`,
          topic,
          new Map([[0, { begin: 0, end: 5 }]]),
          1500,
        ))
          seen.push(record.offset);
      })();
      await expect(reading).rejects.toThrow(
        `Reading ${topic} stalled: no record came for 1500 ms; partitions still to read: 0 (to offset 5)`,
      );
      await expect(reading).rejects.toBeInstanceOf(UnavailableError);
      expect(seen).toEqual([0, 1]);
      // The join, the two records, then 1.5 s without a batch.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    } finally {
      await admin.disconnect();
      await log.close();
    }
  }, 60_000);
});
