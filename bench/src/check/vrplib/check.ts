import type { Violation } from '../violation.js';
import type { VrpInstance } from './instance.js';
import { metricFor, type Metric, type Rounding } from './rounding.js';
import type { VrpSolution } from './solution.js';

export interface VrpCheckReport {
  readonly instance: string;
  readonly rounding: Rounding;
  readonly feasible: boolean;
  readonly violations: readonly Violation[];
  /** Routes that serve at least one customer. */
  readonly vehicles: number;
  /** Total distance recomputed under the rounding convention. */
  readonly cost: number;
  readonly statedCost: number | null;
  /** Whether the stated cost equals the recomputed one to the stated number of decimals (false when none is stated). */
  readonly costMatches: boolean;
}

/**
 * Checks a CVRP / VRPTW solution against its instance: every customer served exactly once, capacity per route, time
 * windows (arrival = max(ready, previous departure + travel), service start <= due, back at the depot by its due
 * date; vehicles leave the depot at its ready time), the vehicle limit when the instance has one, and the cost.
 */
export function checkVrpSolution(
  instance: VrpInstance,
  solution: VrpSolution,
  rounding: Rounding,
): VrpCheckReport {
  const metric = metricFor(rounding);
  const violations: Violation[] = [];
  const visits = new Array<number>(instance.nodes.length).fill(0);
  let ticks = 0;
  let vehicles = 0;

  solution.routes.forEach((customers, index) => {
    const route = index + 1;
    const known = customers.filter((c) => {
      if (Number.isInteger(c) && c >= 1 && c < instance.nodes.length) return true;
      violations.push({
        rule: 'unknown_node',
        route,
        at: c,
        message: `route ${route}: ${c} is not a customer`,
      });
      return false;
    });
    if (known.length === 0) return;
    vehicles += 1;
    for (const c of known) visits[c] = (visits[c] ?? 0) + 1;
    ticks += routeLength(instance, metric, known);
    checkLoad(instance, known, route, violations);
    if (instance.hasTimeWindows) checkTimes(instance, metric, known, route, violations);
  });

  visits.forEach((count, c) => {
    if (c === 0 || count === 1) return;
    const message = count === 0 ? `customer ${c} is not served` : `customer ${c} is served ${count} times`;
    violations.push({ rule: 'coverage', at: c, message });
  });
  if (instance.vehicleLimit !== undefined && vehicles > instance.vehicleLimit) {
    violations.push({
      rule: 'vehicles',
      message: `${vehicles} vehicles used, the instance allows ${instance.vehicleLimit}`,
    });
  }

  const cost = ticks / metric.ticksPerUnit;
  const stated = solution.statedCost;
  return {
    instance: instance.name,
    rounding,
    feasible: violations.length === 0,
    violations,
    vehicles,
    cost,
    statedCost: stated === undefined ? null : Number(stated),
    costMatches: stated !== undefined && Math.abs(Number(stated) - cost) < tolerance(stated),
  };
}

/** Half a unit of the stated cost's last decimal: 827.3 matches [827.25, 827.35). */
function tolerance(stated: string): number {
  const decimals = stated.split('.')[1]?.length ?? 0;
  return 0.5 * 10 ** -decimals + 1e-9;
}

function routeLength(instance: VrpInstance, metric: Metric, customers: readonly number[]): number {
  let ticks = 0;
  let previous = 0;
  for (const c of [...customers, 0]) {
    ticks += arc(instance, metric, previous, c);
    previous = c;
  }
  return ticks;
}

function arc(instance: VrpInstance, metric: Metric, from: number, to: number): number {
  const a = instance.nodes[from];
  const b = instance.nodes[to];
  if (a === undefined || b === undefined) throw new RangeError(`no node ${from} or ${to}`);
  return metric.arc(a.x, a.y, b.x, b.y);
}

function checkLoad(
  instance: VrpInstance,
  customers: readonly number[],
  route: number,
  out: Violation[],
): void {
  const load = customers.reduce((sum, c) => sum + (instance.nodes[c]?.demand ?? 0), 0);
  if (load > instance.capacity) {
    out.push({
      rule: 'capacity',
      route,
      message: `route ${route}: load ${load} > capacity ${instance.capacity}`,
    });
  }
}

function checkTimes(
  instance: VrpInstance,
  metric: Metric,
  customers: readonly number[],
  route: number,
  out: Violation[],
): void {
  const tpu = metric.ticksPerUnit;
  const show = (ticks: number): string => String(Math.round((ticks / tpu) * 1e6) / 1e6);
  const depot = instance.nodes[0];
  if (depot === undefined) return;
  let time = depot.ready * tpu;
  let previous = 0;
  for (const c of customers) {
    const node = instance.nodes[c];
    if (node === undefined) continue;
    const arrival = time + arc(instance, metric, previous, c);
    const start = Math.max(arrival, node.ready * tpu);
    if (start > node.due * tpu + metric.epsilon) {
      out.push({
        rule: 'time_window',
        route,
        at: c,
        message: `route ${route}: service at customer ${c} starts at ${show(start)} > due ${node.due}`,
      });
    }
    time = start + node.service * tpu;
    previous = c;
  }
  const back = time + arc(instance, metric, previous, 0);
  if (back > depot.due * tpu + metric.epsilon) {
    out.push({
      rule: 'depot_return',
      route,
      message: `route ${route}: back at the depot at ${show(back)} > depot due ${depot.due}`,
    });
  }
}
