import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Rounding } from './rounding.js';

/** One verified best-known solution of shared/bench/bks/solutions with the instance file and convention it goes with. */
export interface BksCase {
  readonly set: string;
  readonly instance: string;
  readonly solution: string;
  readonly rounding: Rounding;
}

/** shared/bench beside the repository (override with FLEET_BENCH_DIR); src/ and dist/ sit at the same depth. */
export function defaultBenchDir(): string {
  return process.env['FLEET_BENCH_DIR'] ?? new URL('../../../../../shared/bench', import.meta.url).pathname;
}

/**
 * Pairs every solution file with its instance, following shared/bench/bks/README.md: Solomon and Homberger DIMACS
 * solutions (`Route #k` / `Cost`, truncated arcs) with the Solomon-format files, and the 1000-customer ones also with
 * the VRPLIB copies; SINTEF hierarchical Homberger solutions (`<inst>.<vehicles>_<distance>.txt`, double precision);
 * X solutions (TSPLIB rounding) with the VRPLIB files.
 */
export function bksCases(benchDir: string): BksCase[] {
  const solutions = join(benchDir, 'bks', 'solutions');
  const instances = join(benchDir, 'instances');
  const cases: BksCase[] = [];
  const add = (set: string, solution: string, instance: string, rounding: Rounding): void => {
    cases.push({
      set,
      solution: join(solutions, set, solution),
      instance: join(instances, instance),
      rounding,
    });
  };
  for (const file of list(join(solutions, 'solomon_dimacs'))) {
    add('solomon_dimacs', file, `solomon/${stem(file)}.txt`, 'dimacs');
  }
  for (const size of [200, 400, 600, 800, 1000]) {
    const set = `homberger_${size}_dimacs`;
    for (const file of list(join(solutions, set))) {
      add(set, file, `homberger_${size}/${stem(file).toLowerCase()}.txt`, 'dimacs');
      if (size === 1000) add(set, file, `homberger_1000_vrplib/${stem(file)}.vrp`, 'dimacs');
    }
  }
  for (const file of list(join(solutions, 'homberger_hier'))) {
    const name = file.split('.')[0] ?? '';
    const size = Number(name.split('_')[1]) * 100;
    add('homberger_hier', file, `homberger_${size}/${name.toLowerCase()}.txt`, 'exact');
  }
  for (const file of list(join(solutions, 'x'))) add('x', file, `x/${stem(file)}.vrp`, 'round');
  return cases;
}

function list(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

function stem(file: string): string {
  return file.replace(/\.[^.]+$/, '');
}
