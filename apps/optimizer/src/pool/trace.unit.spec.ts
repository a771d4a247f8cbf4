import { roundEvent, sinceMs } from './trace.js';

describe('sinceMs', () => {
  it('gives the ms since the start to a tenth', () => {
    // 1 234.56 - 1 000 = 234.56 ms, 234.6 to a tenth; 1 000.04 - 1 000 = 0.04, 0.
    expect(sinceMs(1234.56, 1000)).toBe(234.6);
    expect(sinceMs(1000.04, 1000)).toBe(0);
  });
});

describe('roundEvent', () => {
  it("makes a round's times relative to the solve's start and rounds the parts' setup", () => {
    const e = roundEvent(
      {
        round: 2,
        startedAt: 5000.25,
        endedAt: 6000.75,
        before: 100,
        joined: 98,
        accepted: true,
        parts: [
          { clients: 30, routes: 4, iterations: 120, setupMs: 12.345, searched: true },
          { clients: 30, routes: 5, iterations: 0, setupMs: undefined, searched: false },
        ],
      },
      2000,
    );
    // 5 000.25 - 2 000 = 3 000.25 -> 3 000.3; 6 000.75 - 2 000 -> 4 000.8; 12.345 -> 12.3.
    expect(e).toEqual({
      kind: 'round',
      round: 2,
      atMs: 3000.3,
      endMs: 4000.8,
      before: 100,
      joined: 98,
      accepted: true,
      parts: [
        { clients: 30, routes: 4, iterations: 120, setupMs: 12.3, searched: true },
        { clients: 30, routes: 5, iterations: 0, setupMs: undefined, searched: false },
      ],
    });
  });
});
