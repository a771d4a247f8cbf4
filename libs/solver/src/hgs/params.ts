import { DEFAULT_PENALTY_PARAMS, type PenaltyParams } from '../cost/penaltyManager.js';
import { DEFAULT_NEIGHBOURS, type NeighbourParams } from '../model/neighbours.js';
import { DEFAULT_REGRET, type RegretParams } from '../search/regret.js';
import { DEFAULT_SEQUENTIAL, type SequentialParams } from '../search/sequential.js';
import { DEFAULT_RUIN, type RuinParams } from '../search/ruin.js';
import { DEFAULT_POPULATION_PARAMS, type PopulationParams } from './population.js';
import { DEFAULT_EJECTION_POOL, type EjectionPoolParams } from './ejectionPool.js';

/** The parameters of one island's hybrid genetic search (hgs/island.ts), with the measured defaults. */
export interface GeneticParams {
  readonly repairProbability: number;
  /** Iterations without a new best before the population restarts. */
  readonly restartAfter: number;
  readonly population: PopulationParams;
  readonly penalty: PenaltyParams;
  readonly neighbours: NeighbourParams;
  readonly swapStar: boolean;
  /**
   * Above this many clients, SWAP* runs only while the best plan leaves clients out. On larger problems it took
   * 30 % of a 10 s island (`road-s30001-005`, 979 jobs on 60 vehicles: every change of a route prices every
   * client of every route whose sector overlaps it into that route again). Where every job was served, plans
   * were shorter without it; on fleets too short for their jobs, it served more (docs/solver.md, "Local search",
   * session 32).
   */
  readonly swapStarUpTo: number;
  /** false: no crossover, every generation is a fresh construction + local search (multi-start baseline). */
  readonly crossover: boolean;
  /** Whether repaired solutions count in the penalty manager's feasibility share. */
  readonly registerRepaired: boolean;
  /** See LocalSearchOptions.insertionSweep. */
  readonly insertionSweep: boolean;
  /**
   * With optional clients (VROOM jobs, deliveries): share of generations that ruin and recreate the island's
   * current solution (SISR-style, search/ruin.ts) instead of crossing two parents. Problems where every client
   * is required always run plain HGS generations.
   */
  readonly ruinShare: number;
  /**
   * `ruinShare` for problems of at most `smallClients` clients, on islands of even index (`smallRuinShareOdd`
   * on the others). A crossover and a full local search cost little there, and the population's crossovers get
   * out of the basins where a single trajectory settles (135 jobs: 41 476 to 44 486 s of travel over six seeds
   * with 95 % ruins). With 20 % instead, the 11 instances of at most 200 jobs of the benchmark sets met the
   * travel target on every run at VROOM's jobs (docs/solver.md, "Ruin and recreate", session 16).
   */
  /**
   * `ruinShare` for problems of more than `largeClients` clients once the best plan serves every client
   * (Island.ruinShareNow). There a crossover generation costs a full local search over every client (on a
   * 979-job fleet the 5 % of crossover generations took about 45 % of a 10 s island), while a ruin step
   * touches a few routes. 0.99 against 0.95, CLI at 10 s: on seven complete fleets of 746 to 989 jobs (seeds 1
   * to 4) -0.84 % of travel, 21 pairs shorter and 7 longer, the same jobs; on eight short fleets more jobs in 4
   * pairs and fewer in 7, so those kept `ruinShare` (until `shortRuinShare`, session 43); on 13 fleets of 308
   * to 675 jobs +0.96 % (seed 1, 2 shorter, 7 longer), hence 700 (docs/solver.md, "Ruin and recreate", session
   * 33).
   */
  readonly largeRuinShare: number;
  readonly largeClients: number;
  /**
   * `ruinShare` for problems of more than `smallClients` clients while the best plan leaves out at least
   * `shortLeftOut` of the optional clients (Island.ruinShareNow): a fleet too short for its jobs. There a
   * crossover generation costs a full local search and a full repair over every client (on a 634-job fleet of
   * 10 vehicles the 5 % of crossover generations took half of an island's time), while the ruin steps are what
   * let left-out jobs in. 1 against 0.95, CLI at 10 s, on seven short fleets of 438 to 970 jobs: with every
   * generation a ruin step (seeds 1 to 8) more jobs in 39 pairs and fewer in 15, +3.1 jobs per run; this rule
   * (seeds 9 to 12) more in 20 and fewer in 8, +4.3 jobs (docs/solver.md, "Fleets short of time", session 43).
   */
  readonly shortRuinShare: number;
  readonly shortLeftOut: number;
  readonly smallRuinShare: number;
  /**
   * `smallRuinShare` of the islands of odd index (IslandRunner): with 2 workers one island crosses over, the
   * other mostly ruins and recreates, and each follows the other's best plans. Small problems of long routes
   * gain from crossovers (session 16), depot-bound ones and some others from ruins (session 24, and
   * `road-s30002-007` -1.44 % with 95 % ruins on both islands in session 34); two islands that differ get
   * both. 0.95 against 0.2, CLI at 10 s, 2 workers: on 15 instances of 118 to 199 jobs (seeds 1 to 4) 41 pairs
   * shorter and 15 longer at equal jobs (-0.87 % on seeds 1-2, -0.15 % on seeds 3-4), 3 runs with one job
   * more and 1 with one fewer; on 12 new ones of 100 to 191 jobs (seeds 1-2) -0.18 %, 15 shorter and 9
   * longer; on ten small ones of our own generator (seeds 1 to 4) 19 pairs shorter and 18 longer, 2 runs with
   * more jobs (docs/solver.md, "Ruin and recreate", session 35). A single worker runs island 0 only: unchanged.
   */
  readonly smallRuinShareOdd: number;
  readonly smallClients: number;
  /**
   * Small problems whose depot-leg share (model/depotLegShare.ts) is at least this keep `ruinShare`: routes of a
   * few clients far from their depots, where a ruin repacks whole routes (hgs/ruinShare.ts).
   */
  readonly smallRuinLegShare: number;
  readonly ruin: RuinParams;
  /** Whether a new best received from another island replaces the ruin-and-recreate trajectory's current. */
  readonly followInjected: boolean;
  /** Mean threshold of the ruin-and-recreate acceptance, as a share of the current plan's cost. */
  readonly ruinThreshold: number;
  /**
   * Probability that a ruin-and-recreate step starts from the island's best plan instead of the trajectory's (SISR's
   * walk, docs/solver.md "Ruin and recreate"). 0 and 0.1 were both longer at equal generations (session 70).
   */
  readonly ruinBackToBest: number;
  /** See LocalSearchOptions.violatingInsertions. */
  readonly violatingInsertions: boolean;
  /**
   * Whether the local search after ruin and recreate may also let left-out clients in with violations (then
   * repaired, or dropped to feasibility, as crossover offspring are).
   */
  readonly ruinViolating: boolean;
  /**
   * From this many clients on, when the trajectory's plan leaves at least `ruinLocalLeftOut` of the clients out,
   * the local search after ruin and recreate starts its node operators only from the clients the ruin removed or
   * tried to put back (SWAP* still runs on the routes that changed): more, cheaper steps where packing matters.
   */
  readonly ruinLocalFrom: number;
  /** Share of the clients the trajectory's plan must leave out for the local search after a ruin to stay local. */
  readonly ruinLocalLeftOut: number;
  /**
   * From this many clients on, the local search after every ruin and recreate starts its node operators only
   * from promising clients (PyVRP's iterated local search): the ones the ruin removed or tried to put back,
   * and every client next to where a move then applies (LocalSearch.improve `expand`), unless the plan
   * leaves out enough clients for `ruinLocalFrom` to apply. 600: on eight instances of 671 to 989 jobs,
   * -0.51 % of travel over eight seeds (-0.95, -0.24, -0.70 and -0.15 % by pair of seeds), +0.3 % on six of
   * 308 to 528 (two seeds; docs/benchmarks.md, session 31).
   */
  readonly ruinPromisingFrom: number;
  /**
   * From this many clients on, on fleets that can carry every delivery (model/fleetCapacity.ts), the local
   * search after a crossover starts its node operators only from the clients whose place differs from the first
   * parent's (hgs/changedClients.ts) and from every client next to where a move then applies: the first
   * parent's routes that the child kept are local optima already. Off (1e9): 22 % less CPU per generation on a
   * 160-job fleet, but at 10 s +0.15 % of travel on 19 instances of 118 to 495 jobs, +1.10 % on six of 317 to
   * 495, and from 600 on no gain that stands out of the spread of single runs (docs/solver.md, "Genetic
   * algorithm", session 34).
   */
  readonly crossPromisingFrom: number;
  /**
   * With optional clients: a repair that leaves its plan infeasible gets a second one from the clients of the
   * still violating routes, under the booster's weights multiplied by this again (0: none), before the plan is
   * dropped to feasibility (hgs/repair.ts), on problems of at least `repairAgainFrom` clients. Problems whose
   * clients are all required keep one repair, as HGS does: there an infeasible child stays in the population.
   * 12 against none, CLI at 10 s: -0.85 % +- 0.89 % of travel over 44 pairs of 749 to 946 jobs (29 shorter, 15
   * longer); on 12 instances of 230 to 659 jobs +0.22 % +- 1.30 % without it (9 shorter, 11 longer), and on 11
   * of 118 to 192 jobs 16 pairs of 19 shorter without it (-0.28 % +- 0.49 %): hence from 700 clients
   * (docs/solver.md, "Repairing twice").
   */
  readonly repairAgain: number;
  readonly repairAgainFrom: number;
  /** Fewest initial solutions (large problems get fewer than the minimum population, see initialCount). */
  readonly minInitial: number;
  /** Problem size up to which the whole minimum population is built first (see initialCount). */
  readonly initialClients: number;
  /** Whether each new best gets a pass over its left-out valuable clients (Island.polishValues). */
  readonly polishValues: boolean;
  /** At most this many left-out clients per pass, most valuable first. */
  readonly polishCandidates: number;
  /**
   * Whether the pass also tries left-out clients worth as much as the least valuable routed one (not only
   * more): an ejection that lets one in and puts the clients it pushes out back elsewhere serves one more.
   */
  readonly polishEqual: boolean;
  /**
   * Those equally valuable clients only when the plan leaves out at most this many optional clients (a full
   * fleet a job or three short; a short fleet leaves out hundreds, each worth trying in every vehicle).
   */
  readonly polishEqualUpTo: number;
  /**
   * Links of the pass's ejection chain (hgs/ejectionChain.ts): 0 lets the client in and drops to feasibility
   * by least prize per violation removed; n >= 1 drops least valuable clients first and lets the valuable
   * ones this pushes out in elsewhere, up to n times.
   */
  readonly polishChain: number;
  /**
   * Whether each link of that chain first runs the local search on the violating routes, the clients let in
   * pinned, before dropping to feasibility (hgs/ejectionChain.ts `repair`).
   */
  readonly polishRepair: boolean;
  /**
   * Whether dropping a plan to feasibility leaves out dominated least valuable clients first (VROOM jobs
   * without priority, LocalSearch.dropToFeasible `leastValueFirst`); otherwise, and for every other client,
   * by least prize per violation removed. No effect when no value is dominated (all equal, product deliveries).
   */
  readonly dropLeastValue: boolean;
  /**
   * Whether a plan received from another island is also merged with this island's best (partitionMerge: each
   * group of differing routes from the plan where it costs less), keeping both islands' improvements. Off:
   * no gain measured at 10 s (docs/solver.md, "Partition merge of exchanged plans").
   */
  readonly mergeReceived: boolean;
  /**
   * Whether each feasible ruin-and-recreate result that is not a new best is merged with the best. Off: no
   * gain measured (same section).
   */
  readonly mergeRuined: boolean;
  /** See LocalSearchOptions.replaceNeighbours (off: no gain measured, docs/solver.md "Local search"). */
  readonly replaceNeighbours: boolean;
  /**
   * replaceNeighbours on problems whose fleet cannot carry every delivery (model/fleetCapacity.ts): there the
   * count of jobs served is a knapsack, and a smaller job taking a larger one's place makes room for one more
   * (docs/solver.md, session 18). Elsewhere it cost travel.
   */
  readonly replaceWhenShort: boolean;
  /**
   * replaceNeighbours also while the island's best plan leaves out at least this share of its optional clients:
   * a fleet short of working time rather than of capacity (our generator's `rich-s9003-005` and `-007`, 8 and
   * 13 vehicles for 451 and 918 jobs), where no static sum of loads tells it is short. There the count of jobs
   * served depends on the time each one takes, and a nearer job in a farther one's place saves travel, which
   * is room for one more (docs/solver.md, "Fleets short of time", session 23). Above 1: never.
   */
  readonly replaceLeftOut: number;
  /**
   * LocalSearch.replaceServiceWeight while replaceNeighbours is on by `replaceLeftOut` alone: a second of
   * service saved counts as a second of travel, since on such a fleet both are time the shift needs for
   * another job. 1 against 0, CLI A/B at 10 s on our generator's short fleets: more jobs in 31 pairs, fewer
   * in 15 (docs/solver.md, "Fleets short of time").
   */
  readonly replaceService: number;
  /**
   * Evaluator.serviceWeight while replaceNeighbours is on by `replaceLeftOut` alone (a fleet short of time):
   * every route's search cost adds this much per second of its clients' service under its vehicle type, so
   * moves that hand a job to a type that serves it faster gain. Replaces `replaceService` when above 0.
   */
  readonly serviceWeight: number;
  /**
   * With optional clients: share of the initial solutions built by regret insertion (search/regret.ts) instead
   * of cheapest insertion in random order, for problems of up to `regretUpTo` clients.
   */
  readonly regretShare: number;
  readonly regretUpTo: number;
  readonly regret: RegretParams;
  /**
   * With optional clients, on problems whose depot legs are at least `sequentialFrom` of a route's cost
   * (model/depotLegShare.ts): share of the initial solutions built one vehicle after the other, largest first
   * (search/sequential.ts), interleaved with the others (see Island.useSequential).
   */
  readonly sequentialShare: number;
  readonly sequentialFrom: number;
  /**
   * `sequentialFrom` on islands of odd index (IslandRunner). 0: every initial plan of an odd island, on every
   * problem with optional clients, is built one vehicle after the other. Why: on fleets short of working time
   * (about 45 stops a route) the parallel constructions start the search in plans whose routes overlap (5 to 7
   * km around their centre against VROOM's 1.5 to 4.6 on `rich-s9048-003`), which the search never untangles;
   * the sequential ones start it in compact routes. One island of each kind, exchanging their best plans, served
   * more jobs than two regret islands in 39 pairs of 64 and fewer in 24 on eight short fleets, and left complete
   * fleets' travel where it was (docs/solver.md, "Islands of odd index build one vehicle after the other",
   * session 48). A single worker runs island 0 only: unchanged.
   */
  readonly sequentialFromOdd: number;
  readonly sequential: SequentialParams;
  /** Whether the repair after a local ruin step starts its node operators from the touched and violating clients only. */
  readonly repairLocal: boolean;
  /** See LocalSearchOptions.swapHeads. */
  readonly swapHeads: boolean;
  /**
   * Hand the routes of every feasible result of a generation, and of every new best plan, to the vehicles
   * that drive them cheapest (search/reassign.ts).
   */
  readonly reassignVehicles: boolean;
  /** Whether reassigned plans join the population (else they only count as best and lead the trajectory). */
  readonly reassignAdd: boolean;
  /** See LocalSearchOptions.swapRoutes. */
  readonly swapRoutes: boolean;
  /** See LocalSearchOptions.mergeRoutes. */
  readonly mergeRoutes: boolean;
  /**
   * See LocalSearchOptions.emptyRouteTypes (0: every type, in random order). 3: on a 671-job instance whose 60
   * vehicles are 60 types, trying every empty one took 41 % of the time (docs/solver.md, session 19).
   */
  readonly emptyRouteTypes: number;
  /**
   * Whether a new best that leaves out at least one and at most `poolUpTo` optional clients, each of which
   * some vehicle could serve alone, tries to let each in with an ejection pool (hgs/ejectionPool.ts).
   */
  readonly ejectionPool: boolean;
  readonly poolUpTo: number;
  /** Generations without a pool after a failed one; doubles with each failure in a row. */
  readonly poolWait: number;
  readonly pool: EjectionPoolParams;
  /**
   * The island's last step: its best plan goes through one more local search, with `finalNeighbours`
   * neighbours per client instead of `neighbours.count` and under the repair booster's weights, so that the
   * search stays feasible (Island.finalPolish). 0 turns it off.
   */
  readonly finalNeighbours: number;
  /**
   * Time a time-limited run keeps besides the polish's, while the best plan leaves out a few clients some vehicle
   * could serve alone (Island.lastPoolDue): `lastPoolMs` plus `lastPoolMsPerClient` per client, at most a tenth of
   * the limit, for the last ejection pool (IslandRunner). A pool and the local search after it took 134 to 221 ms
   * on a plan of 828 jobs that left 2 out, more than the polish's 196 ms (docs/solver.md, "Ejection pool").
   */
  readonly lastPoolMs: number;
  readonly lastPoolMsPerClient: number;
  /**
   * Decomposition (docs/solver.md, "Decomposition across workers"): a time-limited solve with at least two
   * workers on a problem of at least `decomposeFrom` clients runs its islands on the whole problem for
   * `decomposeAfter` of its time; then, while the best plan serves every client, it runs rounds of
   * `decomposeRoundMs`: the plan's routes are split by angle into one part per worker, each worker searches its
   * part as a problem of its own, and the parts' best plans join into the next plan. From 300 clients (session 58):
   * on thirteen complete fleets of 308 to 669 jobs, -0.80 % +- 0.74 % of travel at 10 s (52 pairs, 34 shorter, sign
   * p = 0.036), where one trajectory's length decides the plan; on the seven large ones of session 46 it measured
   * within the noise. Short fleets, whose best plan leaves clients out, never decompose.
   */
  readonly decomposeFrom: number;
  readonly decomposeAfter: number;
  readonly decomposeRoundMs: number;
  /**
   * The same decomposition in an iteration-limited solve (`StopCriteria.maxIterations` alone), counted in
   * generations so that it stays reproducible: the islands hand over at their first exchange at or after
   * `decomposeWholeIterations` generations where their best plan serves every client (else they run their whole
   * limit), then the rest of each worker's limit goes to rounds of `decomposeRoundIterations` generations per part
   * (the last round takes the remainder). Fewer generations left than one round after `decomposeWholeIterations`:
   * no decomposition. The defaults are about what a 10 s run on a fast day makes of a 400-client
   * fleet: 30 to 50 generations per island before its handover, 200 to 400 per part and round (docs/solver.md,
   * "Decomposition across workers", session 70).
   */
  readonly decomposeWholeIterations: number;
  readonly decomposeRoundIterations: number;
  /**
   * Time-limited rounds grow (up to 3 times `decomposeRoundMs`) when the last round's parts made fewer than
   * `decomposeRoundIterations` generations (pool/decomposition.ts, MAX_ROUND_STRETCH).
   */
  readonly decomposeStretch: boolean;
  /**
   * Whether a decomposition keeps time at its end for the final polish of the joined plan (the islands' own
   * final polish, `finalNeighbours`, on the whole problem): no part's search sees the moves between parts, nor
   * SWAP*, which parts skip (docs/solver.md, "Decomposition across workers", session 68).
   */
  readonly decomposePolish: boolean;
}

export const DEFAULT_GENETIC_PARAMS: GeneticParams = {
  repairProbability: 0.8,
  restartAfter: 20000,
  population: DEFAULT_POPULATION_PARAMS,
  penalty: DEFAULT_PENALTY_PARAMS,
  neighbours: DEFAULT_NEIGHBOURS,
  swapStar: true,
  swapStarUpTo: 700,
  crossover: true,
  registerRepaired: false,
  insertionSweep: false,
  ruinShare: 0.95,
  largeRuinShare: 0.99,
  largeClients: 700,
  shortRuinShare: 1,
  shortLeftOut: 0.05,
  smallRuinShare: 0.2,
  smallRuinShareOdd: 0.95,
  smallClients: 200,
  smallRuinLegShare: 0.8,
  ruin: DEFAULT_RUIN,
  ruinThreshold: 0.006,
  ruinBackToBest: 0.02,
  followInjected: true,
  violatingInsertions: true,
  ruinViolating: true,
  ruinLocalFrom: 300,
  ruinLocalLeftOut: 0.05,
  ruinPromisingFrom: 600,
  crossPromisingFrom: 1e9,
  repairAgain: 12,
  repairAgainFrom: 700,
  minInitial: 2,
  initialClients: 200,
  polishValues: true,
  polishCandidates: 20,
  polishEqual: false,
  polishEqualUpTo: 3,
  polishChain: 3,
  polishRepair: false,
  dropLeastValue: false,
  mergeReceived: false,
  mergeRuined: false,
  replaceNeighbours: false,
  replaceWhenShort: true,
  replaceLeftOut: 0.05,
  replaceService: 1,
  serviceWeight: 0.25,
  regretShare: 1,
  regretUpTo: 400,
  regret: DEFAULT_REGRET,
  sequentialShare: 1,
  sequentialFrom: 0.8,
  sequentialFromOdd: 0,
  sequential: DEFAULT_SEQUENTIAL,
  repairLocal: true,
  swapHeads: true,
  reassignVehicles: true,
  reassignAdd: false,
  swapRoutes: false,
  mergeRoutes: true,
  emptyRouteTypes: 3,
  ejectionPool: true,
  poolUpTo: 8,
  poolWait: 20,
  pool: DEFAULT_EJECTION_POOL,
  finalNeighbours: 60,
  lastPoolMs: 100,
  lastPoolMsPerClient: 0.4,
  decomposeFrom: 300,
  decomposeAfter: 0.35,
  decomposeRoundMs: 1000,
  decomposeWholeIterations: 50,
  decomposeRoundIterations: 250,
  decomposeStretch: false,
  decomposePolish: true,
};
