export * from './split.js';
export * from './subproblem.js';
