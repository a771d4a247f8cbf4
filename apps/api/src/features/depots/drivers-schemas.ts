import { z } from 'zod';
import { CategoryNameSchema } from '../global-parameters/schemas.js';
import { ClockTimeSchema, optional, withDefault } from '../shared/schemas.js';
import { DRIVER_DEFAULTS, VEHICLE_MAX_SPEED_DEFAULT } from './defaults.js';

const IdSchema = z.string().trim().min(1).max(100);
const TextSchema = z.string().max(100);
const nullIfAbsent = <T>(value: T | undefined): T | null => value ?? null;

const VehicleInputSchema = z
  .object({
    id: IdSchema,
    payload: z.number().min(0).meta({ description: 'kg' }),
    cargo_volume: z.number().min(0).meta({ description: 'm^3' }),
    type: optional(TextSchema).transform(nullIfAbsent),
    brand: optional(TextSchema).transform(nullIfAbsent),
    model: optional(TextSchema).transform(nullIfAbsent),
    plate: optional(TextSchema).transform(nullIfAbsent),
    max_speed: withDefault(z.number().gt(0).max(300), VEHICLE_MAX_SPEED_DEFAULT).meta({
      description: 'km/h',
    }),
  })
  .meta({ id: 'VehicleInput' });

const DriverInputSchema = z
  .object({
    id: IdSchema,
    category: optional(CategoryNameSchema)
      .transform(nullIfAbsent)
      .meta({ description: 'A category of the global parameters' }),
    start_time: withDefault(ClockTimeSchema, DRIVER_DEFAULTS.start_time).meta({ description: 'HH:MM, UTC' }),
    working_hours: withDefault(z.number().gt(0).max(24), DRIVER_DEFAULTS.working_hours).meta({
      description: 'Hours',
    }),
    lunch_break: withDefault(z.number().min(0).max(600), DRIVER_DEFAULTS.lunch_break).meta({
      description: 'Minutes',
    }),
    vehicle: VehicleInputSchema,
  })
  .refine((driver) => driver.lunch_break <= driver.working_hours * 60, {
    message: 'lunch_break (minutes) is longer than the shift',
    path: ['lunch_break'],
  })
  .meta({ id: 'DriverInput' });

/** The drivers of one depot and day; duplicate driver ids are refused. */
export const SetDriversBodySchema = z
  .array(DriverInputSchema)
  .superRefine((drivers, context) => {
    const seen = new Set<string>();
    drivers.forEach((driver, index) => {
      if (seen.has(driver.id))
        context.addIssue({ code: 'custom', message: 'duplicate driver id', path: [index, 'id'] });
      seen.add(driver.id);
    });
  })
  .meta({
    id: 'SetDriversRequest',
    description: 'Replaces the drivers of the depot on that day (an empty array clears them).',
  });

const VehicleSchema = z
  .object({
    id: z.string(),
    payload: z.number(),
    cargo_volume: z.number(),
    type: z.string().nullable(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    plate: z.string().nullable(),
    max_speed: z.number(),
  })
  .meta({ id: 'Vehicle' });

export const DriverSchema = z
  .object({
    id: z.string(),
    category: z.string().nullable(),
    start_time: z.string(),
    working_hours: z.number(),
    lunch_break: z.number(),
    vehicle: VehicleSchema,
  })
  .meta({ id: 'Driver' });

export const DriverListSchema = z.array(DriverSchema).meta({ id: 'DriverList' });
