import { ValidationError } from '@fleet/core';
import { DEFAULT_GENETIC_PARAMS, type GeneticParams } from '@fleet/solver';

const EXPECTED = 'expected KEY=VALUE with a numeric or boolean field of GeneticParams as KEY';

/**
 * One `--param key=value` of `vrp solve`, added to the overrides so far: only keys of DEFAULT_GENETIC_PARAMS
 * whose value is a number or a boolean, with a value of that type, or one level down in a nested object as
 * `group.key` (`ruin.meanRemoved=40`; the group's other fields keep their defaults or earlier overrides).
 * Throws a ValidationError naming the key and what it expects.
 */
export function parseGeneticParam(arg: string, acc: Partial<GeneticParams> = {}): Partial<GeneticParams> {
  const eq = arg.indexOf('=');
  const key = eq > 0 ? arg.slice(0, eq) : '';
  const raw = arg.slice(eq + 1);
  const defaults = DEFAULT_GENETIC_PARAMS as unknown as Record<string, unknown>;
  const dot = key.indexOf('.');
  if (dot > 0) {
    const group = key.slice(0, dot);
    const inner = defaults[group];
    if (!Object.hasOwn(defaults, group) || typeof inner !== 'object' || inner === null)
      throw new ValidationError(`${EXPECTED}, got ${arg}`);
    const field = key.slice(dot + 1);
    const value = typed(key, raw, inner as Record<string, unknown>, field, arg);
    const sofar = (acc as Record<string, unknown>)[group] ?? inner;
    return { ...acc, [group]: { ...sofar, [field]: value } };
  }
  return { ...acc, [key]: typed(key, raw, defaults, key, arg) };
}

/** raw as the type of `defaults[field]` (a boolean or a number), else a ValidationError. */
function typed(
  key: string,
  raw: string,
  defaults: Record<string, unknown>,
  field: string,
  arg: string,
): boolean | number {
  const current = Object.hasOwn(defaults, field) ? defaults[field] : undefined;
  if (typeof current === 'boolean') {
    if (raw !== 'true' && raw !== 'false')
      throw new ValidationError(`${key} expects true or false, got ${raw}`);
    return raw === 'true';
  }
  if (typeof current === 'number') {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n))
      throw new ValidationError(`${key} expects a number, got ${raw}`);
    return n;
  }
  throw new ValidationError(`${EXPECTED}, got ${arg}`);
}
