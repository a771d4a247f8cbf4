import { z } from 'zod';

/**
 * The parts of VROOM's JSON input and output (docs/API.md of VROOM-Project/vroom) that the checker reads. Unknown
 * keys are ignored. Durations are seconds, distances meters, all integers as in VROOM.
 */
const count = z.number().int().nonnegative();
const id = z.number().int().nonnegative();
const amount = z.array(count);
const timeWindow = z.tuple([count, count]);
const perType = z.record(z.string(), count);
const matrix = z.array(z.array(count));
/** [longitude, latitude], informative only: travel comes from the matrices. */
const coordinates = z.tuple([z.number(), z.number()]);

export const vroomJobSchema = z.object({
  id,
  description: z.string().optional(),
  location: coordinates.optional(),
  location_index: count.optional(),
  setup: count.optional(),
  service: count.optional(),
  delivery: amount.optional(),
  pickup: amount.optional(),
  /** Deprecated: read as a delivery when neither delivery nor pickup is given. */
  amount: amount.optional(),
  skills: z.array(count).optional(),
  priority: z.number().int().min(0).max(100).optional(),
  time_windows: z.array(timeWindow).optional(),
  setup_per_type: perType.optional(),
  service_per_type: perType.optional(),
});

export const vroomBreakSchema = z.object({
  id,
  time_windows: z.array(timeWindow).optional(),
  service: count.optional(),
  max_load: amount.optional(),
});

export const vroomVehicleSchema = z.object({
  id,
  profile: z.string().optional(),
  description: z.string().optional(),
  start: coordinates.optional(),
  start_index: count.optional(),
  end: coordinates.optional(),
  end_index: count.optional(),
  capacity: amount.optional(),
  skills: z.array(count).optional(),
  time_window: timeWindow.optional(),
  breaks: z.array(vroomBreakSchema).optional(),
  speed_factor: z.number().positive().max(5).optional(),
  type: z.string().optional(),
  max_tasks: count.optional(),
  max_travel_time: count.optional(),
  max_distance: count.optional(),
  costs: z
    .object({
      fixed: count.optional(),
      per_hour: count.optional(),
      per_km: count.optional(),
      per_task_hour: count.optional(),
    })
    .optional(),
});

export const vroomInputSchema = z.object({
  vehicles: z.array(vroomVehicleSchema).min(1),
  jobs: z.array(vroomJobSchema).optional(),
  shipments: z.array(z.unknown()).optional(),
  matrices: z
    .record(
      z.string(),
      z.object({ durations: matrix.optional(), distances: matrix.optional(), costs: matrix.optional() }),
    )
    .optional(),
  /** Legacy single durations matrix for the `car` profile. */
  matrix: matrix.optional(),
});

export const vroomStepSchema = z.object({
  type: z.enum(['start', 'job', 'break', 'end', 'pickup', 'delivery']),
  id: id.optional(),
  job: id.optional(),
  location_index: count.optional(),
  setup: count.optional(),
  service: count,
  waiting_time: count,
  load: amount.optional(),
  arrival: count,
  duration: count,
  distance: count.optional(),
});

export const vroomRouteSchema = z.object({
  vehicle: id,
  cost: count,
  setup: count.optional(),
  service: count,
  duration: count,
  waiting_time: count,
  priority: count.optional(),
  distance: count.optional(),
  delivery: amount.optional(),
  pickup: amount.optional(),
  steps: z.array(vroomStepSchema).min(2),
});

export const vroomOutputSchema = z.object({
  code: z.number().int(),
  error: z.string().optional(),
  summary: z.object({
    cost: count,
    routes: count,
    unassigned: count,
    setup: count.optional(),
    service: count,
    duration: count,
    waiting_time: count,
    priority: count.optional(),
    distance: count.optional(),
    delivery: amount.optional(),
    pickup: amount.optional(),
  }),
  unassigned: z.array(z.object({ id, type: z.string().optional(), reason: z.string().optional() })),
  routes: z.array(vroomRouteSchema),
});

export type VroomInput = z.infer<typeof vroomInputSchema>;
export type VroomJob = z.infer<typeof vroomJobSchema>;
export type VroomVehicle = z.infer<typeof vroomVehicleSchema>;
export type VroomOutput = z.infer<typeof vroomOutputSchema>;
export type VroomRoute = z.infer<typeof vroomRouteSchema>;
export type VroomStep = z.infer<typeof vroomStepSchema>;
