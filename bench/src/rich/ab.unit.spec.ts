import { abArgs, abTable, summariseAb, type AbOptions, type AbRun } from './ab.js';

const run = (
  instance: string,
  seed: number,
  arm: 'A' | 'B',
  assigned: number,
  duration: number,
  priority = 0,
): AbRun => ({
  instance,
  seed,
  arm,
  feasible: true,
  assigned,
  priority,
  duration,
});

describe('summariseAb', () => {
  it('compares travel per seed at equal jobs and averages per instance, then over instances', () => {
    const s = summariseAb([
      // x: seed 1 B is 10 % shorter (900 / 1000 - 1), seed 2 B is 5 % longer (1050 / 1000 - 1): mean -2.5 %.
      run('x', 1, 'A', 10, 1000),
      run('x', 1, 'B', 10, 900),
      run('x', 2, 'A', 10, 1000),
      run('x', 2, 'B', 10, 1050),
      // y: seed 1 B is 2 % longer (204 / 200 - 1); seed 2 B serves one job more (not a travel pair).
      run('y', 1, 'A', 5, 200),
      run('y', 1, 'B', 5, 204),
      run('y', 2, 'A', 5, 200),
      run('y', 2, 'B', 6, 260),
    ]);
    expect(s.rows.map((r) => r.instance)).toEqual(['x', 'y']);
    expect(s.rows[0]!.diffPercent).toBeCloseTo(-2.5, 9);
    expect(s.rows[0]!.equalPairs).toBe(2);
    expect(s.rows[1]!.diffPercent).toBeCloseTo(2, 9);
    expect(s.rows[1]!.equalPairs).toBe(1);
    expect(s.rows[1]!.meanAssignedB).toBe(5.5);
    // Mean over the two instances: (-2.5 + 2) / 2 = -0.25 %.
    expect(s.meanDiffPercent).toBeCloseTo(-0.25, 9);
    expect([s.bShorter, s.bLonger, s.bServesMore, s.bServesLess]).toEqual([1, 2, 1, 0]);
    expect(abTable(s)).toContain('-0.25 %');
    // Every instance's pairs together: -10, +5, +2, mean -1 %; 1 shorter against 2 longer, sign test p = 1.
    expect(s.pairs.n).toBe(3);
    expect(s.pairs.mean).toBeCloseTo(-1, 9);
    expect(s.pairs.signP).toBeCloseTo(1, 12);
    expect(abTable(s)).toContain('per pair at equal jobs: -1.00 % +- ');
  });

  it('counts priority before jobs, ignores unpaired runs and reports infeasible ones', () => {
    const s = summariseAb([
      // B serves fewer jobs but more priority: it serves more.
      run('x', 1, 'A', 10, 1000, 5),
      run('x', 1, 'B', 9, 900, 6),
      { ...run('x', 2, 'A', 10, 1000), feasible: false },
    ]);
    expect(s.bServesMore).toBe(1);
    expect(s.bServesLess).toBe(0);
    expect(s.rows[0]!.pairs).toBe(1);
    expect(Number.isNaN(s.meanDiffPercent)).toBe(true);
    expect(s.infeasible).toBe(1);
  });
});

describe('abArgs', () => {
  const options: AbOptions = {
    files: ['x.json'],
    seeds: [1],
    timeLimit: 10,
    workers: 2,
    baseParams: ['minInitial=1'],
    params: ['ruinThreshold=0.002'],
    outDir: '/tmp/ab',
  };

  it('runs each arm for the time limit, arm B with its overrides after the base ones', () => {
    expect(abArgs(options, 'vrp.js', 'x.json', 3, 'A', 'a.json')).toEqual([
      'vrp.js',
      'solve',
      'x.json',
      '--time-limit',
      '10',
      '--seed',
      '3',
      '--workers',
      '2',
      '--out',
      'a.json',
      '--param',
      'minInitial=1',
    ]);
    expect(abArgs(options, 'vrp.js', 'x.json', 3, 'B', 'b.json').slice(-4)).toEqual([
      '--param',
      'minInitial=1',
      '--param',
      'ruinThreshold=0.002',
    ]);
  });

  it('gives arm B its own worker count when asked (2 workers against 1), arm A keeping the base one', () => {
    const o = { ...options, workersB: 1 };
    const at = (args: string[]): string => args[args.indexOf('--workers') + 1]!;
    expect(at(abArgs(o, 'vrp.js', 'x.json', 1, 'A', 'a.json'))).toBe('2');
    expect(at(abArgs(o, 'vrp.js', 'x.json', 1, 'B', 'b.json'))).toBe('1');
  });

  it("gives arm B its own exchange epoch when asked, arm A keeping the CLI's default", () => {
    const o = { ...options, epochB: 1000 };
    const a = abArgs(o, 'vrp.js', 'x.json', 1, 'A', 'a.json');
    const b = abArgs(o, 'vrp.js', 'x.json', 1, 'B', 'b.json');
    expect(a).not.toContain('--epoch');
    expect(b[b.indexOf('--epoch') + 1]).toBe('1000');
  });

  it("runs arm A with its own CLI when one is given (another commit's build), arm B with the default", () => {
    const o = { ...options, cliA: '/work/old/vrp.js' };
    expect(abArgs(o, 'vrp.js', 'x.json', 1, 'A', 'a.json')[0]).toBe('/work/old/vrp.js');
    expect(abArgs(o, 'vrp.js', 'x.json', 1, 'B', 'b.json')[0]).toBe('vrp.js');
  });

  it('runs a number of generations instead of the time limit when iterations are given', () => {
    const args = abArgs({ ...options, iterations: 200 }, 'vrp.js', 'x.json', 1, 'A', 'a.json');
    expect(args.slice(3, 5)).toEqual(['--iterations', '200']);
    expect(args).not.toContain('--time-limit');
  });
});
