import { z } from 'zod';
import { optional } from '../shared/schemas.js';

export const CategoryNameSchema = z.string().trim().min(1).max(100);

const DriverCategoriesSchema = z.record(CategoryNameSchema, z.number().min(0).max(100)).meta({
  description: 'Driver category name -> factor multiplying the service time',
  example: { senior: 1, junior: 1.3 },
});

const ServiceTimeSchema = z
  .number()
  .min(0)
  .max(86_400)
  .meta({ description: 'Default service time, seconds', example: 300 });

export const SetGlobalParametersBodySchema = z
  .object({
    driver_categories: optional(DriverCategoriesSchema),
    service_time: optional(ServiceTimeSchema),
  })
  .refine((body) => body.driver_categories !== undefined || body.service_time !== undefined, {
    message: 'at least one of driver_categories, service_time is required',
  })
  .meta({
    id: 'SetGlobalParametersRequest',
    description:
      'Parameters to set; absent or null ones stay as they are. `driver_categories` replaces the whole map.',
  });

export const GlobalParametersSchema = z
  .object({ driver_categories: DriverCategoriesSchema, service_time: ServiceTimeSchema })
  .meta({ id: 'GlobalParameters' });
