import type { VrpInstance } from './instance.js';
import { parseSolomon } from './parse-solomon.js';
import { parseVrplib } from './parse-vrplib.js';
import type { Rounding } from './rounding.js';

/** VRPLIB when the text has `KEY : value` specification lines (NAME, TYPE...), Solomon text otherwise. */
export function parseVrpInstance(text: string): VrpInstance {
  return /^\s*(NAME|TYPE|DIMENSION)\s*:/m.test(text) ? parseVrplib(text) : parseSolomon(text);
}

/** The benchmarks' conventions: VRPTW sets (Solomon, Homberger) DIMACS truncation, CVRP sets (X) TSPLIB rounding. */
export function defaultRounding(instance: VrpInstance): Rounding {
  return instance.hasTimeWindows ? 'dimacs' : 'round';
}
