import { Problem } from '../model/problem.js';
import { lineSpec, optionalLineClients } from '../testing/lineProblem.js';
import { shortOfTimeIsland as island } from '../testing/shortOfTimeIsland.js';
import { Island } from './island.js';
import { DEFAULT_GENETIC_PARAMS } from './params.js';

/**
 * The island of testing/shortOfTimeIsland.ts: ten optional clients c1..c10 on the line (node i at 10 i from the
 * depot), delivery 1 each, one vehicle of capacity 100, service 100 each; with a shift of [0, 100 000] all fit.
 * `crossPromisingFrom` 10 makes these 10 clients a large enough problem.
 */
describe('Island: the promising-client local search after crossovers (crossPromisingFrom)', () => {
  it('applies from crossPromisingFrom clients on a fleet that can carry every delivery', () => {
    expect(island(100_000, { crossPromisingFrom: 10 }).crossPromising).toBe(true);
  });

  it('does not apply below crossPromisingFrom clients', () => {
    expect(island(100_000, { crossPromisingFrom: 11 }).crossPromising).toBe(false);
  });

  it('does not apply on a fleet short of capacity', () => {
    // Capacity 5 for ten deliveries of 1: fleetCapacity says short.
    const spec = lineSpec(optionalLineClients(10, 100, 1000), [5], 100_000);
    const isl = new Island(new Problem(spec), 1, { ...DEFAULT_GENETIC_PARAMS, crossPromisingFrom: 10 });
    expect(isl.crossPromising).toBe(false);
  });
});
