/** One broken rule, found by a checker. `rule` is a stable code; `message` says what and where, with the numbers. */
export interface Violation {
  readonly rule: string;
  readonly message: string;
  /** Route (VRPLIB: 1-based route number; VROOM: vehicle id) the violation is in, when it is in one. */
  readonly route?: number;
  /** Node index (VRPLIB) or job/break id (VROOM) the violation is at, when it is at one. */
  readonly at?: number;
}
