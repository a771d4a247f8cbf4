import { z } from 'zod';

/** The `{message}` answer of the master-data writes. */
export const MessageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

const nullAsAbsent = (value: unknown): unknown => (value === null ? undefined : value);

/** An optional field where `null` means the same as absent. */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(nullAsAbsent, schema.optional());
}

/** An optional field with a default, applied when the field is absent or `null`. */
export function withDefault<T extends z.ZodType>(schema: T, value: z.input<T> & z.output<T>) {
  return z.preprocess(nullAsAbsent, schema.default(value as never));
}

function isCalendarDate(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** An ISO 8601 calendar date, `YYYY-MM-DD`. */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected an ISO 8601 date (YYYY-MM-DD)')
  .refine(isCalendarDate, 'not a calendar date')
  .meta({ example: '2026-11-23' });

/** A clock time `HH:MM` (or `H:MM`), 00:00 to 23:59; normalised to `HH:MM`. */
export const ClockTimeSchema = z
  .string()
  .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'expected a time HH:MM (00:00 to 23:59)')
  .transform((text) => text.padStart(5, '0'))
  .meta({ example: '08:00' });
