import type { CostEvaluator } from '../cost/costEvaluator.js';
import { PenaltyManager, type PenaltyParams } from '../cost/penaltyManager.js';
import { neighbourLists, type NeighbourLists } from '../model/neighbours.js';
import type { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { LocalSearch, type LocalSearchOptions } from '../search/localSearch.js';
import { fleetCapacity } from '../model/fleetCapacity.js';
import { admission, regretConstruct } from '../search/regret.js';
import { servedFootprint } from '../search/timeAdmission.js';
import { sequentialConstruct } from '../search/sequential.js';
import { depotLegShare } from '../model/depotLegShare.js';
import { ReassignCache, reassignVehicles } from '../search/reassign.js';
import { ruinAndRecreate } from '../search/ruin.js';
import { BREAK, type Solution, type SolutionRoute } from '../solution/solution.js';
import { Population } from './population.js';
import { partitionMerge } from './partitionMerge.js';
import { srex } from './srex.js';
import { changedClients } from './changedClients.js';
import type { IslandHost } from './islandHost.js';
import { LeftOutPool } from './leftOutPool.js';
import { Servable } from './servable.js';
import { ValuePolish } from './valuePolish.js';
import { DEFAULT_GENETIC_PARAMS, type GeneticParams } from './params.js';
import { ruinShareFor } from './ruinShare.js';
import { repair } from './repair.js';

/**
 * One hybrid genetic search (Vidal et al. 2012, 2022; PyVRP): a population of locally optimal solutions,
 * half feasible and half not under adaptive penalties; each iteration crosses two parents (SREX), improves
 * the child with the granular local search and adds it; an infeasible child is repaired with boosted
 * penalties with some probability. Islands of the parallel solver each run one of these and trade their
 * best solutions at fixed iteration epochs (islands.ts).
 */
export class Island {
  readonly rng: Rng;
  readonly ls: LocalSearch;
  readonly pm: PenaltyManager;
  readonly pop: Population;
  iterations = 0;
  /** Merged plans (partitionMerge) that were feasible, for diagnostics. */
  merges = 0;
  private sinceImprovement = 0;
  /** Best feasible solution found so far. */
  best: Solution | undefined;
  /** Least penalised solution found so far (feasible or not), for reporting when nothing is feasible. */
  bestAny: Solution | undefined;
  private bestAnyCost = Infinity;
  /** The ruin-and-recreate trajectory's current solution (feasible). */
  private current: Solution | undefined;
  private readonly nb: Int32Array;
  /** The final polish's neighbour lists (`finalNeighbours` per client), computed with the search's. */
  private readonly finalNb: Int32Array | undefined;
  /** The share of ruin-and-recreate generations for this problem (hgs/ruinShare.ts). */
  private readonly ruinShare: number;
  /** Prices of the visit sequences the vehicle reassignment has seen under the current cost evaluator. */
  private readonly reassignCache = new ReassignCache();
  /** Whether some initial solutions are built sequentially (sequentialShare, sequentialFrom). */
  readonly sequentialOn: boolean;
  /**
   * Whether the local search after a crossover starts from the clients the child changed only: from
   * `crossPromisingFrom` clients on, on fleets that can carry every delivery (GeneticParams).
   */
  readonly crossPromising: boolean;
  /** Whether the local search always tries replaceNeighbour (replaceNeighbours, or replaceWhenShort on a short fleet). */
  private readonly replaceAlways: boolean;
  /** The passes on the best plan's left-out clients, and what they see of this island. */
  private readonly leftOutPool: LeftOutPool;
  private readonly valuePolish: ValuePolish;

  constructor(
    readonly problem: Problem,
    seed: number,
    readonly params: GeneticParams = DEFAULT_GENETIC_PARAMS,
    neighbours?: NeighbourLists,
  ) {
    this.rng = new Rng(seed);
    const lists = neighbours ?? neighbourLists(problem, params.neighbours, params.finalNeighbours);
    const nb = lists.search;
    this.nb = nb;
    this.finalNb = lists.final;
    this.ls = new LocalSearch(problem, nb, this.rng, this.lsOptions());
    this.pm = new PenaltyManager(problem, params.penalty, maxPenaltyFor(problem, params.penalty));
    this.pop = new Population(problem, params.population);
    const legShare = problem.allRequired ? 0 : depotLegShare(problem);
    this.ruinShare = ruinShareFor(problem, params, legShare);
    this.sequentialOn =
      params.sequentialShare > 0 && !problem.allRequired && legShare >= params.sequentialFrom;
    this.replaceAlways = this.ls.replaceNeighbours;
    this.crossPromising = problem.numClients >= params.crossPromisingFrom && !fleetCapacity(problem).short;
    // A second repair only where a failed one ends in a drop to feasibility (optional clients, hgs/repair.ts).
    this.repairAgain =
      !problem.allRequired && problem.numClients >= params.repairAgainFrom ? params.repairAgain : 0;
    const host: IslandHost = {
      problem,
      params,
      ls: this.ls,
      pm: this.pm,
      rng: this.rng,
      nb,
      servable: new Servable(problem),
      best: () => this.best,
      iterations: () => this.iterations,
      finish: (ce, stop) => this.finish(ce, stop),
      accept: (sol, ce, register) => this.accept(sol, ce, register),
      follow: (sol) => {
        this.current = sol;
      },
    };
    this.leftOutPool = new LeftOutPool(host);
    this.valuePolish = new ValuePolish(host);
  }

  /**
   * The factor of the second repair's weights (0: no second repair): `repairAgain` on problems with optional
   * clients of at least `repairAgainFrom` clients (GeneticParams).
   */
  readonly repairAgain: number;

  /**
   * Whether the next generation's local search tries replaceNeighbour: always where replaceAlways, else while
   * the best plan leaves out at least `replaceLeftOut` of the optional clients (see GeneticParams).
   */
  private replaceNow(): boolean {
    return this.replaceAlways || this.bestLeavesOut(this.params.replaceLeftOut);
  }

  private lsOptions(): LocalSearchOptions {
    const params = this.params;
    return {
      swapStar: params.swapStar,
      insertionSweep: params.insertionSweep,
      violatingInsertions: params.violatingInsertions,
      replaceNeighbours:
        params.replaceNeighbours || (params.replaceWhenShort && fleetCapacity(this.problem).short),
      swapHeads: params.swapHeads,
      swapRoutes: params.swapRoutes,
      mergeRoutes: params.mergeRoutes,
      ...(params.emptyRouteTypes > 0 ? { emptyRouteTypes: params.emptyRouteTypes } : {}),
    };
  }

  /**
   * Fills the population: solutions built by randomised cheapest insertion (every other one from random
   * routes, for diversity, when all clients are required), each improved by local search.
   */
  initialise(count = this.initialCount(), stop?: () => boolean): void {
    for (let i = 0; i < count; i++) {
      if (stop?.() && this.pop.size > 0) break;
      const ce = this.pm.costEvaluator();
      if (i % 2 === 1 && this.problem.allRequired)
        this.ls.loadAndRepair(randomRoutes(this.problem, this.rng), ce);
      else if (this.useSequential(i)) sequentialConstruct(this.ls, ce, this.rng, this.params.sequential);
      else if (this.useRegret())
        regretConstruct(this.ls, ce, this.rng, this.params.regret, this.timeBudget());
      else this.ls.construct(ce, admission(this.problem, this.rng, this.params.regret, this.timeBudget()));
      this.ls.improve(ce, stop);
      this.finish(ce, stop);
    }
  }

  /**
   * Whether construction i is sequential: a share s of them, interleaved (i is when floor((i + 1) s) >
   * floor(i s)), so that with s = 0.5 every other one is and the first is not. Draws no random number.
   */
  private useSequential(i: number): boolean {
    const s = this.params.sequentialShare;
    return this.sequentialOn && Math.floor((i + 1) * s) > Math.floor(i * s);
  }

  /** Whether the next construction is by regret (draws a random number only when it may be). */
  private useRegret(): boolean {
    const p = this.params;
    return (
      p.regretShare > 0 &&
      !this.problem.allRequired &&
      this.problem.numClients <= p.regretUpTo &&
      this.rng.rand() < p.regretShare
    );
  }

  /**
   * Initial solutions: the minimum population size for up to `initialClients` (200) clients, fewer for larger
   * problems, falling with the square of the size because each costs a full local search whose time grows
   * faster than the size (25 at 200 clients, 11 at 300, 6 at 400, 2 from 700 on; at least `minInitial`).
   * Depends only on the problem, so runs stay reproducible.
   */
  initialCount(): number {
    const n = Math.max(this.problem.numClients, 1);
    const base = this.params.population.minPopSize;
    return Math.max(
      this.params.minInitial,
      Math.min(base, Math.round(base * (this.params.initialClients / n) ** 2)),
    );
  }

  /**
   * After local search: add, register, maybe repair, and for optional clients drop to feasibility. Returns
   * the last solution added.
   */
  private finish(ce: CostEvaluator, stop?: () => boolean, only?: readonly number[]): Solution {
    const sol = this.finishSearch(ce, stop, only);
    if (!this.params.reassignVehicles || !sol.feasible) return sol;
    return this.reassigned(sol, ce) ?? sol;
  }

  private finishSearch(ce: CostEvaluator, stop?: () => boolean, only?: readonly number[]): Solution {
    let sol = this.ls.export();
    this.accept(sol, ce);
    if (sol.feasible) return sol;
    if (this.rng.rand() < this.params.repairProbability) {
      const boosted = this.pm.boosterCostEvaluator();
      const repaired = repair(this.ls, boosted, only, this.repairAgain, stop);
      if (repaired.feasible) {
        this.accept(repaired, ce, this.params.registerRepaired);
        return repaired;
      }
    }
    if (!this.problem.allRequired) {
      this.ls.dropToFeasible(this.pm.boosterCostEvaluator(), [], this.params.dropLeastValue);
      const dropped = this.ls.export();
      if (dropped.feasible) {
        this.accept(dropped, ce, false);
        sol = dropped;
      }
    }
    return sol;
  }

  /**
   * One ruin-and-recreate generation: from the trajectory's current solution, remove strings of clients near
   * a random one, reinsert them (and unrouted neighbours), improve the touched routes, and move the
   * trajectory when the result is not much worse (SISR's threshold: current + T ln(1/u), T a small share of
   * the route cost). The result joins the population like any offspring.
   */
  private ruinStep(ce: CostEvaluator, stop?: () => boolean): void {
    if (
      this.current === undefined ||
      (this.best !== undefined && this.rng.rand() < this.params.ruinBackToBest)
    )
      this.current = this.best;
    const base = this.current;
    if (base === undefined) return;
    this.ls.loadAndRepair(base.routes, ce, base.routes);
    const touched: number[] = [];
    ruinAndRecreate(this.ls, this.nb, this.rng, this.params.ruin, touched);
    // Large problems with clients left out: the node operators start from the ruined neighbourhood only.
    // Larger ones without: from the ruined neighbourhood and wherever a move then applies (promising).
    const C = this.problem.numClients;
    const local = C >= this.params.ruinLocalFrom && C - base.numRouted >= this.params.ruinLocalLeftOut * C;
    const promising = !local && C >= this.params.ruinPromisingFrom;
    const only = local || promising ? touched : undefined;
    // Left-out clients may come in with violations, which the penalties then price: a late-window client
    // that only one vehicle can reach goes in, and the local search moves that vehicle's other clients away.
    // The trajectory itself only moves to feasible results (finish repairs or drops to feasibility).
    const violating = this.params.violatingInsertions;
    const ruinViolating = this.params.ruinViolating;
    if (ruinViolating !== violating) this.ls.violatingInsertions = ruinViolating;
    this.ls.improve(ce, stop, only, promising);
    if (ruinViolating !== violating) this.ls.violatingInsertions = violating;
    const sol = this.finish(ce, stop, this.params.repairLocal ? only : undefined);
    if (!sol.feasible) return;
    if (
      this.params.mergeRuined &&
      this.best !== undefined &&
      this.best !== sol &&
      this.merge(this.best, sol, ce)
    )
      return;
    const threshold = base.objective - this.params.ruinThreshold * base.cost * Math.log(1 - this.rng.rand());
    if (sol.objective < threshold) this.current = sol;
  }

  /** One generation step (`stop` is polled inside the local search). */
  step(stop?: () => boolean): void {
    const before = this.best;
    this.generation(stop);
    // The generation's own results were reassigned in finish(); the passes below make plans of their own.
    const generated = this.best;
    if (this.params.polishValues && this.best !== before) this.polishValues(stop);
    if (this.params.ejectionPool && this.best !== before) this.poolLeftOut(stop);
    if (this.params.reassignVehicles && this.best !== generated) this.reassign();
  }

  /**
   * The best plan's routes handed to the vehicles that drive them cheapest (search/reassign.ts); a cheaper
   * result is the new best and leads the trajectory.
   */
  private reassign(): void {
    const best = this.best;
    if (best === undefined) return;
    const sol = this.reassigned(best, this.pm.costEvaluator());
    if (sol !== undefined) this.current = sol;
  }

  /** `plan` with its routes on the vehicles that drive them cheapest, accepted, when that is cheaper. */
  private reassigned(plan: Solution, ce: CostEvaluator): Solution | undefined {
    const routes = reassignVehicles(this.ls, plan, ce, this.reassignCache);
    if (routes === undefined) return undefined;
    this.ls.loadAndRepair(routes, ce);
    const sol = this.ls.export();
    if (!sol.feasible || !(sol.objective < plan.objective)) return undefined;
    if (this.params.reassignAdd) this.accept(sol, ce, false);
    else this.track(sol, ce);
    return sol;
  }

  /** The ejection pools for the best plan's last left-out clients (leftOutPool.ts), after a new best. */
  poolLeftOut(stop?: () => boolean, last = false): void {
    this.leftOutPool.run(stop, last);
  }

  /** Whether the run's last step will run an ejection pool (LeftOutPool.lastDue). */
  lastPoolDue(): boolean {
    return this.leftOutPool.lastDue();
  }

  /** One more chance for the valuable clients the best plan leaves out (valuePolish.ts), after a new best. */
  polishValues(stop?: () => boolean): void {
    this.valuePolish.run(stop);
  }

  /**
   * Whether this generation's local searches run SWAP*: always up to `swapStarUpTo` clients; above, only while
   * the best plan leaves clients out (GeneticParams.swapStarUpTo).
   */
  private swapStarNow(): boolean {
    return this.problem.numClients <= this.params.swapStarUpTo || !this.bestServesAll();
  }

  /** Whether the best plan so far serves every client (the large-problem rules above and below). */
  private bestServesAll(): boolean {
    const best = this.best;
    return best !== undefined && best.numRouted === this.problem.numClients;
  }

  /**
   * This generation's share of ruin-and-recreate steps: `largeRuinShare` above `largeClients` clients once the
   * best plan serves every client; `shortRuinShare` above `smallClients` clients while the best plan leaves out
   * at least `shortLeftOut` of the optional clients (a fleet short of capacity or time); else the problem's share
   * (ruinShareFor). See GeneticParams for the measurements.
   */
  ruinShareNow(): number {
    const P = this.problem;
    const params = this.params;
    const large = P.numClients > params.largeClients;
    if (large && this.bestServesAll()) return params.largeRuinShare;
    if (P.numClients > params.smallClients && this.bestLeavesOut(params.shortLeftOut))
      return params.shortRuinShare;
    return this.ruinShare;
  }

  /**
   * The working time a construction may fill first on a fleet short of time (timeAdmission): the summed
   * footprint of the clients the best plan serves, while it leaves out at least `shortLeftOut` of the optional
   * clients; undefined before the first plan, once it leaves out fewer, or when `regret.timeFirst` is 0.
   */
  private timeBudget(): number | undefined {
    const best = this.best;
    if (best === undefined || !((this.params.regret.timeFirst ?? 0) > 0)) return undefined;
    if (!this.bestLeavesOut(this.params.shortLeftOut)) return undefined;
    return servedFootprint(this.problem, best.routes);
  }

  /** Whether the best plan so far leaves out at least `share` of the optional clients (none: false). */
  private bestLeavesOut(share: number): boolean {
    const best = this.best;
    const P = this.problem;
    if (best === undefined || P.numOptional === 0) return false;
    return P.numClients - best.numRouted >= share * P.numOptional;
  }

  private generation(stop?: () => boolean): void {
    if (this.pop.size === 0) this.initialise(1);
    if (this.sinceImprovement >= this.params.restartAfter) this.restart();
    // The search's switches are written only when they change. Why: V8 treats a field written once as a
    // constant, and optimised code that reads it relies on that; once `generation` is optimised, a write of
    // the same value turns the field mutable and throws that code away (docs/solver.md, session 64).
    const ls = this.ls;
    const replace = this.replaceNow();
    if (ls.replaceNeighbours !== replace) ls.replaceNeighbours = replace;
    const timeShort = replace && !this.replaceAlways;
    const sw = this.params.serviceWeight;
    const serviceWeight = timeShort ? sw : 0;
    if (ls.ev.serviceWeight !== serviceWeight) ls.ev.serviceWeight = serviceWeight;
    const replaceService = timeShort && sw === 0 ? this.params.replaceService : 0;
    if (ls.replaceServiceWeight !== replaceService) ls.replaceServiceWeight = replaceService;
    this.iterations++;
    this.sinceImprovement++;
    const swapStar = this.swapStarNow();
    if (ls.swapStarOn !== swapStar) ls.swapStarOn = swapStar;
    const ce = this.pm.costEvaluator();
    const share = this.ruinShareNow();
    if (share > 0 && !this.problem.allRequired && this.best !== undefined && this.rng.rand() < share) {
      this.ruinStep(ce, stop);
      return;
    }
    if (!this.params.crossover) {
      if (this.iterations % 2 === 1 && this.problem.allRequired)
        this.ls.loadAndRepair(randomRoutes(this.problem, this.rng), ce);
      else this.ls.construct(ce, admission(this.problem, this.rng, this.params.regret, this.timeBudget()));
      this.ls.improve(ce, stop);
      this.finish(ce, stop);
      return;
    }
    const [a, b] = this.pop.select(this.rng, ce);
    const [o1, o2] = srex(this.problem, a, b, this.rng);
    // Keep the cheaper of the two repaired offspring.
    this.ls.loadAndRepair(o1, ce, a.routes);
    const c1 = this.ls.currentCost();
    this.ls.loadAndRepair(o2, ce, a.routes);
    const c2 = this.ls.currentCost();
    if (c1 < c2) this.ls.loadAndRepair(o1, ce, a.routes);
    if (this.crossPromising) this.ls.improve(ce, stop, changedClients(this.problem, this.ls.state, a), true);
    else this.ls.improve(ce, stop);
    this.finish(ce, stop);
  }

  /**
   * Adds solutions received from other islands (evaluated as they are), and with `mergeReceived` the merge of
   * each with this island's best, when that is better than both.
   */
  inject(routesList: readonly (readonly SolutionRoute[])[]): void {
    const ce = this.pm.costEvaluator();
    for (const routes of routesList) {
      const own = this.best;
      this.ls.loadAndRepair(routes, ce);
      const sol = this.ls.export();
      this.pop.add(sol, ce);
      this.track(sol, ce);
      // A better plan from another island becomes this island's ruin-and-recreate trajectory too.
      if (this.best === sol && this.params.followInjected) this.current = sol;
      if (this.params.mergeReceived && own !== undefined && sol.feasible) this.merge(own, sol, ce);
    }
  }

  /**
   * Merges two feasible plans (partitionMerge); a merged plan that is a new best joins the population and
   * leads the trajectory. Returns whether it did.
   */
  private merge(x: Solution, y: Solution, ce: CostEvaluator): boolean {
    const merged = partitionMerge(this.problem, x, y);
    if (merged === undefined) return false;
    this.ls.loadAndRepair(merged.routes, ce);
    const sol = this.ls.export();
    if (!sol.feasible) return false;
    this.merges++;
    this.accept(sol, ce, false);
    if (this.best !== sol) return false;
    this.current = sol;
    return true;
  }

  /** Adds to the population; `register` feeds the penalty manager (the search's own results only). */
  private accept(sol: Solution, ce: CostEvaluator, register = true): void {
    this.pop.add(sol, ce);
    if (register) this.pm.register(sol.excess, sol.timeWarp, this.problem.timeTolerance);
    this.track(sol, ce);
  }

  private track(sol: Solution, ce: CostEvaluator): void {
    if (sol.feasible && (this.best === undefined || sol.objective < this.best.objective - 1e-9)) {
      this.best = sol;
      this.sinceImprovement = 0;
    }
    const pc = sol.penalised(ce);
    if (this.bestAny === undefined || (!this.bestAny.feasible && pc < this.bestAnyCost)) {
      this.bestAny = sol;
      this.bestAnyCost = pc;
    }
  }

  private restart(): void {
    this.pop.clear();
    this.sinceImprovement = 0;
    this.initialise();
    if (this.best) this.pop.add(this.best, this.pm.costEvaluator());
  }

  /**
   * The last step of a run. First, with `ejectionPool`, a best plan that leaves out a few clients each of which
   * some vehicle could serve alone gets one more ejection pool (poolLeftOut), whatever the wait after failed
   * pools. Then (`finalNeighbours`) the best plan is improved by a local search with `finalNeighbours`
   * neighbours per client (instead of `neighbours.count`), under the booster's weights, and kept (as any plan:
   * `track`) when it is feasible and better. `stop` may cut either short (the state stays valid). Draws random
   * numbers after the run's last generation only, so iteration-limited runs stay reproducible.
   *
   * Why the pool: 10 s runs of a complete fleet (828 jobs) that reached their last jobs late ended with one to
   * nine jobs left out in about 1 % of the runs; on one of them (827 jobs) a pool let the last job in within
   * 122 ms, where the run's own pools were waiting after failures (docs/solver.md, "Ejection pool", session 41).
   *
   * Why: the search's plans are local optima for 30 neighbours under the adaptive weights of the moment, or
   * came from the reassignment or the ejection passes without a local search after them; on 36 saved 10 s
   * plans of six regional instances (267 to 848 jobs) this pass shortened them by 0.086 % on average (0 to
   * 0.35 %), in 188 ms at most (docs/solver.md, "Final polish").
   */
  finalPolish(stop?: () => boolean): void {
    if (this.params.ejectionPool) this.poolLeftOut(stop, true);
    const best = this.best;
    const nb = this.finalNb;
    if (best === undefined || nb === undefined) return;
    const ls = new LocalSearch(this.problem, nb, this.rng, this.lsOptions());
    const booster = this.pm.boosterCostEvaluator();
    ls.loadAndRepair(best.routes, booster);
    ls.improve(booster, stop);
    this.track(ls.export(), booster);
  }

  /** The island's answer: best feasible, else least penalised. */
  result(): Solution | undefined {
    return this.best ?? this.bestAny;
  }
}

/** Random routes: clients shuffled and dealt round-robin over a random subset of vehicles. */
export function randomRoutes(problem: Problem, rng: Rng): SolutionRoute[] {
  const P = problem;
  const clients: number[] = [];
  for (let u = P.numDepots; u < P.numNodes; u++) clients.push(u);
  rng.shuffle(clients);
  const V = P.numVehicles;
  if (V === 0) return [];
  const vehicles: number[] = [];
  for (let v = 0; v < V; v++) vehicles.push(v);
  rng.shuffle(vehicles);
  // Use about as many routes as the load needs (at least one), capped by the fleet.
  let need = 1;
  const K = P.numDims;
  for (let k = 0; k < K; k++) {
    let total = 0;
    let cap = 0;
    for (let u = P.numDepots; u < P.numNodes; u++) total += P.delivery[u * K + k]!;
    for (let v = 0; v < V; v++) cap += P.capacity[P.vehicleType[v]! * K + k]!;
    if (cap > 0) need = Math.max(need, Math.ceil((total / cap) * V));
  }
  const used = Math.min(V, Math.max(1, Math.ceil(need * 1.1)));
  const lists: number[][] = [];
  for (let r = 0; r < used; r++) lists.push([]);
  clients.forEach((u, i) => lists[i % used]!.push(u));
  return lists.map((visits, r) => {
    const v = vehicles[r]!;
    const vis = visits.slice();
    if (P.typeHasBreak(P.vehicleType[v]!)) vis.splice(vis.length >> 1, 0, BREAK);
    return { vehicle: v, visits: Int32Array.from(vis) };
  });
}

/** Penalty weights must be able to exceed any single prize, or dropping clients would never pay. */
function maxPenaltyFor(problem: Problem, params: PenaltyParams): number {
  let maxPrize = 0;
  for (let u = problem.numDepots; u < problem.numNodes; u++) maxPrize = Math.max(maxPrize, problem.prize[u]!);
  return Math.max(params.maxPenalty, maxPrize * 10);
}
