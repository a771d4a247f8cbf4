import { Problem } from './model/problem.js';
import { solveInThread } from './solve.js';
import { checkSolution } from './solution/check.js';
import { randomProblem } from './testing/randomProblem.js';

describe('solveInThread', () => {
  const problem = new Problem(randomProblem({ clients: 16, rich: true, seed: 5 }));

  it('is reproducible: same seed, iterations and islands give the same solution', () => {
    const run = () =>
      solveInThread(problem, {
        seed: 42,
        islands: 2,
        epochIterations: 10,
        stop: { maxIterations: 20 },
        timer: () => 0,
      });
    const a = run();
    const b = run();
    expect(a.iterations).toEqual([20, 20]);
    expect(Array.from(a.solution!.encode())).toEqual(Array.from(b.solution!.encode()));
    expect(a.solution!.objective).toBe(b.solution!.objective);
  });

  it('returns feasible solutions that pass the independent check', () => {
    const res = solveInThread(problem, { seed: 1, stop: { maxIterations: 15 }, timer: () => 0 });
    expect(res.solution!.feasible).toBe(true);
    expect(checkSolution(problem, res.solution!)).toEqual([]);
  });

  it('stops on the time limit of the injected timer', () => {
    let now = 0;
    const res = solveInThread(problem, {
      seed: 1,
      stop: { timeLimitMs: 1000 },
      // Every reading advances the fake clock by 10 ms.
      timer: () => (now += 10),
    });
    expect(res.iterations[0]).toBeLessThan(100);
    expect(res.solution).toBeDefined();
  });

  it('stops after maxNoImprovement generations without a new best', () => {
    const res = solveInThread(problem, { seed: 1, stop: { maxNoImprovement: 8 }, timer: () => 0 });
    expect(res.iterations[0]).toBeGreaterThanOrEqual(8);
  });

  it('is cancelled by an AbortSignal', () => {
    const aborted = new AbortController();
    aborted.abort();
    expect(() =>
      solveInThread(problem, {
        seed: 1,
        stop: { maxIterations: 1000 },
        timer: () => 0,
        signal: aborted.signal,
      }),
    ).toThrow(/abort/i);
    // Aborted mid-run (from the timer, the only code that runs during a solve in this thread).
    const ctl = new AbortController();
    let calls = 0;
    const timer = (): number => {
      if (++calls === 50) ctl.abort();
      return 0;
    };
    expect(() =>
      solveInThread(problem, {
        seed: 1,
        stop: { maxIterations: 100000, timeLimitMs: 1e12 },
        timer,
        signal: ctl.signal,
      }),
    ).toThrow(/abort/i);
  });
});
