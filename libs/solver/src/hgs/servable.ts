import type { Problem } from '../model/problem.js';
import { checkAlone } from '../unassigned/reasons.js';

/**
 * Which vehicle types could serve a client alone (`checkAlone`: a route from the depot to the client and back,
 * within every window, shift, break and capacity), memoised per client and type: the passes that let left-out
 * clients in (leftOutPool.ts, valuePolish.ts) try a client only in the vehicles that could.
 */
export class Servable {
  /** Per client and vehicle type: 0 unknown, 1 the type could serve the client alone, 2 not. */
  private memo: Uint8Array | undefined;

  constructor(private readonly problem: Problem) {}

  /** Whether a vehicle of type `t` could serve client `u` alone. */
  by(u: number, t: number): boolean {
    const T = this.problem.vehicleTypes.length;
    this.memo ??= new Uint8Array(this.problem.numNodes * T);
    const i = u * T + t;
    if (this.memo[i] === 0) this.memo[i] = checkAlone(this.problem, t, u) === undefined ? 1 : 2;
    return this.memo[i] === 1;
  }

  /** Whether some vehicle type could serve client `u` alone. */
  alone(u: number): boolean {
    for (let t = 0; t < this.problem.vehicleTypes.length; t++) if (this.by(u, t)) return true;
    return false;
  }
}
