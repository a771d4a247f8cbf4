import { ValidationError } from '@fleet/core';
import type { VrpInstance, VrpNode } from './instance.js';

/**
 * Solomon text format (Solomon 1987; Gehring & Homberger use it too):
 *   <name> / VEHICLE / NUMBER CAPACITY / <number> <capacity> / CUSTOMER / <header> / rows of
 *   `CUST_NO X Y DEMAND READY DUE SERVICE`, the first row (customer 0) being the depot.
 * Customer numbers must run 0..n in order, since a solution names customers by them.
 */
export function parseSolomon(text: string): VrpInstance {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const name = lines.find((line) => line !== '') ?? '';
  const vehicleHeader = lines.findIndex((line) => /^NUMBER\s+CAPACITY$/i.test(line));
  const fleet = lines
    .slice(vehicleHeader + 1)
    .find((line) => line !== '')
    ?.split(/\s+/)
    .map(Number);
  const [number, capacity] = fleet ?? [];
  if (vehicleHeader < 0 || number === undefined || capacity === undefined || !fleet?.every(Number.isFinite)) {
    throw new ValidationError('Solomon file: no `NUMBER CAPACITY` line followed by two numbers');
  }
  const customerHeader = lines.findIndex((line) => /^CUST\s*NO/i.test(line));
  if (customerHeader < 0) throw new ValidationError('Solomon file: no `CUST NO.` header line');

  const nodes: VrpNode[] = [];
  for (const line of lines.slice(customerHeader + 1)) {
    if (line === '') continue;
    const cells = line.split(/\s+/).map(Number);
    if (cells.length !== 7 || !cells.every(Number.isFinite)) {
      throw new ValidationError(`Solomon file: bad customer row "${line}"`);
    }
    const [id, x, y, demand, ready, due, service] = cells as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (id !== nodes.length) {
      throw new ValidationError(`Solomon file: customer ${id} found where ${nodes.length} was expected`);
    }
    nodes.push({ x, y, demand, ready, due, service });
  }
  if (nodes.length < 2) throw new ValidationError('Solomon file: needs a depot and at least one customer');
  return { name, format: 'solomon', nodes, capacity, vehicleLimit: number, hasTimeWindows: true };
}
