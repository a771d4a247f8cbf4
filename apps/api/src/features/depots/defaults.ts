/**
 * Parameters of a depot created without them (decided once, into the DepotCreated event): full vehicles,
 * no slow-down, active, Monday to Friday, priority 1. Send `activated: false` to keep a new depot out of launches.
 */
export const DEPOT_DEFAULTS = {
  vehicle_fill: 100,
  slow_down: 0,
  activated: true,
  work_days: [true, true, true, true, true, false, false],
  priority: 1,
} as const;

/** Driver defaults of the contract. */
export const DRIVER_DEFAULTS = { start_time: '08:00', working_hours: 8, lunch_break: 30 } as const;
/** km/h */
export const VEHICLE_MAX_SPEED_DEFAULT = 120;
