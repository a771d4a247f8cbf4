import { Problem } from '../model/problem.js';
import { lineSpec, optionalLineClients } from '../testing/lineProblem.js';
import { DEFAULT_GENETIC_PARAMS } from './params.js';
import { ruinShareFor } from './ruinShare.js';

const params = { ruinShare: 0.95, smallRuinShare: 0.2, smallClients: 3, smallRuinLegShare: 0.8 };
const problem = (clients: number): Problem =>
  new Problem(lineSpec(optionalLineClients(clients, 0, 100), [clients], 1000));

describe('ruinShareFor', () => {
  it('gives small problems with long routes the crossovers (smallRuinShare)', () => {
    // 3 clients <= smallClients 3, depot legs 0.5 of a route's cost < 0.8.
    expect(ruinShareFor(problem(3), params, 0.5)).toBe(0.2);
    // Just below the line: 0.7999 < 0.8.
    expect(ruinShareFor(problem(3), params, 0.7999)).toBe(0.2);
  });

  it('keeps ruinShare on small problems bound by their depot legs', () => {
    // 3 clients, depot legs 0.8 and 0.9 of a route's cost >= 0.8.
    expect(ruinShareFor(problem(3), params, 0.8)).toBe(0.95);
    expect(ruinShareFor(problem(3), params, 0.9)).toBe(0.95);
  });

  it('gives larger problems ruinShare whatever their depot legs', () => {
    // 4 clients > smallClients 3.
    expect(ruinShareFor(problem(4), params, 0.1)).toBe(0.95);
    expect(ruinShareFor(problem(4), params, 0.9)).toBe(0.95);
  });

  it('has the defaults measured in session 24', () => {
    expect(DEFAULT_GENETIC_PARAMS.smallRuinLegShare).toBe(0.8);
    expect(DEFAULT_GENETIC_PARAMS.smallClients).toBe(200);
  });
});
