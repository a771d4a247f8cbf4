import { ValidationError } from '@fleet/core';
import type { CoordInstance, CoordNode } from './coordInstance.js';

/**
 * Parses VRPLIB (CVRP and VRPTW) files with EUC_2D coordinates: specification lines `KEY : value`
 * (NAME, TYPE, DIMENSION, CAPACITY, VEHICLES, SERVICE_TIME, EDGE_WEIGHT_TYPE) and the sections
 * NODE_COORD_SECTION, DEMAND_SECTION, TIME_WINDOW_SECTION, SERVICE_TIME_SECTION, DEPOT_SECTION. Node ids are
 * 1-based in the file; the instance uses 0-based file order, so that VRPLIB node 1 (the depot) is index 0.
 */
export function parseVrplib(text: string): CoordInstance {
  const spec = new Map<string, string>();
  const sections = new Map<string, string[][]>();
  let current: string[][] | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.length === 0) continue;
    if (line === 'EOF') break;
    const m = /^([A-Z_]+)\s*:\s*(.*)$/.exec(line);
    if (m && !/^[-\d]/.test(line)) {
      spec.set(m[1]!, m[2]!.trim());
      current = null;
      continue;
    }
    if (/^[A-Z_]+_SECTION$/.test(line)) {
      current = [];
      sections.set(line, current);
      continue;
    }
    if (current) current.push(line.split(/\s+/));
  }
  const type = (spec.get('TYPE') ?? 'CVRP').toUpperCase();
  if (type !== 'CVRP' && type !== 'VRPTW') throw new ValidationError(`unsupported VRPLIB TYPE ${type}`);
  const ewt = (spec.get('EDGE_WEIGHT_TYPE') ?? 'EUC_2D').toUpperCase();
  if (ewt !== 'EUC_2D') throw new ValidationError(`unsupported EDGE_WEIGHT_TYPE ${ewt}`);
  const dim = Number(spec.get('DIMENSION'));
  const capacity = Number(spec.get('CAPACITY'));
  if (!Number.isInteger(dim) || dim < 1) throw new ValidationError('bad DIMENSION');
  if (!Number.isFinite(capacity)) throw new ValidationError('bad CAPACITY');
  const coords = sections.get('NODE_COORD_SECTION');
  if (!coords || coords.length !== dim)
    throw new ValidationError('NODE_COORD_SECTION must list DIMENSION nodes');
  // A section that lists nodes lists all of them: fewer rows mean a cut or mangled file, which would
  // otherwise be solved with zero demands or open windows.
  const complete = (name: string, required: boolean): void => {
    const rows = sections.get(name);
    if (rows === undefined ? required : rows.length !== dim)
      throw new ValidationError(`${name} must list DIMENSION nodes`, {
        [name]: `${rows?.length ?? 0} rows for DIMENSION ${dim}`,
      });
  };
  complete('DEMAND_SECTION', true);
  complete('TIME_WINDOW_SECTION', type === 'VRPTW');
  complete('SERVICE_TIME_SECTION', false);
  const byId = (rows: string[][] | undefined, what: string): Map<number, number[]> => {
    const m = new Map<number, number[]>();
    for (const r of rows ?? []) {
      const v = r.map(Number);
      if (v.some((x) => !Number.isFinite(x)))
        throw new ValidationError(`bad ${what} row`, { row: r.join(' ') });
      m.set(v[0]!, v.slice(1));
    }
    return m;
  };
  const xy = byId(coords, 'coordinate');
  const demand = byId(sections.get('DEMAND_SECTION'), 'demand');
  const tws = byId(sections.get('TIME_WINDOW_SECTION'), 'time window');
  const svc = byId(sections.get('SERVICE_TIME_SECTION'), 'service time');
  const depots = (sections.get('DEPOT_SECTION') ?? [['1']]).map((r) => Number(r[0])).filter((d) => d > 0);
  const depotId = depots[0] ?? 1;
  const defaultService = Number(spec.get('SERVICE_TIME') ?? 0);
  const nodes: CoordNode[] = [];
  for (let id = 1; id <= dim; id++) {
    const c = xy.get(id);
    if (!c) throw new ValidationError(`node ${id} has no coordinates`);
    const tw = tws.get(id);
    nodes.push({
      index: id - 1,
      x: c[0]!,
      y: c[1]!,
      demand: demand.get(id)?.[0] ?? 0,
      early: tw?.[0] ?? 0,
      late: tw?.[1] ?? Infinity,
      service: id === depotId ? 0 : (svc.get(id)?.[0] ?? defaultService),
    });
  }
  const depot = nodes[depotId - 1]!;
  const vehicles = spec.get('VEHICLES');
  return {
    name: spec.get('NAME') ?? '',
    kind: type === 'VRPTW' ? 'vrptw' : 'cvrp',
    capacity,
    ...(vehicles !== undefined ? { numVehicles: Number(vehicles) } : {}),
    depot,
    customers: nodes.filter((n) => n !== depot),
  };
}
