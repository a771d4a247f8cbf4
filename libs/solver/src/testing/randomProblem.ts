import { Rng } from '../rng.js';
import type { ClientSpec, ProblemSpec, VehicleTypeSpec } from '../model/spec.js';

export interface RandomProblemOptions {
  readonly clients: number;
  readonly rich: boolean;
  readonly seed: number;
  /** With `rich`: pickups on some clients (default true). Without, operators take their exact shortcuts. */
  readonly pickups?: boolean;
}

/**
 * Small random problems for property tests: with `rich`, two depots, three vehicle types with different
 * profiles, service types, shifts, maximum durations and (for two of them) breaks with one or two windows,
 * two load dimensions with pickups on some clients, clients with zero, one or two windows, optional clients.
 */
export function randomProblem(o: RandomProblemOptions): ProblemSpec {
  const rng = new Rng(o.seed);
  const D = o.rich ? 2 : 1;
  const C = o.clients;
  const N = D + C;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < N; i++) {
    xs.push(rng.randint(100));
    ys.push(rng.randint(100));
  }
  const base = new Float64Array(N * N);
  for (let i = 0; i < N; i++)
    for (let j = 0; j < N; j++)
      if (i !== j) base[i * N + j] = Math.round(Math.sqrt((xs[i]! - xs[j]!) ** 2 + (ys[i]! - ys[j]!) ** 2));
  const slow = base.map((d, i) => (i % (N + 1) === 0 ? 0 : Math.round(d * 1.5) + (i % 3)));
  const K = o.rich ? 2 : 1;
  const clients: ClientSpec[] = [];
  for (let c = 0; c < C; c++) {
    const windows =
      !o.rich || rng.rand() < 0.3
        ? []
        : rng.rand() < 0.3
          ? [
              { early: rng.randint(100), late: 150 + rng.randint(50) },
              { early: 300 + rng.randint(100), late: 450 + rng.randint(100) },
            ]
          : [{ early: rng.randint(300), late: 350 + rng.randint(300) }];
    const delivery = [1 + rng.randint(10)];
    if (K === 2) delivery.push(rng.randint(5));
    const pickup = o.rich && (o.pickups ?? true) && rng.rand() < 0.3 ? [rng.randint(5), 0] : undefined;
    const required = !o.rich || rng.rand() < 0.7;
    clients.push({
      id: String(c + 1),
      x: xs[D + c]!,
      y: ys[D + c]!,
      delivery,
      ...(pickup ? { pickup } : {}),
      service: 5 + rng.randint(10),
      ...(o.rich ? { serviceByType: [undefined, 20 + rng.randint(5)] } : {}),
      windows,
      required,
      ...(required ? {} : { prize: 50 + rng.randint(200) }),
    });
  }
  const type = (t: number): VehicleTypeSpec => ({
    name: `t${t}`,
    numAvailable: 2 + (t % 2),
    startDepot: t % D,
    endDepot: (t + 1) % D,
    capacity: K === 2 ? [20 + 5 * t, 15] : [25],
    twEarly: o.rich ? 10 * t : 0,
    twLate: o.rich ? 700 + 50 * t : Infinity,
    maxDuration: o.rich && t === 1 ? 400 : Infinity,
    fixedCost: o.rich ? 10 * t : 0,
    unitDistanceCost: t === 2 ? 0 : 1,
    unitTravelCost: t === 0 ? 0 : 1,
    unitDurationCost: t === 1 ? 0.1 : 0,
    profile: o.rich ? t % 2 : 0,
    serviceType: o.rich ? t % 2 : 0,
    ...(o.rich && t > 0
      ? {
          break: {
            id: `b${t}`,
            duration: 30,
            windows:
              t === 1
                ? [{ early: 150, late: 250 }]
                : [
                    { early: 100, late: 150 },
                    { early: 250, late: 300 },
                  ],
          },
        }
      : {}),
  });
  const vehicleTypes = o.rich ? [type(0), type(1), type(2)] : [{ ...type(0), numAvailable: 4 }];
  return {
    name: `random-${o.seed}`,
    numDims: K,
    depots: Array.from({ length: D }, (_, d) => ({ id: `d${d}`, x: xs[d]!, y: ys[d]! })),
    clients,
    vehicleTypes,
    profiles: [
      { name: 'fast', durations: base, distances: base },
      { name: 'slow', durations: slow, distances: base },
    ],
    numServiceTypes: o.rich ? 2 : 1,
  };
}
