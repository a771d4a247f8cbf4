import { CostEvaluator } from '../cost/costEvaluator.js';
import { randomRoutes } from '../hgs/island.js';
import { computeNeighbours } from '../model/neighbours.js';
import { Problem } from '../model/problem.js';
import { Rng } from '../rng.js';
import { DurationSegment } from '../segments/duration.js';
import { randomProblem } from '../testing/randomProblem.js';
import { LocalSearch } from './localSearch.js';
import type { SearchRoute } from './route.js';

/**
 * SearchRoute.tailFor(T, i) against the tail priced visit by visit, forwards, the way Evaluator.pass3 walks a
 * range: T's travel times and service times, S's break turned into T's (T's duration, T's selected window,
 * opened earlier by the leg after it when breaks are on the way). The random rich problems get three vehicle
 * types with two profiles and two service types; the break of the third type is made longer than the
 * second's so that a break taken over by another vehicle must change duration.
 */
function visitByVisit(
  P: Problem,
  S: SearchRoute,
  T: SearchRoute,
  i: number,
  selE: Float64Array,
  selL: Float64Array,
): DurationSegment {
  const N = P.numNodes;
  const dur = P.durations[T.profile]!;
  const seg = new DurationSegment();
  let started = false;
  let pending = false;
  let prev = -1;
  for (let k = i; k < S.last; k++) {
    if (k === S.breakPos) {
      pending = true;
      continue;
    }
    const h = S.nodes[k]!;
    const travel = prev >= 0 ? dur[prev * N + h]! : 0;
    if (pending) {
      const lead = P.breaksOnTheWay ? travel : 0;
      const e = selE[T.breakHandle]! - lead;
      if (started) seg.append(0, P.breakDuration[T.type]!, 0, e, selL[T.breakHandle]!);
      else seg.set(P.breakDuration[T.type]!, 0, e, selL[T.breakHandle]!);
      started = true;
      pending = false;
    }
    const s = P.service[T.serviceType * N + h]!;
    if (started) seg.append(travel, s, 0, selE[h]!, selL[h]!);
    else seg.set(s, 0, selE[h]!, selL[h]!);
    started = true;
    prev = h;
  }
  return seg;
}

function checkAll(seed: number, onTheWay: boolean): number {
  const spec = randomProblem({ clients: 24, rich: true, seed });
  const types = spec.vehicleTypes.map((t, k) =>
    k === 2 && t.break ? { ...t, break: { ...t.break, duration: 45 } } : t,
  );
  const P = new Problem({ ...spec, vehicleTypes: types, breaksOnTheWay: onTheWay });
  const rng = new Rng(seed);
  const ls = new LocalSearch(P, computeNeighbours(P), rng);
  const ce = new CostEvaluator(new Float64Array(P.numDims).fill(3), 2);
  const { routes, selEarly, selLate } = ls.state;
  let checked = 0;
  const checkPair = (S: SearchRoute, T: SearchRoute): void => {
    if (S === T || S.numClients === 0 || S.breakPos === S.last - 1) return;
    // Shortest tail first, then longer ones (filled on from where it stopped), then all again.
    const order = [...Array(S.last - 1).keys()].map((q) => S.last - 1 - q);
    for (const i of [...order, ...order]) {
      if (i === S.breakPos) continue; // pass3 holds a leading break itself
      if (S.breakPos >= i && !T.hasBreak) continue;
      const x = S.tailFor(T, i, selEarly, selLate);
      const ref = visitByVisit(P, S, T, i, selEarly, selLate);
      expect([x.D[i], x.TW[i], x.E[i], x.L[i]]).toEqual([ref.duration, ref.timeWarp, ref.early, ref.late]);
      checked++;
    }
  };
  // Each round loads other routes into the same route objects: what was filled before must be refilled.
  for (let round = 0; round < 3; round++) {
    ls.loadAndRepair(randomRoutes(P, rng), ce);
    for (const S of routes) for (const T of routes) checkPair(S, T);
    // Only the target changes: its visits reversed and its break in its other window. Refilled too.
    const T = routes.find((r) => r.hasBreak && P.breakOffset[r.type + 1]! - P.breakOffset[r.type]! === 2)!;
    const o =
      P.breakOffset[T.type]! + (selEarly[T.breakHandle] === P.breakEarly[P.breakOffset[T.type]!] ? 1 : 0);
    selEarly[T.breakHandle] = P.breakEarly[o]!;
    selLate[T.breakHandle] = P.breakLate[o]!;
    T.setVisits([...T.nodes.subarray(1, T.last)].reverse());
    ls.state.updateRoute(T);
    for (const S of routes) checkPair(S, T);
  }
  return checked;
}

describe('SearchRoute.tailFor: a tail as another vehicle drives it', () => {
  it('equals the tail priced visit by visit, breaks taken over included', () => {
    let checked = 0;
    for (let seed = 1; seed <= 4; seed++) checked += checkAll(seed, false);
    expect(checked).toBeGreaterThan(500);
  });

  it('with breaks on the way: the break window opens earlier by the leg after it', () => {
    let checked = 0;
    for (let seed = 1; seed <= 4; seed++) checked += checkAll(seed, true);
    expect(checked).toBeGreaterThan(500);
  });
});
