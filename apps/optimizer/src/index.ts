export * from './pool/solverPool.js';
export * from './pool/shared.js';
export * from './fleet/planFleet.js';
export * from './pool/trace.js';
