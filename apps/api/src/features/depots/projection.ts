import type { ReadStore } from '@fleet/read-store';
import type { Projection, StoredEvent } from '../../platform/contracts.js';
import { assertNever } from '../shared/assert-never.js';
import {
  DEPOTS_COLLECTION,
  DEPOT_DRIVERS_COLLECTION,
  depotDriversDocId,
  type DepotDoc,
  type DepotDriversDoc,
} from './documents.js';
import { DEPOT_EVENT_TYPES, isDepotEvent, type DepotEvent } from './events.js';

/** Fields of an event that are not null (a DepotParametersChanged names only what changed). */
function given(data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));
}

export async function projectDepotEvent(
  event: DepotEvent,
  position: number,
  store: ReadStore,
): Promise<void> {
  switch (event.type) {
    case 'DepotCreated':
      await store
        .collection<DepotDoc>(DEPOTS_COLLECTION)
        .applyAt({ id: event.data.depot_id, position, set: event.data });
      return;
    case 'DepotParametersChanged':
      await store
        .collection<DepotDoc>(DEPOTS_COLLECTION)
        .applyAt({ id: event.data.depot_id, position, set: given(event.data) });
      return;
    case 'DepotDriversSet': {
      const { depot_id, date, drivers } = event.data;
      await store
        .collection<DepotDriversDoc>(DEPOT_DRIVERS_COLLECTION)
        .applyAt({ id: depotDriversDocId(depot_id, date), position, set: { depot_id, date, drivers } });
      return;
    }
    default:
      assertNever(event, 'depot event');
  }
}

export const depotsProjection: Projection = {
  name: 'depots',
  collections: [DEPOTS_COLLECTION, DEPOT_DRIVERS_COLLECTION],
  eventTypes: DEPOT_EVENT_TYPES,
  async project(stored: StoredEvent, store: ReadStore): Promise<void> {
    if (isDepotEvent(stored.event)) await projectDepotEvent(stored.event, stored.offset, store);
  },
};
