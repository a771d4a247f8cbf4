import { z } from 'zod';
import { IsoDateSchema, optional } from '../shared/schemas.js';

/** Depot ids: 1-64 letters, digits, `_`, `.`, `~`, `-` (they appear in log keys and document ids). */
export const DepotIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.~-]{1,64}$/, 'expected 1-64 letters, digits, _ . ~ -')
  .meta({ example: '12' });

export const DepotPathSchema = z.object({ depot_id: DepotIdSchema });
export const DepotDayPathSchema = z.object({ depot_id: DepotIdSchema, date: IsoDateSchema });

const fields = {
  vehicle_fill: z
    .number()
    .min(0)
    .max(100)
    .meta({ description: 'Percentage (0-100) of the vehicles capacity to fill' }),
  slow_down: z
    .number()
    .min(0)
    .max(1000)
    .meta({ description: 'Percentage by which travel is slowed down (0 = none)' }),
  activated: z.boolean(),
  // min + max rather than length(7): zod-to-openapi 8 drops `length` from the document.
  work_days: z
    .array(z.boolean())
    .min(7)
    .max(7)
    .meta({ description: 'Monday to Sunday', example: [true, true, true, true, true, false, false] }),
  priority: z.int().min(0).max(1_000_000).meta({ description: 'Launch order (1 first)' }),
  lat: z.number().min(-90).max(90).meta({ description: 'Extension: latitude, WGS84' }),
  lng: z.number().min(-180).max(180).meta({ description: 'Extension: longitude, WGS84' }),
  name: z.string().trim().min(1).max(200).meta({ description: 'Extension: display name' }),
};

type FieldName = keyof typeof fields;
const FIELD_NAMES = Object.keys(fields) as FieldName[];

export const SetDepotParametersBodySchema = z
  .object({
    vehicle_fill: optional(fields.vehicle_fill),
    slow_down: optional(fields.slow_down),
    activated: optional(fields.activated),
    work_days: optional(fields.work_days),
    priority: optional(fields.priority),
    lat: optional(fields.lat),
    lng: optional(fields.lng),
    name: optional(fields.name),
  })
  .refine((body) => FIELD_NAMES.some((name) => body[name] !== undefined), {
    message: `at least one of ${FIELD_NAMES.join(', ')} is required`,
  })
  .refine((body) => (body.lat === undefined) === (body.lng === undefined), {
    message: 'lat and lng go together',
    path: ['lat'],
  })
  .meta({
    id: 'SetDepotParametersRequest',
    description:
      'Creates the depot or changes the given parameters (absent or null ones stay as they are). A new depot gets vehicle_fill 100, slow_down 0, activated true, work_days Monday-Friday, priority 1 for what is not given.',
  });

export const DepotParametersSchema = z
  .object({
    depot_id: z.string(),
    vehicle_fill: fields.vehicle_fill,
    slow_down: fields.slow_down,
    activated: fields.activated,
    work_days: fields.work_days,
    priority: fields.priority,
    lat: fields.lat.nullable(),
    lng: fields.lng.nullable(),
    name: z.string().nullable(),
  })
  .meta({ id: 'DepotParameters' });
