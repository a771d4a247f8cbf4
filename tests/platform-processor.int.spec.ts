import { ConflictError } from '@fleet/core';
import { createEmbeddedEventLog, type EventLog } from '@fleet/event-log';
import { createEmbeddedReadStore, type ReadStore } from '@fleet/read-store';
import { loadSchemaSet } from '@fleet/schemas';
import { loadConfig } from '@fleet/api/config';
import { commandRecord, receivedCommand } from '@fleet/api/platform/command-record';
import { decidedEvent, eventRecords } from '@fleet/api/platform/event-record';
import { EventApplier } from '@fleet/api/platform/projector/projector';
import { NO_CHECKPOINT, OUTCOMES, type OutcomeDoc } from '@fleet/api/platform/projector/read-model-docs';
import { createLogger } from '@fleet/api/runtime/logger';
import { createPlatform, type Platform } from '@fleet/api/runtime/platform';
import { checkDecisions } from './support/exactly-once.js';
import { tempDir } from './support/service.js';
import {
  setTally,
  tallyAggregate,
  tallyFeature,
  tallyProjection,
  type TallyDoc,
} from './support/tally-feature.js';

/** The processor, projector, command bus and read models on the embedded adapters (real files), with a test feature. */
describe('platform: processor, projector, command bus (embedded log and store)', () => {
  const schemas = loadSchemaSet();
  let dir: ReturnType<typeof tempDir>;
  let log: EventLog;
  let store: ReadStore;
  let platform: Platform;

  beforeEach(async () => {
    dir = tempDir('platform');
    log = await createEmbeddedEventLog({ dir: `${dir.dir}/log`, schemas });
    store = await createEmbeddedReadStore({ dir: `${dir.dir}/store` });
    const config = loadConfig({ FLEET_DATA_DIR: dir.dir, LOG_LEVEL: 'silent', FLEET_BATCH_SIZE: '4' });
    platform = createPlatform({
      config,
      log,
      store,
      schemas,
      features: [tallyFeature],
      logger: createLogger(config),
    });
    await platform.ensureTopics();
  });

  afterEach(async () => {
    await platform.processor.stop();
    await platform.projector.stop();
    await log.close();
    await store.close();
    dir.remove();
  });

  const start = async (): Promise<void> => {
    await platform.processor.start();
    await platform.projector.start();
  };

  /** Appends a command as the bus does and returns it as the processor will receive it. */
  const appendCommand = async (serviceTime: number, commandId: string) => {
    const command = {
      ...setTally(serviceTime),
      metadata: { commandId, userId: 't', occurredAt: '2026-01-01T00:00:00.000Z' },
    };
    const [position] = await log.append(platform.names.commands, [commandRecord(command, 'global')]);
    const record = {
      ...position!,
      key: 'global',
      type: 'fleet.commands.SetGlobalParameters',
      value: command.data,
      timestamp: 0,
      headers: commandRecord(command, 'global').headers ?? {},
    };
    return receivedCommand(record);
  };

  const tally = async (): Promise<TallyDoc | null> =>
    (await platform.readModels.consistentFor('global')).collection<TallyDoc>('tally').get('global');

  it('completes a decision cut short by a crash, without repeating its logged events', async () => {
    // Given: a command whose 3 events were decided but only 2 reached the log before the crash.
    const first = await appendCommand(2, 'c1');
    const decided = tallyAggregate.decide(
      first.command as never,
      { events: 0 },
      { now: new Date(0), stateOf: () => undefined as never },
    );
    expect(decided).toHaveLength(3);
    await log.append(platform.names.events, eventRecords(first, decided).slice(0, 2));
    await appendCommand(4, 'c2');

    // When: the processor starts again.
    await start();
    await platform.commands.send(setTally(0), { userId: 't', awaitOutcome: true });

    // Then: c1 was completed with its third event only, and the numbering never repeats.
    const report = await checkDecisions(log, platform.names);
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ commands: 3, events: 3 + 2 + 1 });
    const numbers: number[] = [];
    for await (const record of log.read(platform.names.events))
      numbers.push(Number(decidedEvent(record).event.data.service_time));
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await tally()).toMatchObject({ last: 6, applied: 6 });
  });

  it('skips a command whose decision is already in the log (a crash before the offset commit)', async () => {
    const first = await appendCommand(1, 'c1');
    const decided = tallyAggregate.decide(
      first.command as never,
      { events: 0 },
      { now: new Date(0), stateOf: () => undefined as never },
    );
    await log.append(platform.names.events, eventRecords(first, decided));

    await start();
    await platform.commands.send(setTally(0), { userId: 't', awaitOutcome: true });

    const report = await checkDecisions(log, platform.names);
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ commands: 2, events: 2 + 1 });
    expect(await tally()).toMatchObject({ last: 3, applied: 3 });
  });

  it("answers a refused command with the decider's typed error, recorded as CommandRejected", async () => {
    await start();
    const refused = platform.commands.send(setTally(-1), { userId: 't', awaitOutcome: true });
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toMatchObject({ errors: { service_time: 'negative' } });
    const outcomes = await store.collection<OutcomeDoc>(OUTCOMES).find({});
    expect(outcomes).toEqual([expect.objectContaining({ status: 'rejected', code: 'conflict', events: 1 })]);
    const report = await checkDecisions(log, platform.names);
    expect(report).toMatchObject({ commands: 1, events: 1, rejected: 1, problems: [] });
  });

  it('reads its writes: a read right after an unawaited command sees it', async () => {
    await start();
    for (let i = 0; i < 5; i += 1) {
      await platform.commands.send(setTally(0), { userId: 't' });
      expect(await tally()).toMatchObject({ applied: i + 1, last: i + 1 });
    }
  });

  it('applies a redelivered batch once (guarded writes), even without its checkpoint', async () => {
    await start();
    for (let i = 0; i < 3; i += 1)
      await platform.commands.send(setTally(i), { userId: 't', awaitOutcome: true });
    expect(await tally()).toMatchObject({ applied: 6 });
    const events = [];
    for await (const record of log.read(platform.names.events)) events.push(decidedEvent(record));
    const again = await new EventApplier(store, [tallyProjection]).apply(events, NO_CHECKPOINT);
    expect(again.offset).toBe(events[events.length - 1]!.offset);
    expect(await tally()).toMatchObject({ applied: 6, last: 6 });
  });
});
