import { ValidationError } from '@fleet/core';
import { DEFAULT_GENETIC_PARAMS, type GeneticParams } from '@fleet/solver';

/**
 * One `--param key=value` of `vrp solve`, added to the overrides so far: only keys of DEFAULT_GENETIC_PARAMS
 * whose value is a number or a boolean, with a value of that type (nested objects such as `ruin` are not
 * reachable). Throws a ValidationError naming the key and what it expects.
 */
export function parseGeneticParam(arg: string, acc: Partial<GeneticParams> = {}): Partial<GeneticParams> {
  const eq = arg.indexOf('=');
  const key = eq > 0 ? arg.slice(0, eq) : '';
  const raw = arg.slice(eq + 1);
  const defaults = DEFAULT_GENETIC_PARAMS as unknown as Record<string, unknown>;
  const current = Object.hasOwn(defaults, key) ? defaults[key] : undefined;
  if (typeof current === 'boolean') {
    if (raw !== 'true' && raw !== 'false')
      throw new ValidationError(`${key} expects true or false, got ${raw}`);
    return { ...acc, [key]: raw === 'true' };
  }
  if (typeof current === 'number') {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n))
      throw new ValidationError(`${key} expects a number, got ${raw}`);
    return { ...acc, [key]: n };
  }
  throw new ValidationError(
    `expected KEY=VALUE with a numeric or boolean field of GeneticParams as KEY, got ${arg}`,
  );
}
