/**
 * The Piscina worker: runs one island of the hybrid genetic search. Between epochs it posts its best solution
 * on its MessagePort; with exchange 'rounds' it then waits for the other islands' bests (the coordinator
 * answers once every running island has reported the same round), so exchanges happen at fixed iteration
 * counts; with 'async' (time-limited runs) it takes the bests that have arrived so far and goes on.
 *
 * Nothing leaves this thread transferred: bests and the answer are copied (a few kB). Transferring an
 * ArrayBuffer detaches it, and the first detach in a thread invalidates V8's array-buffer-detaching
 * protector there: every optimised function that reads a typed array is thrown away, and from then on checks
 * for detached buffers on each read. That cost the search a fifth of its generations (docs/solver.md,
 * "Parallel islands", session 64).
 */
import { IslandRunner, Problem } from '@fleet/solver';
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import {
  absoluteNow,
  packOutcome,
  type BestsMessage,
  type IslandTask,
  type RoundMessage,
} from './protocol.js';

function nextMessage(port: MessagePort): Promise<BestsMessage> {
  return new Promise((resolve) => port.once('message', (m: BestsMessage) => resolve(m)));
}

/**
 * The island of this thread's last whole-problem task of a decomposing solve (IslandTask.solveKey), kept for
 * that solve's polish task: building the whole problem's island again took 33 to 207 ms at 373 to 558 clients,
 * as long as the polish itself, and sometimes ran past the deadline (docs/solver.md, "Decomposition across
 * workers", session 68). One per thread: a task of another solve (or of none) drops it, and so does the polish.
 */
let kept: { readonly key: number; readonly runner: IslandRunner } | undefined;

export default async function runIsland(task: IslandTask): Promise<Float64Array> {
  return task.polish ? polishTask(task) : searchTask(task);
}

/** IslandTask.polish: the kept island (else a new one) polishes `initial` until the deadline. */
function polishTask(task: IslandTask): Float64Array {
  const startedAt = absoluteNow();
  const own = kept !== undefined && kept.key === task.solveKey ? kept.runner : undefined;
  kept = undefined;
  const runner = own ?? newRunner(task);
  const setupMs = absoluteNow() - startedAt;
  const flag = task.stopFlag;
  const deadline = task.deadline;
  if (task.initial)
    runner.polishPlan(
      task.initial,
      () => Atomics.load(flag, 0) !== 0 || (deadline !== undefined && absoluteNow() >= deadline),
    );
  return outcome(task, runner, startedAt, setupMs);
}

function newRunner(task: IslandTask): IslandRunner {
  const problem = new Problem(task.spec, task.problemOptions);
  const now = absoluteNow();
  const stop =
    task.deadline !== undefined ? { ...task.stop, timeLimitMs: Math.max(0, task.deadline - now) } : task.stop;
  const flag = task.stopFlag;
  const handover = task.handoverFlag;
  return new IslandRunner(
    problem,
    task.index,
    task.seed,
    stop,
    absoluteNow,
    () => Atomics.load(flag, 0) !== 0 || (handover !== undefined && Atomics.load(handover, 0) !== 0),
    task.params,
    undefined,
    now,
  );
}

async function searchTask(task: IslandTask): Promise<Float64Array> {
  const startedAt = absoluteNow();
  if (kept !== undefined && kept.key !== task.solveKey) kept = undefined;
  const runner = newRunner(task);
  if (task.initial) runner.receive([task.initial]);
  const setupMs = absoluteNow() - startedAt;
  const port = task.port;
  try {
    for (;;) {
      const done = runner.runEpoch(task.epochIterations);
      if (port && task.islands > 1) {
        const best = runner.share();
        const msg: RoundMessage = { index: task.index, done, best };
        port.postMessage(msg);
        if (done) break;
        if (task.exchange === 'async') {
          // Whatever the others have sent since the last epoch, without waiting.
          const others: Int32Array[] = [];
          for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port))
            others.push(...(m.message as BestsMessage).others);
          runner.receive(others);
          continue;
        }
        const reply = await nextMessage(port);
        runner.receive(reply.others);
        if (handsOver(task, runner)) break;
      } else if (done) break;
    }
  } finally {
    port?.close();
  }
  // The whole problem's islands of a decomposing solve are the tasks with a handover flag (parts have none).
  if (task.solveKey !== undefined && task.handoverFlag !== undefined) kept = { key: task.solveKey, runner };
  return outcome(task, runner, startedAt, setupMs);
}

/** Whether an island of an iteration-limited decomposing solve hands over now (IslandTask.handoverIterations). */
function handsOver(task: IslandTask, runner: IslandRunner): boolean {
  const at = task.handoverIterations;
  if (at === undefined || runner.island.iterations < at) return false;
  const best = runner.island.best;
  return best !== undefined && best.numRouted === runner.island.problem.numClients;
}

/** The island's answer, packed to be copied back. */
function outcome(task: IslandTask, runner: IslandRunner, startedAt: number, setupMs: number): Float64Array {
  const sol = runner.island.result();
  const packed = packOutcome({
    index: task.index,
    iterations: runner.island.iterations,
    solution: sol ? sol.encode() : null,
    feasible: sol?.feasible ?? false,
    objective: sol?.objective ?? Infinity,
    startedAt,
    setupMs,
    elapsedMs: absoluteNow() - startedAt,
  });
  return packed;
}
