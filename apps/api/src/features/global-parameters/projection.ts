import type { ReadStore } from '@fleet/read-store';
import type { Projection, StoredEvent } from '../../platform/contracts.js';
import { assertNever } from '../shared/assert-never.js';
import { GLOBAL_COLLECTION, GLOBAL_DOC_ID, type GlobalParametersDoc } from './documents.js';
import { GLOBAL_EVENT_TYPES, isGlobalEvent, type GlobalEvent } from './events.js';

export async function projectGlobalEvent(
  event: GlobalEvent,
  position: number,
  store: ReadStore,
): Promise<void> {
  switch (event.type) {
    case 'GlobalParametersSet': {
      const set: Record<string, unknown> = {};
      if (event.data.driver_categories !== null) set.driver_categories = event.data.driver_categories;
      if (event.data.service_time !== null) set.service_time = event.data.service_time;
      await store
        .collection<GlobalParametersDoc>(GLOBAL_COLLECTION)
        .applyAt({ id: GLOBAL_DOC_ID, position, set });
      return;
    }
    default:
      assertNever(event.type, 'global event');
  }
}

export const globalParametersProjection: Projection = {
  name: 'global_parameters',
  collections: [GLOBAL_COLLECTION],
  eventTypes: GLOBAL_EVENT_TYPES,
  async project(stored: StoredEvent, store: ReadStore): Promise<void> {
    if (isGlobalEvent(stored.event)) await projectGlobalEvent(stored.event, stored.offset, store);
  },
};
