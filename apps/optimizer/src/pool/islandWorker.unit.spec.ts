import { lineSpec } from '@fleet/solver/testing/lineProblem';
import { randomProblem } from '@fleet/solver/testing/randomProblem';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import runIsland from './islandWorker.js';
import { unpackOutcome, type IslandTask, type RoundMessage } from './protocol.js';

/**
 * The worker function run in the test's thread: nothing it hands out is transferred. A transfer detaches an
 * ArrayBuffer, and the first detach in a thread makes V8 discard the optimised code that reads typed arrays
 * (docs/solver.md, "Parallel islands", session 64), so every best posted and the answer are copies.
 */
describe('runIsland: posts and answers by copy', () => {
  it('never gives postMessage a transfer list, and returns a plain Float64Array', async () => {
    const spec = randomProblem({ clients: 30, rich: false, seed: 3 });
    const { port1, port2 } = new MessageChannel();
    const transfers: unknown[] = [];
    const bests: Int32Array[] = [];
    const post = port2.postMessage.bind(port2);
    // Records each post's arguments, then posts as the worker would.
    (port2 as { postMessage: MessagePort['postMessage'] }).postMessage = (msg: unknown, transfer?) => {
      transfers.push(transfer);
      const best = (msg as RoundMessage).best;
      if (best) bests.push(best);
      post(msg);
    };
    const task: IslandTask = {
      spec,
      index: 0,
      islands: 2,
      seed: 1,
      stop: { maxIterations: 6 },
      epochIterations: 2,
      exchange: 'async',
      stopFlag: new Int32Array(new SharedArrayBuffer(4)),
      port: port2,
    };
    const out = await runIsland(task);
    port1.close();
    // Five posts: after the initial population, after each of three epochs of two generations, and done.
    expect(transfers).toHaveLength(5);
    expect(transfers.every((t) => t === undefined)).toBe(true);
    expect(bests.length).toBeGreaterThan(0);
    // Each posted best is still readable here: it was copied, not detached.
    for (const b of bests) expect(b.buffer.byteLength).toBeGreaterThan(0);
    expect(out).toBeInstanceOf(Float64Array);
    const outcome = unpackOutcome(out);
    expect(outcome.iterations).toBe(6);
    expect(outcome.solution).not.toBeNull();
  });
});

/**
 * A polish task (IslandTask.polish, a decomposition's last step): depot 0 and required clients c1, c2, c3 at
 * nodes 1, 2, 3 of the line (node i at 10 i), one vehicle. The given plan c3, c1, c2 drives 30 + 20 + 10 + 20 =
 * 80; the polish puts it in line order, 10 + 10 + 10 + 30 = 60, or the reverse, 30 + 10 + 10 + 10 = 60, and
 * runs no generation.
 */
describe('runIsland: a polish task', () => {
  it('returns the given plan polished, after no generation', async () => {
    const clients = [1, 2, 3].map((i) => ({ id: `c${i}`, delivery: [1], service: 0, required: true }));
    const task: IslandTask = {
      spec: lineSpec(clients, [10], 1000),
      index: 0,
      islands: 1,
      seed: 1,
      stop: { timeLimitMs: 10_000 },
      epochIterations: 1,
      exchange: 'async',
      stopFlag: new Int32Array(new SharedArrayBuffer(4)),
      initial: Int32Array.from([1, 0, 3, 3, 1, 2]),
      polish: true,
    };
    const outcome = unpackOutcome(await runIsland(task));
    expect(outcome.iterations).toBe(0);
    expect(outcome.feasible).toBe(true);
    expect(outcome.objective).toBe(60);
    // One route of vehicle 0 with the three clients, in either order along the line.
    const [head, visits] = [
      Array.from(outcome.solution!.subarray(0, 3)),
      Array.from(outcome.solution!.subarray(3)),
    ];
    expect(head).toEqual([1, 0, 3]);
    expect([
      [1, 2, 3],
      [3, 2, 1],
    ]).toContainEqual(visits);
  });
});

/**
 * The island kept for a polish (islandWorker.ts `kept`): a whole-problem task of a decomposing solve (a
 * solveKey and a handover flag) leaves its island to that solve's polish task, which reports the island's
 * generations; a polish without it builds a new island, which has run none.
 */
describe('runIsland: the island kept for the polish of the same solve', () => {
  const spec = randomProblem({ clients: 30, rich: false, seed: 4 });
  const base = {
    spec,
    index: 0,
    islands: 1,
    seed: 1,
    epochIterations: 1,
    exchange: 'async' as const,
    stopFlag: new Int32Array(new SharedArrayBuffer(4)),
  };
  const search = async (solveKey?: number): Promise<Int32Array> => {
    const task: IslandTask = {
      ...base,
      stop: { maxIterations: 3 },
      handoverFlag: new Int32Array(new SharedArrayBuffer(4)),
      ...(solveKey !== undefined ? { solveKey } : {}),
    };
    const out = unpackOutcome(await runIsland(task));
    expect(out.iterations).toBe(3);
    return out.solution!;
  };
  const polish = async (initial: Int32Array, solveKey: number): Promise<number> => {
    const task: IslandTask = { ...base, stop: { timeLimitMs: 10_000 }, initial, polish: true, solveKey };
    const out = unpackOutcome(await runIsland(task));
    expect(out.solution).not.toBeNull();
    return out.iterations;
  };

  it('polishes with the kept island once, then with a new one', async () => {
    const plan = await search(7);
    expect(await polish(plan, 7)).toBe(3);
    expect(await polish(plan, 7)).toBe(0);
  });

  it('drops the kept island for a polish of another solve, or after a task of another solve', async () => {
    const plan = await search(8);
    expect(await polish(plan, 9)).toBe(0);
    await search(10);
    await search();
    expect(await polish(plan, 10)).toBe(0);
  });
});
