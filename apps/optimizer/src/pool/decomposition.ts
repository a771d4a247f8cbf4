import {
  BREAK,
  decodeRoutes,
  encodeRoutes,
  evaluateRoutes,
  splitByAngle,
  subProblem,
  type GeneticParams,
  type Problem,
  type ProblemOptions,
  type ProblemSpec,
  type Solution,
  type SolutionRoute,
} from '@fleet/solver';
import { absoluteNow } from './protocol.js';

/** A round shorter than this is not started: building the parts' problems takes 30 to 60 ms at 900 clients. */
const MIN_ROUND_MS = 300;
/**
 * The cut turns by the golden angle from one round to the next (splitByAngle reads it as a share of the circle of
 * clients), so that successive rounds cut in different places.
 */
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * Whether a solve decomposes (GeneticParams.decomposeFrom): time-limited (or iteration-limited alone, counted in
 * generations: iterationBudget), two islands or more, a problem of at
 * least `decomposeFrom` clients of which some are optional. Where every client is required (Solomon, VRPLIB) the
 * islands search by crossovers, which a part started from one plan cannot feed: those solves do not decompose.
 */
export function decomposes(
  params: GeneticParams,
  spec: ProblemSpec,
  islands: number,
  limited: boolean,
): boolean {
  return (
    limited &&
    islands > 1 &&
    spec.clients.length >= params.decomposeFrom &&
    spec.clients.some((c) => !c.required)
  );
}

/**
 * The search parameters of a part: it starts from the plan it is given (one initial solution, the given one), is
 * searched as the whole is once every client is served (the rules of problems above `largeClients`), and skips
 * the final polish, which the round's time would pay for every part.
 */
export function partParams(params: GeneticParams): GeneticParams {
  return {
    ...params,
    initialClients: 1,
    minInitial: 1,
    largeClients: 0,
    ruinPromisingFrom: 0,
    swapStarUpTo: 0,
    repairAgainFrom: 0,
    finalNeighbours: 0,
  };
}

/**
 * How a part's worker builds the part's Problem: reading speed factors as the whole problem does (scaled copies
 * or the shared matrix through the factors, ProblemOptions.scaledCopies), whatever the part's size, so that the
 * worker's islands and parts run one set of search classes.
 */
export function partProblemOptions(whole: Problem): ProblemOptions {
  return { scaledCopies: whole.scaledCopies };
}

/** Time kept at the end of a decomposition for the joined plan's polish: this much, plus per client, at most a tenth. */
const POLISH_MS = 20;
const POLISH_MS_PER_CLIENT = 0.15;

/** Whether a decomposition ends with the polish of its joined plan (GeneticParams.decomposePolish, finalNeighbours). */
export function polishesJoined(params: GeneticParams): boolean {
  return params.decomposePolish && params.finalNeighbours > 0;
}

/**
 * The time a decomposition keeps for its last step, the pool's polish of the joined plan (the islands' final
 * polish on the whole problem: its wider neighbour lists, the moves between parts and SWAP*, which parts skip).
 * None when that is off (GeneticParams.decomposePolish, or finalNeighbours 0). With the island each worker kept
 * from the solve's search (islandWorker.ts), the polish took 40 to 88 ms at 373 to 558 clients (session 68).
 */
export function polishReserveMs(params: GeneticParams, limitMs: number, clients: number): number {
  if (!polishesJoined(params)) return 0;
  return Math.min(0.1 * limitMs, POLISH_MS + POLISH_MS_PER_CLIENT * clients);
}

/** Clients served by an encoded plan (Solution.encode): its visits but the break markers. */
export function servedCount(encoded: Int32Array): number {
  let served = 0;
  for (const r of decodeRoutes(encoded)) for (const u of r.visits) if (u !== BREAK) served++;
  return served;
}

/** How long a part runs: until a deadline (absoluteNow() ms), or for a number of generations (reproducible). */
export type PartLimit = { readonly deadline: number } | { readonly iterations: number };

/**
 * Runs one part (a problem of its own) from `initial` for `limit`; resolves to its best plan's routes, its
 * generations and, when known, the ms its worker spent building the part's problem and island.
 */
export type PartRunner = (
  spec: ProblemSpec,
  initial: Int32Array,
  part: number,
  seed: number,
  limit: PartLimit,
) => Promise<{
  readonly routes: readonly SolutionRoute[] | undefined;
  readonly iterations: number;
  readonly setupMs?: number;
}>;

/** One part of a round, as the trace reports it. */
export interface PartTrace {
  readonly clients: number;
  readonly routes: number;
  readonly iterations: number;
  /** ms its worker spent building the part's Problem and island (undefined when the runner does not say). */
  readonly setupMs: number | undefined;
  /** Whether the part came back with a plan serving all its clients (else its routes were kept). */
  readonly searched: boolean;
}

/** One decomposition round, as the trace reports it (PoolSolveOptions.onTrace). Times are absoluteNow() ms. */
export interface RoundTrace {
  /** 1 for the first round. */
  readonly round: number;
  readonly startedAt: number;
  readonly endedAt: number;
  /** Objective of the plan the round split, and of the plan its parts joined into. */
  readonly before: number;
  readonly joined: number;
  /** Whether the joined plan replaced the plan (feasible and no worse). */
  readonly accepted: boolean;
  readonly parts: readonly PartTrace[];
}

export interface RoundsResult {
  readonly solution: Solution;
  readonly rounds: number;
  /** Generations per part index, summed over the rounds. */
  readonly iterations: number[];
}

/**
 * The rounds' budget: until `deadline` in rounds of `roundMs` (a time-limited solve), or `rounds` rounds of
 * `perRound` generations per part, the last one `last` (an iteration-limited one, reproducible).
 */
export type RoundBudget =
  | {
      readonly deadline: number;
      readonly roundMs: number;
      /**
       * Generations each part should make in a round (GeneticParams.decomposeRoundIterations): when the parts of
       * a round made fewer, the next round is longer in proportion, up to `MAX_ROUND_STRETCH` times `roundMs`.
       */
      readonly iterations?: number;
    }
  | { readonly rounds: number; readonly perRound: number; readonly last: number };

/**
 * How much longer than `roundMs` a time-limited round may grow for its parts to make their generations. Parts
 * restarted more often than every 250 generations lose per generation (+1.13 % at 125, session 70), and a slow
 * day makes about half a fast day's 200 to 400 generations per part in 1 s.
 */
const MAX_ROUND_STRETCH = 3;

/**
 * How an iteration-limited solve of `maxIterations` generations per island decomposes
 * (GeneticParams.decomposeWholeIterations, decomposeRoundIterations): at least `whole` generations per island on
 * the whole problem, then rounds of `perRound` generations per part, the last taking the remainder. Undefined
 * when fewer than one round's generations would be left: the islands then run the whole limit on the whole
 * problem.
 */
export function iterationBudget(
  params: GeneticParams,
  maxIterations: number,
):
  | { readonly whole: number; readonly rounds: number; readonly perRound: number; readonly last: number }
  | undefined {
  const whole = Math.max(1, Math.min(maxIterations, Math.round(params.decomposeWholeIterations)));
  const rounds = roundsAfter(params, maxIterations, whole);
  return rounds.last >= rounds.perRound ? { whole, ...rounds } : undefined;
}

/**
 * The rounds of an iteration-limited solve whose islands handed over after `at` of their `maxIterations`
 * generations (the first exchange round at or after `whole` where the best plan served every client): rounds of
 * `perRound` generations per part, the last taking the remainder; one shorter round when less than `perRound`
 * is left, none when nothing is.
 */
export function roundsAfter(
  params: GeneticParams,
  maxIterations: number,
  at: number,
): { readonly rounds: number; readonly perRound: number; readonly last: number } {
  const perRound = Math.max(1, Math.round(params.decomposeRoundIterations));
  const rest = Math.max(0, maxIterations - at);
  if (rest < perRound) return { rounds: rest > 0 ? 1 : 0, perRound, last: rest };
  const rounds = Math.floor(rest / perRound);
  return { rounds, perRound, last: perRound + (rest - rounds * perRound) };
}

/**
 * Decomposition rounds for `budget`: each splits the plan's routes by angle into `parts` parts
 * (splitByAngle, the cut turned by the golden angle each round), runs every part as a problem of its own
 * (subProblem) at once, and joins the parts' best plans. A part keeps its own clients on its own vehicles, so
 * the joined plan serves what `start` serves and costs the sum of its parts; it replaces the plan when it is
 * feasible and no worse. A part whose search ends without a plan serving all its clients keeps its routes.
 */
export async function decompositionRounds(
  problem: Problem,
  spec: ProblemSpec,
  start: Solution,
  parts: number,
  budget: RoundBudget,
  seed: number,
  runPart: PartRunner,
  aborted: () => boolean,
  onRound?: (trace: RoundTrace) => void,
): Promise<RoundsResult> {
  let current = start;
  let rounds = 0;
  const iterations = new Array<number>(parts).fill(0);
  let roundMs = 'deadline' in budget ? budget.roundMs : 0;
  for (;;) {
    const now = absoluteNow();
    if (aborted()) break;
    let limit: PartLimit;
    if ('deadline' in budget) {
      const left = budget.deadline - now;
      if (left < MIN_ROUND_MS) break;
      // The last round takes what is left rather than leave less than a round unused.
      limit = { deadline: left < 1.5 * roundMs ? budget.deadline : now + roundMs };
    } else {
      if (rounds >= budget.rounds) break;
      limit = { iterations: rounds === budget.rounds - 1 ? budget.last : budget.perRound };
    }
    const split = splitByAngle(problem, current.routes, parts, seed + rounds * GOLDEN_ANGLE);
    const traces: PartTrace[] = [];
    const joined = await Promise.all(
      split.map(async (part, i) => {
        const sub = subProblem(spec, problem, part.vehicles, part.clients);
        const out = await runPart(
          sub.spec,
          encodeRoutes(sub.toSub(part.routes)),
          i,
          seed + 1000 * (rounds + 1) + i,
          limit,
        );
        iterations[i] = iterations[i]! + out.iterations;
        let served = 0;
        for (const r of out.routes ?? []) for (const u of r.visits) if (u !== BREAK) served++;
        const searched = out.routes !== undefined && served === part.clients.length;
        traces[i] = {
          clients: part.clients.length,
          routes: part.routes.length,
          iterations: out.iterations,
          setupMs: out.setupMs,
          searched,
        };
        return searched && out.routes !== undefined ? sub.toFull(out.routes) : part.routes;
      }),
    );
    rounds++;
    if ('deadline' in budget && budget.iterations !== undefined) {
      // The fewest generations a searched part made decide the next round's length (never below roundMs).
      const made = Math.min(...traces.filter((t) => t.searched).map((t) => t.iterations));
      const took = absoluteNow() - now;
      if (Number.isFinite(made) && made > 0)
        roundMs = Math.min(
          MAX_ROUND_STRETCH * budget.roundMs,
          Math.max(budget.roundMs, (took * budget.iterations) / made),
        );
    }
    const plan = evaluateRoutes(problem, joined.flat());
    const before = current.objective;
    const accepted = plan.feasible && plan.objective <= before + 1e-9;
    if (accepted) current = plan;
    onRound?.({
      round: rounds,
      startedAt: now,
      endedAt: absoluteNow(),
      before,
      joined: plan.objective,
      accepted,
      parts: traces,
    });
  }
  return { solution: current, rounds, iterations };
}
