import type { CostEvaluator } from '../cost/costEvaluator.js';
import type { Problem } from '../model/problem.js';
import type { Rng } from '../rng.js';
import type { Solution } from '../solution/solution.js';
import { brokenPairsDistance } from './diversity.js';

export interface PopulationParams {
  readonly minPopSize: number;
  readonly generationSize: number;
  readonly numElite: number;
  readonly numClose: number;
  readonly lbDiversity: number;
  readonly ubDiversity: number;
}

export const DEFAULT_POPULATION_PARAMS: PopulationParams = {
  minPopSize: 25,
  generationSize: 40,
  numElite: 4,
  numClose: 5,
  lbDiversity: 0.1,
  ubDiversity: 0.5,
};

interface Item {
  readonly sol: Solution;
  fitness: number;
  /** Distances to the other members, ascending. */
  readonly prox: { d: number; item: Item }[];
}

/**
 * One sub-population (feasible or infeasible) with HGS's biased fitness: the rank by penalised cost plus
 * (1 - numElite / size) times the rank by diversity contribution (mean broken-pairs distance to the
 * numClose closest members). Survivor selection removes clones first, then the worst fitness.
 */
class SubPopulation {
  readonly items: Item[] = [];

  constructor(
    private readonly problem: Problem,
    private readonly params: PopulationParams,
  ) {}

  add(sol: Solution, ce: CostEvaluator): void {
    const item: Item = { sol, fitness: 0, prox: [] };
    const D = this.problem.numDepots;
    const N = this.problem.numNodes;
    for (const other of this.items) {
      const d = brokenPairsDistance(sol, other.sol, D, N);
      insertSorted(item.prox, { d, item: other });
      insertSorted(other.prox, { d, item });
    }
    this.items.push(item);
    if (this.items.length > this.params.minPopSize + this.params.generationSize) this.purge(ce);
  }

  private remove(item: Item): void {
    const i = this.items.indexOf(item);
    if (i >= 0) this.items.splice(i, 1);
    for (const other of this.items) {
      const j = other.prox.findIndex((p) => p.item === item);
      if (j >= 0) other.prox.splice(j, 1);
    }
  }

  private purge(ce: CostEvaluator): void {
    while (this.items.length > this.params.minPopSize) {
      const clone = this.items.find((it) => it.prox.length > 0 && it.prox[0]!.d === 0);
      if (!clone) break;
      this.remove(clone);
    }
    while (this.items.length > this.params.minPopSize) {
      this.updateFitness(ce);
      let worst = this.items[0]!;
      for (const it of this.items) if (it.fitness > worst.fitness) worst = it;
      this.remove(worst);
    }
  }

  avgDistanceClosest(item: Item): number {
    const n = Math.min(this.params.numClose, item.prox.length);
    if (n === 0) return 0;
    let s = 0;
    for (let i = 0; i < n; i++) s += item.prox[i]!.d;
    return s / n;
  }

  updateFitness(ce: CostEvaluator): void {
    const n = this.items.length;
    if (n === 0) return;
    if (n === 1) {
      this.items[0]!.fitness = 0;
      return;
    }
    const byCost = this.items.map((it, i) => ({ i, c: it.sol.penalised(ce) }));
    byCost.sort((a, b) => a.c - b.c || a.i - b.i);
    const div = byCost.map((x) => ({ i: x.i, d: -this.avgDistanceClosest(this.items[x.i]!) }));
    const divRank = new Float64Array(n);
    const order = div.map((x, rank) => ({ ...x, rank }));
    order.sort((a, b) => a.d - b.d || a.rank - b.rank);
    order.forEach((x, r) => {
      divRank[x.i] = r / (n - 1);
    });
    const weight = 1 - this.params.numElite / n;
    byCost.forEach((x, r) => {
      this.items[x.i]!.fitness = r / (n - 1) + weight * divRank[x.i]!;
    });
  }
}

function insertSorted(arr: { d: number; item: Item }[], e: { d: number; item: Item }): void {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (arr[mid]!.d <= e.d) lo = mid + 1;
    else hi = mid;
  }
  arr.splice(lo, 0, e);
}

/** The HGS population: feasible and infeasible sub-populations, binary-tournament parent selection. */
export class Population {
  private readonly feasible: SubPopulation;
  private readonly infeasible: SubPopulation;

  constructor(
    private readonly problem: Problem,
    private readonly params: PopulationParams = DEFAULT_POPULATION_PARAMS,
  ) {
    this.feasible = new SubPopulation(problem, params);
    this.infeasible = new SubPopulation(problem, params);
  }

  get size(): number {
    return this.feasible.items.length + this.infeasible.items.length;
  }

  add(sol: Solution, ce: CostEvaluator): void {
    (sol.feasible ? this.feasible : this.infeasible).add(sol, ce);
  }

  clear(): void {
    this.feasible.items.length = 0;
    this.infeasible.items.length = 0;
  }

  /** Two parents by binary tournament, retried (up to 10 times) until their distance is in bounds. */
  select(rng: Rng, ce: CostEvaluator): [Solution, Solution] {
    this.feasible.updateFitness(ce);
    this.infeasible.updateFitness(ce);
    const first = this.tournament(rng);
    let second = this.tournament(rng);
    const D = this.problem.numDepots;
    const N = this.problem.numNodes;
    for (let tries = 1; tries < 10; tries++) {
      const d = brokenPairsDistance(first, second, D, N);
      if (d >= this.params.lbDiversity && d <= this.params.ubDiversity) break;
      second = this.tournament(rng);
    }
    return [first, second];
  }

  private pick(rng: Rng): Item {
    const nf = this.feasible.items.length;
    const i = rng.randint(this.size);
    return i < nf ? this.feasible.items[i]! : this.infeasible.items[i - nf]!;
  }

  private tournament(rng: Rng): Solution {
    const a = this.pick(rng);
    const b = this.pick(rng);
    return (a.fitness < b.fitness ? a : b).sol;
  }
}
