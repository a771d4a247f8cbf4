import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbeddedReadStore, type ReadStore } from '@fleet/read-store';
import type { DomainEvent, Projection, StoredEvent } from '../platform/contracts.js';
import { depotsProjection } from './depots/projection.js';
import { globalParametersProjection } from './global-parameters/projection.js';
import { usersProjection } from './users/projection.js';

/** Projections against the real embedded read store (LMDB files): applying an event twice changes nothing. */
describe('projections (embedded read store)', () => {
  let dir: string;
  let store: ReadStore;
  let offset = 0;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-projections-'));
    store = await createEmbeddedReadStore({ dir, flushEachCommit: false });
    offset = 0;
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const stored = (key: string, event: DomainEvent, at = offset++): StoredEvent => ({
    event,
    key,
    partition: 0,
    offset: at,
    eventId: `c${at}:0`,
    commandId: `c${at}`,
    occurredAt: '2026-11-23T08:00:00.000Z',
  });
  const apply = (projection: Projection, event: StoredEvent) => projection.project(event, store);

  it('users: UserCreated, UserLoggedIn, UserDisabled build the user; a replayed event changes nothing', async () => {
    const created = stored('users', {
      type: 'UserCreated',
      data: {
        user_id: 1,
        email: 'ana@example.com',
        password_hash: 'scrypt$...',
        profile: 'admin',
        name: 'Ana',
        surname: 'Silva',
        created_at: '2026-11-23T08:00:00.000Z',
      },
    });
    const login = stored('users', {
      type: 'UserLoggedIn',
      data: { user_id: 1, at: '2026-11-23T09:00:00.000Z' },
    });
    const disabled = stored('users', {
      type: 'UserDisabled',
      data: { user_id: 1, disabled_at: '2026-11-23T10:00:00.000Z' },
    });
    for (const event of [created, login, disabled]) await apply(usersProjection, event);
    const users = store.collection('users');
    const before = await users.get('1');
    expect(before).toMatchObject({
      id: 1,
      email: 'ana@example.com',
      profile: 'admin',
      disabled: true,
      disabled_at: '2026-11-23T10:00:00.000Z',
      last_login: '2026-11-23T09:00:00.000Z',
    });
    // Redelivery after a crash: the same events again, in order, and one alone.
    for (const event of [created, login, disabled, login]) await apply(usersProjection, event);
    expect(await users.get('1')).toEqual(before);
  });

  it('global parameters: partial sets merge; the same event twice leaves the document as it was', async () => {
    const first = stored('global', {
      type: 'GlobalParametersSet',
      data: { driver_categories: { a: 1 }, service_time: 60 },
    });
    const second = stored('global', {
      type: 'GlobalParametersSet',
      data: { driver_categories: null, service_time: 90 },
    });
    await apply(globalParametersProjection, first);
    await apply(globalParametersProjection, second);
    const global = store.collection('global_parameters');
    const before = await global.get('global');
    expect(before).toMatchObject({ driver_categories: { a: 1 }, service_time: 90 });
    await apply(globalParametersProjection, second);
    await apply(globalParametersProjection, first);
    expect(await global.get('global')).toEqual(before);
  });

  it('depots and depot drivers: applied twice, unchanged', async () => {
    const created = stored('depot:12', {
      type: 'DepotCreated',
      data: {
        depot_id: '12',
        vehicle_fill: 100,
        slow_down: 0,
        activated: true,
        work_days: [true, true, true, true, true, false, false],
        priority: 1,
        lat: null,
        lng: null,
        name: null,
      },
    });
    const changed = stored('depot:12', {
      type: 'DepotParametersChanged',
      data: {
        depot_id: '12',
        vehicle_fill: 80,
        slow_down: null,
        activated: null,
        work_days: null,
        priority: null,
        lat: 40.4,
        lng: -3.7,
        name: null,
      },
    });
    const drivers = stored('depot:12', {
      type: 'DepotDriversSet',
      data: {
        depot_id: '12',
        date: '2026-11-24',
        drivers: [
          {
            id: 'd1',
            category: null,
            start_time: '08:00',
            working_hours: 8,
            lunch_break: 30,
            vehicle: {
              id: 'v1',
              payload: 900,
              cargo_volume: 7,
              type: null,
              brand: null,
              model: null,
              plate: null,
              max_speed: 120,
            },
          },
        ],
      },
    });
    for (const event of [created, changed, drivers]) await apply(depotsProjection, event);
    const depot = await store.collection('depots').get('12');
    const day = await store.collection('depot_drivers').get('12|2026-11-24');
    expect(depot).toMatchObject({
      depot_id: '12',
      vehicle_fill: 80,
      slow_down: 0,
      lat: 40.4,
      lng: -3.7,
      name: null,
    });
    expect(day).toMatchObject({ depot_id: '12', date: '2026-11-24' });
    for (const event of [created, changed, drivers, created]) await apply(depotsProjection, event);
    expect(await store.collection('depots').get('12')).toEqual(depot);
    expect(await store.collection('depot_drivers').get('12|2026-11-24')).toEqual(day);
  });
});
