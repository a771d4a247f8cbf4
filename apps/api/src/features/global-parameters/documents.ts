import type { Doc } from '@fleet/read-store';
import type { DriverCategories } from './commands.js';

/** Read model `global_parameters`: one document, `_id` = `global`. */
export const GLOBAL_COLLECTION = 'global_parameters';
export const GLOBAL_DOC_ID = 'global';

export type GlobalParametersDoc = Doc & {
  readonly driver_categories: DriverCategories;
  readonly service_time: number;
};
