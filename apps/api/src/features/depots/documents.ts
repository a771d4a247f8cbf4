import type { Doc } from '@fleet/read-store';
import type { Driver } from './commands.js';

/** Read model `depots`: one document per depot, `_id` = the depot id. */
export const DEPOTS_COLLECTION = 'depots';
/** Read model `depot_drivers`: one document per depot and day, `_id` = `<depot_id>|<date>`. */
export const DEPOT_DRIVERS_COLLECTION = 'depot_drivers';

export type DepotDoc = Doc & {
  readonly depot_id: string;
  readonly vehicle_fill: number;
  readonly slow_down: number;
  readonly activated: boolean;
  readonly work_days: readonly boolean[];
  readonly priority: number;
  readonly lat: number | null;
  readonly lng: number | null;
  readonly name: string | null;
};

export type DepotDriversDoc = Doc & {
  readonly depot_id: string;
  readonly date: string;
  readonly drivers: readonly Driver[];
};

export const depotDriversDocId = (depotId: string, date: string): string => `${depotId}|${date}`;
