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
});
