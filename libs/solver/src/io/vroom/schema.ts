import { z } from 'zod';

/**
 * VROOM's JSON input (docs/API.md of VROOM-Project/vroom), as far as this solver reads it. Unknown keys are
 * ignored; unsupported features (shipments, several breaks per vehicle, max_tasks...) are rejected by the
 * converter with a clear message rather than silently dropped.
 */
const count = z.number().int().nonnegative();
const amount = z.array(z.number().nonnegative());
const timeWindow = z.tuple([z.number(), z.number()]);
const perType = z.record(z.string(), z.number().nonnegative());
/**
 * Matrices hold up to millions of entries: checked by one plain loop (zod's per-element parse of a 900 x 900
 * pair of matrices took about 0.1 s of a 10 s solve).
 */
function isNumberMatrix(value: unknown): value is number[][] {
  if (!Array.isArray(value)) return false;
  for (const row of value as unknown[]) {
    if (!Array.isArray(row)) return false;
    for (const x of row as unknown[]) if (typeof x !== 'number' || Number.isNaN(x)) return false;
  }
  return true;
}
const matrix = z.custom<number[][]>(isNumberMatrix, { message: 'expected an array of rows of numbers' });
const coordinates = z.tuple([z.number(), z.number()]);

export const vroomJob = z.object({
  id: z.number().int(),
  description: z.string().optional(),
  location: coordinates.optional(),
  location_index: count.optional(),
  setup: z.number().nonnegative().optional(),
  service: z.number().nonnegative().optional(),
  setup_per_type: perType.optional(),
  service_per_type: perType.optional(),
  delivery: amount.optional(),
  pickup: amount.optional(),
  amount: amount.optional(),
  skills: z.array(count).optional(),
  priority: z.number().int().min(0).max(100).optional(),
  time_windows: z.array(timeWindow).optional(),
});

export const vroomBreak = z.object({
  id: z.number().int(),
  description: z.string().optional(),
  time_windows: z.array(timeWindow).optional(),
  service: z.number().nonnegative().optional(),
  max_load: amount.optional(),
});

export const vroomVehicle = z.object({
  id: z.number().int(),
  profile: z.string().optional(),
  description: z.string().optional(),
  start: coordinates.optional(),
  start_index: count.optional(),
  end: coordinates.optional(),
  end_index: count.optional(),
  capacity: amount.optional(),
  costs: z
    .object({
      fixed: z.number().nonnegative().optional(),
      per_hour: z.number().nonnegative().optional(),
      per_km: z.number().nonnegative().optional(),
      per_task_hour: z.number().nonnegative().optional(),
    })
    .optional(),
  skills: z.array(count).optional(),
  type: z.string().optional(),
  time_window: timeWindow.optional(),
  breaks: z.array(vroomBreak).optional(),
  speed_factor: z.number().positive().max(5).optional(),
  max_tasks: count.optional(),
  max_travel_time: count.optional(),
  max_distance: count.optional(),
  steps: z.array(z.unknown()).optional(),
});

export const vroomInput = z.object({
  vehicles: z.array(vroomVehicle).min(1),
  jobs: z.array(vroomJob).optional(),
  shipments: z.array(z.unknown()).optional(),
  matrices: z
    .record(
      z.string(),
      z.object({ durations: matrix.optional(), distances: matrix.optional(), costs: matrix.optional() }),
    )
    .optional(),
  matrix: matrix.optional(),
});

export type VroomInput = z.infer<typeof vroomInput>;
export type VroomJob = z.infer<typeof vroomJob>;
export type VroomVehicle = z.infer<typeof vroomVehicle>;
