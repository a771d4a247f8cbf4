import { ValidationError } from '@fleet/core';
import type { z } from 'zod';

/** Where a value came from; the prefix of every offending path (`body[0].vehicle.payload`, `params.date`). */
export type Location = 'params' | 'query' | 'headers' | 'body';

export function pathOf(location: Location, path: readonly PropertyKey[]): string {
  let text: string = location;
  for (const segment of path) {
    text += typeof segment === 'number' ? `[${segment}]` : `.${String(segment)}`;
  }
  return text;
}

/** Offending path -> message (the first message when a path has several). */
export function issuesToErrors(
  location: Location,
  issues: readonly z.core.$ZodIssue[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = pathOf(location, issue.path);
    errors[path] ??= issue.message;
  }
  return errors;
}

/** Parses every part; throws one ValidationError listing the offending paths of all of them. */
export function parseParts<T extends Partial<Record<Location, unknown>>>(parts: {
  readonly [K in Location]?: { readonly schema: z.ZodType; readonly value: unknown };
}): T {
  const out: Record<string, unknown> = {};
  let errors: Record<string, string> = {};
  for (const [location, part] of Object.entries(parts) as [
    Location,
    { schema: z.ZodType; value: unknown },
  ][]) {
    const result = part.schema.safeParse(part.value);
    if (result.success) out[location] = result.data;
    else errors = { ...errors, ...issuesToErrors(location, result.error.issues) };
  }
  const paths = Object.keys(errors);
  if (paths.length > 0) {
    throw new ValidationError(
      `Invalid request: ${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ', ...' : ''}`,
      errors,
    );
  }
  return out as T;
}
