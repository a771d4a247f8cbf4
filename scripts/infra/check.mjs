// Asks each local server a real question: Kafka (kafkajs admin listTopics), the registry (GET subjects),
// FerretDB (mongodb driver ping). Prints one line per server; exits 1 when any does not answer.
// Usage: node check.mjs [kafkaHostPort] [registryUrl] [mongoUrl]
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';

const [kafkaBroker = '127.0.0.1:9092', registryUrl = 'http://127.0.0.1:8081/apis/ccompat/v7'] =
  process.argv.slice(2);
const mongoUrl = process.argv[4] ?? 'mongodb://127.0.0.1:27017';

async function timed(name, fn) {
  const t0 = performance.now();
  try {
    const detail = await fn();
    console.log(`${name.padEnd(9)} answers in ${(performance.now() - t0).toFixed(0)} ms: ${detail}`);
    return true;
  } catch (err) {
    console.log(`${name.padEnd(9)} FAILED: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }
}

async function kafkaTopics() {
  const kafka = new Kafka({
    clientId: 'fleet-infra-check',
    brokers: [kafkaBroker],
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const topics = await admin.listTopics();
    return `${topics.length} topic(s) at ${kafkaBroker}`;
  } finally {
    await admin.disconnect();
  }
}

async function registrySubjects() {
  const res = await fetch(`${registryUrl}/subjects`, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const subjects = await res.json();
  return `${subjects.length} subject(s) at ${registryUrl}`;
}

async function mongoPing() {
  const client = new MongoClient(mongoUrl, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    const pong = await client.db('admin').command({ ping: 1 });
    return `ping ok=${pong.ok} at ${mongoUrl}`;
  } finally {
    await client.close();
  }
}

const results = [
  await timed('kafka', kafkaTopics),
  await timed('registry', registrySubjects),
  await timed('ferretdb', mongoPing),
];
if (results.includes(false)) process.exitCode = 1;
