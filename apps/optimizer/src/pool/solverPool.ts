import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { ValidationError } from '@fleet/core';
import {
  DEFAULT_ASYNC_EPOCH_ITERATIONS,
  DEFAULT_GENETIC_PARAMS,
  DEFAULT_EPOCH_ITERATIONS,
  Problem,
  validateSpec,
  decodeRoutes,
  evaluateRoutes,
  hasLimit,
  pickBest,
  type GeneticParams,
  type ProblemSpec,
  type Solution,
  type StopCriteria,
} from '@fleet/solver';
import { Piscina } from 'piscina';
import {
  absoluteNow,
  unpackOutcome,
  type BestsMessage,
  type IslandTask,
  type RoundMessage,
} from './protocol.js';
import {
  decompositionRounds,
  polishReserveMs,
  polishesJoined,
  decomposes,
  iterationBudget,
  roundsAfter,
  partProblemOptions,
  partParams,
  servedCount,
  type PartRunner,
} from './decomposition.js';
import { shareSpec } from './shared.js';
import { roundEvent, sinceMs, type SolveTrace } from './trace.js';

export interface PoolOptions {
  /** Worker threads (default: available parallelism). */
  readonly threads?: number;
  /** Tasks waiting beyond the running ones; further `solve` calls are rejected (default 4 x threads). */
  readonly maxQueue?: number;
  /**
   * Start every thread now and keep them between solves (default false: threads start with the first solve
   * and leave after 30 s idle). A command that loads an instance first gains the threads' start-up (module
   * loading) by creating the pool before loading.
   */
  readonly warm?: boolean;
}

export interface PoolSolveOptions {
  readonly seed: number;
  /** Islands to run (capped by the pool's threads: each island holds a thread for the whole solve). */
  readonly workers: number;
  readonly stop: StopCriteria;
  readonly epochIterations?: number;
  readonly params?: GeneticParams;
  readonly signal?: AbortSignal;
  /** Called with each step of a decomposing solve (trace.ts); a solve that does not decompose reports none. */
  readonly onTrace?: (event: SolveTrace) => void;
}

export interface PoolSolveResult {
  readonly problem: Problem;
  readonly solution: Solution | undefined;
  readonly iterations: readonly number[];
  readonly islands: number;
  readonly elapsedMs: number;
  /**
   * Per island, ms: `waited` from the solve's start until its worker took the task (thread start-up), `setup`
   * building its Problem and neighbourhoods, `run` from taking the task to its answer. With 2 islands on 2
   * cores each island runs slower than one alone (docs/solver.md, "Parallel islands"): these show by how much.
   */
  readonly islandTimes: readonly { readonly waited: number; readonly setup: number; readonly run: number }[];
  /** Decomposition rounds run after the islands handed over (0 when the solve did not decompose). */
  readonly rounds: number;
}

function workerUrl(): URL {
  const url = new URL('./islandWorker.js', import.meta.url);
  if (existsSync(fileURLToPath(url))) return url;
  // Running from the TypeScript sources (tests): use the built worker.
  return pathToFileURL(fileURLToPath(url).replace(/\/src\/pool\//, '/dist/pool/'));
}

/**
 * The solver pool: one Piscina pool per process whose workers each run one island of a solve. A solve with
 * W islands takes W threads for its whole duration; its islands trade their best solutions at fixed
 * iteration epochs through MessagePorts (the coordinator below waits for every running island of a round
 * before answering, which keeps iteration-limited runs reproducible). The problem's matrices are shared, not
 * copied; the small messages (encoded bests, answers) are copied, never transferred (islandWorker.ts).
 */
export class SolverPool {
  private readonly piscina: Piscina<IslandTask, Float64Array>;
  readonly threads: number;
  /** Solves begun: each decomposing solve's tasks carry its number (IslandTask.solveKey). */
  private solves = 0;

  constructor(options: PoolOptions = {}) {
    this.threads = Math.max(1, options.threads ?? availableParallelism());
    this.piscina = new Piscina<IslandTask, Float64Array>({
      filename: workerUrl().href,
      minThreads: options.warm === true ? this.threads : 0,
      maxThreads: this.threads,
      maxQueue: options.maxQueue ?? 4 * this.threads,
      idleTimeout: 30_000,
      // The worker is a long CPU-bound loop that awaits messages: no atomics wait between tasks.
      atomics: 'disabled',
    });
  }

  get queueSize(): number {
    return this.piscina.queueSize;
  }

  async solve(spec: ProblemSpec, options: PoolSolveOptions): Promise<PoolSolveResult> {
    if (!hasLimit(options.stop))
      throw new ValidationError('a stop criterion is required', { stop: 'missing' });
    const started = absoluteNow();
    const shared = shareSpec(spec);
    // What the Problem below would reject, before any island starts.
    validateSpec(shared);
    const islands = Math.max(1, Math.min(options.workers, this.threads));
    const stopFlag = new Int32Array(new SharedArrayBuffer(4));
    const signal = options.signal;
    if (signal?.aborted) throw abortReason(signal);
    const onAbort = (): void => {
      Atomics.store(stopFlag, 0, 1);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const deadline = options.stop.timeLimitMs !== undefined ? started + options.stop.timeLimitMs : undefined;
    const ports = islands > 1 ? Array.from({ length: islands }, () => new MessageChannel()) : [];
    // Reproducibility is promised for iteration-limited runs only; a time-limited one need not wait at rounds.
    const exchange = options.stop.maxIterations === undefined && deadline !== undefined ? 'async' : 'rounds';
    const epoch = Math.max(
      1,
      options.epochIterations ??
        (exchange === 'async' ? DEFAULT_ASYNC_EPOCH_ITERATIONS : DEFAULT_EPOCH_ITERATIONS),
    );
    // Decomposition (decomposition.ts): once the time is past `decomposeAfter` of the limit and some island's best
    // serves every client, the islands are told to hand over (a flag they poll like the stop flag) and the rest of
    // the time goes to rounds over parts of the plan.
    const params = options.params ?? DEFAULT_GENETIC_PARAMS;
    const limit = options.stop.timeLimitMs;
    const decompose = exchange === 'async' && decomposes(params, shared, islands, limit !== undefined);
    // An iteration-limited solve (maxIterations alone) decomposes too, counted in generations (iterationBudget), so
    // that it stays reproducible and runs the algorithm a time-limited one does.
    const stop = options.stop;
    const byIterations =
      exchange === 'rounds' &&
      stop.maxIterations !== undefined &&
      stop.timeLimitMs === undefined &&
      stop.maxNoImprovement === undefined &&
      decomposes(params, shared, islands, true);
    const budget = byIterations ? iterationBudget(params, stop.maxIterations) : undefined;
    const handover = new Int32Array(new SharedArrayBuffer(4));
    const solveKey = decompose ? ++this.solves : undefined;
    const handoverAt = decompose ? started + params.decomposeAfter * limit! : Infinity;
    let servedAll = false;
    // Set by the timer: a timer may fire a fraction of a millisecond before performance.now() reaches its time.
    let due = false;
    const handOverWhenDue = (): void => {
      if (servedAll && (due || absoluteNow() >= handoverAt)) Atomics.store(handover, 0, 1);
    };
    const onBest = decompose
      ? (best: Int32Array): void => {
          if (!servedAll && servedCount(best) === shared.clients.length) servedAll = true;
          handOverWhenDue();
        }
      : undefined;
    const handoverTimer = decompose
      ? setTimeout(
          () => {
            due = true;
            handOverWhenDue();
          },
          Math.max(0, handoverAt - absoluteNow()),
        )
      : undefined;
    const coordinator =
      islands > 1
        ? coordinate(
            ports.map((c) => c.port1),
            exchange,
            onBest,
          )
        : Promise.resolve();
    try {
      const tasks = Array.from({ length: islands }, (_, index) => {
        const port = ports[index]?.port2;
        const task: IslandTask = {
          spec: shared,
          index,
          islands,
          seed: options.seed,
          stop: options.stop,
          ...(budget !== undefined ? { handoverIterations: budget.whole } : {}),
          ...(deadline !== undefined ? { deadline } : {}),
          epochIterations: epoch,
          exchange,
          ...(options.params ? { params: options.params } : {}),
          stopFlag,
          ...(decompose ? { handoverFlag: handover, solveKey } : {}),
          ...(port ? { port } : {}),
        };
        return this.piscina.run(task, { transferList: port ? [port] : [] });
      });
      // Built once the islands are on their way: they build their own, and this one is only needed for the answer
      // (0.2 s at 824 clients, which the islands would otherwise wait for).
      const problem = new Problem(shared);
      const outcomes = (await Promise.all(tasks)).map(unpackOutcome);
      await coordinator;
      if (signal?.aborted) throw abortReason(signal);
      // Every island's answer is evaluated here again (windows chosen afresh), and the best of those is taken:
      // should one island's plan not survive the trip, another island's still counts.
      const ordered = [...outcomes].sort((a, b) => a.index - b.index);
      let solution = pickBest(
        ordered.map((o) => (o.solution ? evaluateRoutes(problem, decodeRoutes(o.solution)) : undefined)),
      );
      const iterations = ordered.map((o) => o.iterations);
      let rounds = 0;
      const handedOver = Atomics.load(handover, 0) === 1 && deadline !== undefined;
      // Islands of an iteration-limited solve that handed over stopped before their limit (handoverIterations).
      const max = stop.maxIterations;
      const handedOverAt =
        budget !== undefined && max !== undefined && iterations.every((n) => n < max)
          ? Math.max(...iterations)
          : undefined;
      if (handedOver || handedOverAt !== undefined) {
        const aborted = (): boolean => Atomics.load(stopFlag, 0) !== 0;
        if (solution?.feasible === true && solution.numRouted === problem.numClients) {
          const trace = options.onTrace;
          trace?.({
            kind: 'handover',
            atMs: sinceMs(absoluteNow(), started),
            objective: solution.objective,
            served: solution.numRouted,
          });
          const run = this.partRunner(problem, options.seed, islands, params, stopFlag, solveKey);
          // The parts are cut from the shared spec, whose matrices are already compact (shareSpec), so a part's
          // Problem need not compact its own: 1 to 3 ms per part of 270 clients instead of 3 to 25 (session 64).
          const reserve = handedOver ? polishReserveMs(params, limit!, problem.numClients) : 0;
          // A time-limited polish also needs the time kept for it (none left at a very short limit).
          const polish = polishesJoined(params) && (!handedOver || reserve > 0);
          const r = await decompositionRounds(
            problem,
            shared,
            solution,
            islands,
            handedOverAt !== undefined
              ? roundsAfter(params, max!, handedOverAt)
              : {
                  deadline: deadline! - reserve,
                  roundMs: params.decomposeRoundMs,
                  ...(params.decomposeStretch ? { iterations: params.decomposeRoundIterations } : {}),
                },
            options.seed,
            run,
            aborted,
            trace && ((t) => trace(roundEvent(t, started))),
          );
          solution = r.solution;
          rounds = r.rounds;
          // The joined plan, which no part has searched whole, gets the islands' final polish. An
          // iteration-limited solve polishes on a new island (not on the one a worker kept: which worker takes the
          // task is not reproducible).
          if (polish && !aborted()) {
            const polishedAt = absoluteNow();
            const polished = await this.polishPlan(
              problem,
              shared,
              solution,
              options.seed,
              params,
              deadline,
              stopFlag,
              handedOver ? solveKey : undefined,
            );
            trace?.({
              kind: 'polish',
              atMs: sinceMs(polishedAt, started),
              endMs: sinceMs(absoluteNow(), started),
              before: solution.objective,
              after: polished?.objective ?? null,
            });
            solution = pickBest([solution, polished]);
          }
          r.iterations.forEach((n, i) => (iterations[i] = iterations[i]! + n));
        } else if (solution !== undefined) {
          // Handed over on a plan that turned out not to serve everyone feasibly: the islands go on from it.
          const rest: PoolSolveOptions =
            handedOverAt !== undefined
              ? { ...options, stop: { maxIterations: max! - handedOverAt } }
              : options;
          const again = await this.fromPlan(shared, solution, islands, rest, deadline, epoch, stopFlag);
          solution = pickBest([solution, again.solution]);
          again.iterations.forEach((n, i) => (iterations[i] = iterations[i]! + n));
        }
        if (signal?.aborted) throw abortReason(signal);
      }
      return {
        problem,
        solution,
        iterations,
        rounds,
        islands,
        elapsedMs: absoluteNow() - started,
        islandTimes: [...outcomes]
          .sort((a, b) => a.index - b.index)
          .map((o) => ({ waited: o.startedAt - started, setup: o.setupMs, run: o.elapsedMs })),
      };
    } catch (err) {
      Atomics.store(stopFlag, 0, 1);
      throw err;
    } finally {
      clearTimeout(handoverTimer);
      signal?.removeEventListener('abort', onAbort);
      for (const c of ports) c.port1.close();
    }
  }

  /**
   * Runs the parts of a decomposition round, one task each (the part's spec is copied, not shared: it is small).
   * A part reads speed factors as the whole problem does (ProblemOptions.scaledCopies).
   */
  private partRunner(
    whole: Problem,
    seed: number,
    islands: number,
    params: GeneticParams,
    stopFlag: Int32Array,
    solveKey: number | undefined,
  ): PartRunner {
    const own = partParams(params);
    const problemOptions = partProblemOptions(whole);
    return async (spec, initial, part, partSeed, limit) => {
      const task: IslandTask = {
        spec,
        index: part,
        islands: 1,
        seed: partSeed + seed * islands,
        ...('deadline' in limit
          ? { stop: { timeLimitMs: Math.max(0, limit.deadline - absoluteNow()) }, deadline: limit.deadline }
          : { stop: { maxIterations: limit.iterations } }),
        epochIterations: DEFAULT_ASYNC_EPOCH_ITERATIONS,
        exchange: 'async',
        params: own,
        problemOptions,
        stopFlag,
        initial,
        ...(solveKey !== undefined ? { solveKey } : {}),
      };
      const o = unpackOutcome(await this.piscina.run(task));
      return {
        routes: o.solution && o.feasible ? decodeRoutes(o.solution) : undefined,
        iterations: o.iterations,
        setupMs: o.setupMs,
      };
    };
  }

  /**
   * `plan` polished by one worker until `deadline` (IslandTask.polish), with the island it kept from the solve's
   * search when it has it: the decomposition's last step. Returns the polished plan when it is feasible.
   */
  private async polishPlan(
    problem: Problem,
    spec: ProblemSpec,
    plan: Solution,
    seed: number,
    params: GeneticParams,
    deadline: number | undefined,
    stopFlag: Int32Array,
    solveKey: number | undefined,
  ): Promise<Solution | undefined> {
    const task: IslandTask = {
      spec,
      index: 0,
      islands: 1,
      seed,
      // Without a deadline (an iteration-limited solve) the polish runs its local search to the end.
      ...(deadline !== undefined
        ? { stop: { timeLimitMs: Math.max(0, deadline - absoluteNow()) }, deadline }
        : { stop: { maxIterations: 0 } }),
      epochIterations: DEFAULT_ASYNC_EPOCH_ITERATIONS,
      exchange: 'async',
      params,
      stopFlag,
      initial: plan.encode(),
      polish: true,
      ...(solveKey !== undefined ? { solveKey } : {}),
    };
    const o = unpackOutcome(await this.piscina.run(task));
    return o.solution && o.feasible ? evaluateRoutes(problem, decodeRoutes(o.solution)) : undefined;
  }

  /** Islands on the whole problem from `plan` until `deadline`, without exchange: the fallback of a handover. */
  private async fromPlan(
    spec: ProblemSpec,
    plan: Solution,
    islands: number,
    options: PoolSolveOptions,
    deadline: number | undefined,
    epoch: number,
    stopFlag: Int32Array,
  ): Promise<{ solution: Solution | undefined; iterations: number[] }> {
    const initial = plan.encode();
    const problem = new Problem(spec);
    const outcomes = await Promise.all(
      Array.from({ length: islands }, (_, index) => {
        const task: IslandTask = {
          spec,
          index,
          islands: 1,
          seed: options.seed + 7919,
          stop: options.stop,
          ...(deadline !== undefined ? { deadline } : {}),
          epochIterations: epoch,
          exchange: 'async',
          ...(options.params ? { params: options.params } : {}),
          stopFlag,
          initial,
        };
        return this.piscina.run(task).then(unpackOutcome);
      }),
    );
    const solution = pickBest(
      outcomes.map((o) => (o.solution ? evaluateRoutes(problem, decodeRoutes(o.solution)) : undefined)),
    );
    return { solution, iterations: outcomes.map((o) => o.iterations) };
  }

  async close(): Promise<void> {
    await this.piscina.close();
  }
}

/**
 * 'rounds': waits until every island still running has posted the round, then sends each of them the other
 * islands' new bests of that round (in island order). 'async': forwards each new best to the other running
 * islands as soon as it arrives. Islands that posted `done` leave.
 */
function coordinate(
  ports: readonly MessagePort[],
  exchange: 'rounds' | 'async',
  onBest?: (best: Int32Array) => void,
): Promise<void> {
  return new Promise((resolve) => {
    const n = ports.length;
    const active = new Set<number>(Array.from({ length: n }, (_, i) => i));
    let round = new Map<number, RoundMessage>();
    const forward = (i: number, m: RoundMessage): void => {
      if (m.done) active.delete(i);
      if (m.best && onBest) onBest(m.best);
      if (m.best)
        for (const j of active) {
          if (j === i) continue;
          const reply: BestsMessage = { others: [m.best] };
          ports[j]!.postMessage(reply);
        }
      if (active.size === 0) resolve();
    };
    const flush = (): void => {
      if (round.size < active.size) return;
      const msgs = round;
      round = new Map();
      for (const [i, m] of msgs) if (m.done) active.delete(i);
      for (const i of active) {
        const others: Int32Array[] = [];
        for (let j = 0; j < n; j++) {
          const b = j === i ? null : (msgs.get(j)?.best ?? null);
          if (b) others.push(b);
        }
        const reply: BestsMessage = { others };
        ports[i]!.postMessage(reply);
      }
      if (active.size === 0) resolve();
    };
    ports.forEach((p, i) => {
      p.on('message', (m: RoundMessage) => {
        if (exchange === 'async') return forward(i, m);
        round.set(i, m);
        flush();
      });
      p.on('close', () => {
        if (!round.has(i) && active.has(i)) {
          active.delete(i);
          if (exchange === 'rounds') flush();
        }
        if (active.size === 0) resolve();
      });
    });
  });
}

function abortReason(signal: AbortSignal): Error {
  const r: unknown = signal.reason;
  if (r instanceof Error) return r;
  const e = new Error('The solve was aborted');
  e.name = 'AbortError';
  return e;
}

let processPool: SolverPool | undefined;

/** The process-wide pool (created on first use with these options). */
export function solverPool(options: PoolOptions = {}): SolverPool {
  processPool ??= new SolverPool(options);
  return processPool;
}

/** Closes the process-wide pool, if any. */
export async function closeSolverPool(): Promise<void> {
  const p = processPool;
  processPool = undefined;
  await p?.close();
}
