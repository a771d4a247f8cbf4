import { z } from 'zod';

/** RFC 9457 problem details, the body of every error answer (`application/problem+json`). */
export const ProblemSchema = z
  .object({
    type: z.string().meta({
      description: 'Problem type: `urn:fleet:problem:<code>`',
      example: 'urn:fleet:problem:validation',
    }),
    title: z.string().meta({ example: 'Bad Request' }),
    status: z.int().min(400).max(599),
    detail: z.string(),
    instance: z.string().optional().meta({ description: 'Path of the request' }),
    request_id: z.string().optional().meta({ description: 'Same as the `x-request-id` response header' }),
    errors: z.record(z.string(), z.unknown()).optional().meta({
      description:
        'Offending paths (`body.work_days`, `body[0].vehicle.payload`, `params.date`) mapped to what is wrong, or index lists such as `bad_categories`',
    }),
  })
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof ProblemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
