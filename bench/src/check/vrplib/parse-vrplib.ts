import { ValidationError } from '@fleet/core';
import type { VrpInstance, VrpNode } from './instance.js';

/**
 * VRPLIB (TSPLIB-style) CVRP and VRPTW files with EDGE_WEIGHT_TYPE EUC_2D: `KEY : value` specification lines, then
 * sections NODE_COORD_SECTION, DEMAND_SECTION, DEPOT_SECTION (ids closed by -1), and for VRPTW TIME_WINDOW_SECTION and
 * SERVICE_TIME_SECTION (or one scalar SERVICE_TIME for every customer). Nodes are numbered from 1 in the file; the
 * depot must be node 1, which becomes index 0, so customer node c + 1 is solution number c.
 */
export function parseVrplib(text: string): VrpInstance {
  const spec = new Map<string, string>();
  const sections = new Map<string, number[][]>();
  let current: number[][] | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line === 'EOF') continue;
    const field = /^([A-Z_]+)\s*:\s*(.*)$/.exec(line);
    if (field?.[1] !== undefined && field[2] !== undefined) {
      spec.set(field[1], field[2].trim().replace(/^"|"$/g, ''));
      current = undefined;
    } else if (/^[A-Z_]+_SECTION$/.test(line)) {
      current = [];
      sections.set(line, current);
    } else if (current !== undefined) {
      const cells = line.split(/\s+/).map(Number);
      if (!cells.every(Number.isFinite)) throw new ValidationError(`VRPLIB file: bad row "${line}"`);
      current.push(cells);
    } else {
      throw new ValidationError(`VRPLIB file: line outside any section "${line}"`);
    }
  }

  const weightType = spec.get('EDGE_WEIGHT_TYPE');
  if (weightType !== 'EUC_2D')
    throw new ValidationError(`VRPLIB file: EDGE_WEIGHT_TYPE ${weightType} is not supported`);
  const dimension = Number(spec.get('DIMENSION'));
  const capacity = Number(spec.get('CAPACITY'));
  if (!Number.isInteger(dimension) || dimension < 2 || !Number.isFinite(capacity)) {
    throw new ValidationError('VRPLIB file: DIMENSION and CAPACITY must be numbers');
  }
  const depots = (sections.get('DEPOT_SECTION') ?? [[1]]).flat().filter((id) => id !== -1);
  if (depots.length !== 1 || depots[0] !== 1) {
    throw new ValidationError(
      `VRPLIB file: only one depot, node 1, is supported (found ${depots.join(', ')})`,
    );
  }

  const coords = column(sections, 'NODE_COORD_SECTION', dimension, 2);
  if (coords === undefined) throw new ValidationError('VRPLIB file: NODE_COORD_SECTION is missing');
  const demands = column(sections, 'DEMAND_SECTION', dimension, 1);
  const windows = column(sections, 'TIME_WINDOW_SECTION', dimension, 2);
  const services = column(sections, 'SERVICE_TIME_SECTION', dimension, 1);
  const scalarService = Number(spec.get('SERVICE_TIME') ?? 0);

  const nodes: VrpNode[] = coords.map(([x = 0, y = 0], index) => ({
    x,
    y,
    demand: demands?.[index]?.[0] ?? 0,
    ready: windows?.[index]?.[0] ?? 0,
    due: windows?.[index]?.[1] ?? Infinity,
    service: index === 0 ? 0 : (services?.[index]?.[0] ?? scalarService),
  }));
  const vehicles = spec.get('VEHICLES');
  return {
    name: spec.get('NAME') ?? '',
    format: 'vrplib',
    nodes,
    capacity,
    ...(vehicles === undefined ? {} : { vehicleLimit: Number(vehicles) }),
    hasTimeWindows: windows !== undefined,
  };
}

/** The section's rows as values by 0-based node index (the file's id minus 1), each row checked for its width. */
function column(
  sections: Map<string, number[][]>,
  name: string,
  dimension: number,
  width: number,
): number[][] | undefined {
  const rows = sections.get(name);
  if (rows === undefined) return undefined;
  const values: number[][] = new Array<number[]>(dimension);
  for (const [id, ...rest] of rows) {
    if (id === undefined || !Number.isInteger(id) || id < 1 || id > dimension || rest.length !== width) {
      throw new ValidationError(`VRPLIB file: bad row in ${name}: ${[id, ...rest].join(' ')}`);
    }
    values[id - 1] = rest;
  }
  if (values.filter((row) => row !== undefined).length !== dimension) {
    throw new ValidationError(`VRPLIB file: ${name} does not list all ${dimension} nodes`);
  }
  return values;
}
