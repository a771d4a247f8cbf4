import { packOutcome, unpackOutcome, type IslandOutcome } from './protocol.js';

describe('island outcome packing', () => {
  it('round-trips every field and the encoded solution', () => {
    const outcome: IslandOutcome = {
      index: 1,
      iterations: 42,
      solution: Int32Array.from([2, 0, 3, 5, -1, 4]),
      feasible: true,
      objective: 1234.5,
      startedAt: 1_795_000_000_123.25,
      setupMs: 210.5,
      elapsedMs: 8_712.75,
    };
    const packed = packOutcome(outcome);
    // 8 header numbers, then the 6 encoded values.
    expect(packed.length).toBe(14);
    expect(unpackOutcome(packed)).toEqual(outcome);
  });

  it('keeps an island without a solution apart from one with an empty encoding', () => {
    const none = unpackOutcome(
      packOutcome({
        index: 0,
        iterations: 0,
        solution: null,
        feasible: false,
        objective: Infinity,
        startedAt: 1,
        setupMs: 2,
        elapsedMs: 3,
      }),
    );
    expect(none.solution).toBeNull();
    expect(none.objective).toBe(Infinity);
    expect([none.startedAt, none.setupMs, none.elapsedMs]).toEqual([1, 2, 3]);
  });
});
