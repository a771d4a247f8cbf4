import { ValidationError } from '@fleet/core';
import type { z } from 'zod';
import type { Violation } from '../violation.js';
import { vroomInputSchema, vroomOutputSchema, type VroomInput, type VroomOutput } from './schema.js';

const describe = (issues: readonly z.core.$ZodIssue[]): Violation[] =>
  issues.map((issue) => ({
    rule: 'format',
    message: `${issue.path.join('.') || '(root)'}: ${issue.message}`,
  }));

/** Parses a VROOM input; a malformed one throws ValidationError (it cannot be checked against). */
export function parseVroomInput(text: string): VroomInput {
  const parsed = vroomInputSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new ValidationError('not a VROOM input', {
      issues: describe(parsed.error.issues).map((v) => v.message),
    });
  }
  return parsed.data;
}

/** Parses a VROOM output; a malformed one is a list of `format` violations, since that is the solver's fault. */
export function parseVroomOutput(text: string): { output: VroomOutput } | { violations: Violation[] } {
  const parsed = vroomOutputSchema.safeParse(JSON.parse(text));
  return parsed.success ? { output: parsed.data } : { violations: describe(parsed.error.issues) };
}
