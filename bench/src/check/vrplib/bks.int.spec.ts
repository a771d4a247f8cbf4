import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { bksCases, defaultBenchDir } from './bks.js';
import { checkVrpSolution } from './check.js';
import { parseVrpInstance } from './parse-instance.js';
import { parseVrpSolution } from './solution.js';

/**
 * The verified best-known solutions of shared/bench (beside the repository) are feasible and their stated costs are
 * right (shared/bench/bks/README.md): a checker that rejects any of them is wrong. Reads real files.
 */
const cases = bksCases(defaultBenchDir());
const load = (instance: string, solution: string) => ({
  instance: parseVrpInstance(readFileSync(instance, 'utf8')),
  solution: parseVrpSolution(readFileSync(solution, 'utf8'), basename(solution)),
});

describe('checker on the verified best-known solutions', () => {
  it('finds every set: Solomon and Homberger DIMACS, Homberger 1000 in VRPLIB, SINTEF hierarchical, X', () => {
    const sets = new Map<string, number>();
    for (const c of cases) sets.set(c.set, (sets.get(c.set) ?? 0) + 1);
    expect(Object.fromEntries(sets)).toEqual({
      solomon_dimacs: 56,
      homberger_200_dimacs: 60,
      homberger_400_dimacs: 60,
      homberger_600_dimacs: 60,
      homberger_800_dimacs: 60,
      homberger_1000_dimacs: 120,
      homberger_hier: 300,
      x: 100,
    });
  });

  it('accepts all of them, with matching costs', () => {
    const failures = cases.flatMap((c) => {
      const { instance, solution } = load(c.instance, c.solution);
      const report = checkVrpSolution(instance, solution, c.rounding);
      return report.feasible && report.costMatches
        ? []
        : [`${c.solution}: ${JSON.stringify(report.violations[0])}`];
    });
    expect(failures).toEqual([]);
  });

  it('rejects a best-known solution once a customer is moved to the wrong route', () => {
    const c = cases.find((k) => k.solution.endsWith('solomon_dimacs/C101.sol'));
    expect(c).toBeDefined();
    const { instance, solution } = load(c!.instance, c!.solution);
    const [first = [], second = [], ...rest] = solution.routes;
    const moved = { ...solution, routes: [first.slice(1), [first[0] ?? 0, ...second], ...rest] };
    const report = checkVrpSolution(instance, moved, 'dimacs');
    expect(report.feasible && report.costMatches).toBe(false);
  });
});
