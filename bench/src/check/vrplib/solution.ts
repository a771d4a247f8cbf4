import { ValidationError } from '@fleet/core';

export interface VrpSolution {
  /** Each route's customers in visiting order, by node index (depot 0 left out). */
  readonly routes: readonly (readonly number[])[];
  /** The cost the file states, as written (kept as text so its number of decimals is known). */
  readonly statedCost?: string;
}

const ROUTE = /^Route\s*#?\s*\d+\s*:(.*)$/i;
const COST = /^Cost\s+([-+]?\d+(?:\.\d+)?)\s*$/i;
/** SINTEF file names carry the stated solution: `<instance>.<vehicles>_<distance>.txt`. */
const SINTEF_NAME = /\.(\d+)_(\d+(?:\.\d+)?)\.txt$/;

/**
 * Reads a VRPLIB solution (`Route #k: c1 c2 ...` lines then `Cost X`) or a SINTEF one (`Route k : c1 c2 ...` after a
 * header; its cost is the distance in the file name). Other lines are ignored.
 */
export function parseVrpSolution(text: string, fileName = ''): VrpSolution {
  const routes: number[][] = [];
  let statedCost: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const route = ROUTE.exec(line);
    if (route) {
      const body = route[1]?.trim() ?? '';
      const customers = body === '' ? [] : body.split(/\s+/).map(Number);
      if (!customers.every((c) => Number.isInteger(c))) {
        throw new ValidationError(`solution: bad route line "${line}"`);
      }
      routes.push(customers);
      continue;
    }
    const cost = COST.exec(line);
    if (cost?.[1] !== undefined) statedCost = cost[1];
  }
  statedCost ??= SINTEF_NAME.exec(fileName)?.[2];
  if (routes.length === 0) throw new ValidationError('solution: no `Route` line');
  return { routes, ...(statedCost === undefined ? {} : { statedCost }) };
}
