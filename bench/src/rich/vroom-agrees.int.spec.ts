import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkFiles } from '../check/check-files.js';
import { DEFAULT_RICH, generateRichInstance } from './generate.js';
import { captureOutput, runProcess } from './run-process.js';

/**
 * The checker's reading of VROOM's semantics (speed_factor scaling, service_per_type, breaks, waiting, totals) is
 * tested against real VROOM: pyvroom (installed by bench/vroom/setup.sh into a venv outside the repository) solves
 * small generated instances, and the checker must accept what it returns.
 */
const ROOT = resolve(new URL('../../../', import.meta.url).pathname);
const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checker against real VROOM output', () => {
  let python = '';
  beforeAll(async () => {
    python = await captureOutput('bash', [join(ROOT, 'bench/vroom/setup.sh')], ROOT);
  }, 300_000);

  it.each([11, 12])(
    'accepts what VROOM returns for a 40-job generated instance (seed %i)',
    async (seed) => {
      const { input } = generateRichInstance(seed, { ...DEFAULT_RICH, minJobs: 40, maxJobs: 40 });
      const instance = join(dir, `rich-${seed}.json`);
      const solution = join(dir, `rich-${seed}.vroom.json`);
      writeFileSync(instance, JSON.stringify(input));

      const args = [
        join(ROOT, 'bench/vroom/solve.py'),
        instance,
        '--exploration',
        '1',
        '--threads',
        '1',
        '--out',
        solution,
      ];
      const run = await runProcess(python, args, ROOT);
      expect(run.stderrTail).toMatch(/solved in/);
      expect(run.code).toBe(0);

      const result = await checkFiles(instance, solution);
      expect(result.kind).toBe('vroom');
      expect(result.report.violations).toEqual([]);
      expect(result.ok).toBe(true);
      // VROOM's own summary agrees with the figures the checker recomputed.
      const output = JSON.parse(readFileSync(solution, 'utf8')) as {
        summary: { duration: number; unassigned: number };
      };
      if (result.kind === 'vroom') {
        expect(result.report.metrics.duration).toBe(output.summary.duration);
        expect(result.report.metrics.unassigned).toBe(output.summary.unassigned);
        expect(result.report.metrics.assigned).toBeGreaterThan(0);
      }
    },
    120_000,
  );

  it('checks skills and max_tasks as VROOM reads them, and ours serves as many jobs', async () => {
    // A generated 40-job instance where only every other vehicle has skill 1, every fifth job needs it, and
    // the first vehicle takes at most 3 jobs.
    const { input } = generateRichInstance(13, { ...DEFAULT_RICH, minJobs: 40, maxJobs: 40 });
    input.vehicles.forEach((v, i) => {
      v.skills = i % 2 === 0 ? [1] : [];
      if (i === 0) v.max_tasks = 3;
    });
    (input.jobs ?? []).forEach((j, i) => {
      if (i % 5 === 0) j.skills = [1];
    });
    const instance = join(dir, 'skills.json');
    const theirs = join(dir, 'skills.vroom.json');
    const ours = join(dir, 'skills.ours.json');
    writeFileSync(instance, JSON.stringify(input));
    const vroom = await runProcess(
      python,
      [join(ROOT, 'bench/vroom/solve.py'), instance, '--exploration', '1', '--threads', '1', '--out', theirs],
      ROOT,
    );
    expect(vroom.code).toBe(0);
    const cli = join(ROOT, 'apps/optimizer/dist/cli/vrp.js');
    const run = await runProcess(
      'node',
      [cli, 'solve', instance, '--time-limit', '3', '--seed', '1', '--workers', '1', '--out', ours],
      ROOT,
    );
    expect(run.code).toBe(0);
    const assigned: number[] = [];
    for (const solution of [theirs, ours]) {
      const result = await checkFiles(instance, solution);
      expect(result.report.violations).toEqual([]);
      expect(result.ok).toBe(true);
      if (result.kind === 'vroom') assigned.push(result.report.metrics.assigned);
    }
    expect(assigned).toHaveLength(2);
    expect(assigned[1]).toBeGreaterThanOrEqual(assigned[0]!);
    // The first vehicle's route, if any, holds at most 3 jobs, and every job needing skill 1 is on a vehicle
    // with it (the checker's rules above); the solution's loads keep the input's dimensions.
    const out = JSON.parse(readFileSync(ours, 'utf8')) as {
      routes: { vehicle: number; steps: { type: string; load: number[] }[] }[];
    };
    const dims = input.vehicles[0]!.capacity!.length;
    for (const r of out.routes) for (const st of r.steps) expect(st.load).toHaveLength(dims);
  }, 120_000);
});
