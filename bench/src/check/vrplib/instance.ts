/**
 * A CVRP / VRPTW benchmark instance, whatever file format it came from. Node 0 is the depot; nodes 1..n are the
 * customers, so a node's index is the number a solution file uses for it.
 */
export interface VrpNode {
  readonly x: number;
  readonly y: number;
  readonly demand: number;
  /** Earliest service start (0 when the instance has no time windows). */
  readonly ready: number;
  /** Latest service start; for the depot, the time by which every vehicle must be back. Infinity without windows. */
  readonly due: number;
  readonly service: number;
}

export interface VrpInstance {
  readonly name: string;
  readonly format: 'solomon' | 'vrplib';
  readonly nodes: readonly VrpNode[];
  readonly capacity: number;
  /** The most vehicles a solution may use, when the instance sets one (Solomon NUMBER, VRPLIB VEHICLES). */
  readonly vehicleLimit?: number;
  readonly hasTimeWindows: boolean;
}
