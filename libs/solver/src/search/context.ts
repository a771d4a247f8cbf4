import type { Problem } from '../model/problem.js';
import type { Evaluator } from './evaluator.js';
import type { Handles } from './handles.js';
import type { SearchState } from './state.js';

/** What operators share: the problem, the mutable state and the proposal evaluator. */
export interface SearchContext {
  readonly problem: Problem;
  readonly state: SearchState;
  readonly ev: Evaluator;
  readonly handles: Handles;
}

/** A move on a pair of nodes (U, V): evaluate returns the cost delta (< 0 improves), apply performs it. */
export interface NodeOperator {
  readonly name: string;
  evaluate(U: number, V: number): number;
  apply(U: number, V: number): void;
}

/** A move on a pair of routes (by vehicle index). */
export interface RouteOperator {
  readonly name: string;
  evaluate(rU: number, rV: number): number;
  apply(rU: number, rV: number): void;
  /** A third route the last apply changed, when it changes one (-1 or absent: none). */
  readonly alsoChanged?: number;
}
