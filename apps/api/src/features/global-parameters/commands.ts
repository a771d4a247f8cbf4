import type { Command, OutgoingCommand } from '../../platform/contracts.js';

export const GLOBAL_KEY = 'global';

export type DriverCategories = Readonly<Record<string, number>>;

/** `null`: leave that parameter as it is. */
export type SetGlobalParameters = Command<
  'SetGlobalParameters',
  Readonly<{ driver_categories: DriverCategories | null; service_time: number | null }>
>;

export type GlobalCommand = SetGlobalParameters;

export const GLOBAL_COMMAND_TYPES = [
  'SetGlobalParameters',
] as const satisfies readonly GlobalCommand['type'][];

export function setGlobalParametersCommand(input: {
  readonly driver_categories?: DriverCategories | undefined;
  readonly service_time?: number | undefined;
}): OutgoingCommand<SetGlobalParameters> {
  return {
    key: GLOBAL_KEY,
    type: 'SetGlobalParameters',
    data: { driver_categories: input.driver_categories ?? null, service_time: input.service_time ?? null },
  };
}
