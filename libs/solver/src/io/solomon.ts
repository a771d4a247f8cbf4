import { ValidationError } from '@fleet/core';
import type { CoordInstance, CoordNode } from './coordInstance.js';

/**
 * Parses Solomon / Gehring-Homberger text: a name line, `VEHICLE` / `NUMBER CAPACITY` with the fleet bound
 * and capacity, then `CUSTOMER` and one row per node (number, x, y, demand, ready, due, service); row 0 is
 * the depot. CRLF and extra blank lines are fine.
 */
export function parseSolomon(text: string): CoordInstance {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const name = lines.find((l) => l.length > 0) ?? '';
  const vIdx = lines.findIndex((l) => /^NUMBER\s+CAPACITY/i.test(l));
  if (vIdx < 0) throw new ValidationError('not a Solomon file: no NUMBER CAPACITY line');
  const fleetLine = lines.slice(vIdx + 1).find((l) => l.length > 0) ?? '';
  const [numVehicles, capacity] = fleetLine.split(/\s+/).map(Number);
  if (!Number.isFinite(numVehicles) || !Number.isFinite(capacity))
    throw new ValidationError('bad VEHICLE section', { line: fleetLine });
  const cIdx = lines.findIndex((l) => /^CUST\s*NO/i.test(l));
  if (cIdx < 0) throw new ValidationError('not a Solomon file: no CUSTOMER header');
  const nodes: CoordNode[] = [];
  for (let i = cIdx + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.length === 0) continue;
    const f = l.split(/\s+/).map(Number);
    if (f.length < 7 || f.some((v) => !Number.isFinite(v)))
      throw new ValidationError('bad customer row', { line: l });
    nodes.push({
      index: f[0]!,
      x: f[1]!,
      y: f[2]!,
      demand: f[3]!,
      early: f[4]!,
      late: f[5]!,
      service: f[6]!,
    });
  }
  const depot = nodes[0];
  if (!depot) throw new ValidationError('no depot row');
  return {
    name,
    kind: 'vrptw',
    capacity: capacity!,
    numVehicles: numVehicles!,
    depot,
    customers: nodes.slice(1),
  };
}
