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
