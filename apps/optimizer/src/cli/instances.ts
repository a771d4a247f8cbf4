import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { ValidationError } from '@fleet/core';
import {
  buildCoordProblem,
  fromVroom,
  parseSolomon,
  parseVrplib,
  type CoordInstance,
  type ProblemSpec,
  type Rounding,
  type VroomMeta,
} from '@fleet/solver';

export type LoadedInstance =
  | {
      readonly format: 'solomon' | 'vrplib';
      readonly name: string;
      readonly coord: CoordInstance;
      readonly rounding: Rounding;
      readonly spec: ProblemSpec;
    }
  | { readonly format: 'vroom'; readonly name: string; readonly meta: VroomMeta; readonly spec: ProblemSpec };

/**
 * Reads an instance file: `.json` is VROOM input; otherwise VRPLIB when it has a DIMENSION line, else Solomon
 * text. Default rounding: dimacs for VRPTW, round for CVRP (the conventions of the BKS tables).
 */
export async function loadInstance(path: string, rounding?: Rounding): Promise<LoadedInstance> {
  const text = await readFile(path, 'utf8');
  const name = basename(path, extname(path));
  if (extname(path).toLowerCase() === '.json') {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new ValidationError(`${path} is not valid JSON`, undefined, { cause });
    }
    const { spec, meta } = fromVroom(json, name);
    return { format: 'vroom', name, meta, spec };
  }
  const isVrplib = /^\s*DIMENSION\s*:/m.test(text);
  const coord = isVrplib ? parseVrplib(text) : parseSolomon(text);
  const r = rounding ?? (coord.kind === 'cvrp' ? 'round' : 'dimacs');
  return {
    format: isVrplib ? 'vrplib' : 'solomon',
    name: coord.name || name,
    coord,
    rounding: r,
    spec: buildCoordProblem(coord, r),
  };
}
