import { DurationSegment } from './duration.js';
import { LoadSegment } from './load.js';

describe('DurationSegment (worked by hand)', () => {
  it('a single visit is (service, 0, early, late)', () => {
    const s = new DurationSegment().set(5, 0, 10, 20);
    expect([s.duration, s.timeWarp, s.early, s.late]).toEqual([5, 0, 10, 20]);
  });

  it('waits when arriving before the next window opens', () => {
    // A = (service 5, window [0, 10]); B = (service 3, window [30, 40]); travel 7.
    // atB = 5 - 0 + 7 = 12. diffWait = max(30 - 12 - 10, 0) = 8 (even leaving A at its latest, 10, we reach B
    // at 22 and wait 8). diffTw = max(0 + 12 - 40, 0) = 0.
    // duration = 5 + 3 + 7 + 8 = 23; early = max(30 - 12, 0) - 8 = 10; late = min(40 - 12, 10) + 0 = 10.
    const s = new DurationSegment().set(5, 0, 0, 10).append(7, 3, 0, 30, 40);
    expect([s.duration, s.timeWarp, s.early, s.late]).toEqual([23, 0, 10, 10]);
  });

  it('warps time when arriving after the next window closes', () => {
    // A = (5, 0, [10, 20]); B = (3, 0, [0, 15]); travel 7. atB = 12.
    // diffTw = max(10 + 12 - 15, 0) = 7 (even leaving A at 10 we reach B at 22 > 15).
    // diffWait = max(0 - 12 - 20, 0) = 0. duration = 5 + 3 + 7 = 15; timeWarp = 7;
    // early = max(0 - 12, 10) - 0 = 10; late = min(15 - 12, 20) + 7 = 10.
    const s = new DurationSegment().set(5, 0, 10, 20).append(7, 3, 0, 0, 15);
    expect([s.duration, s.timeWarp, s.early, s.late]).toEqual([15, 7, 10, 10]);
  });

  it('narrows the start window when both fit', () => {
    // A = (2, 0, [0, 100]); B = (4, 0, [50, 60]); travel 10. atB = 12.
    // diffWait = max(50 - 12 - 100, 0) = 0; diffTw = max(0 + 12 - 60, 0) = 0.
    // duration = 2 + 4 + 10 = 16; early = max(50 - 12, 0) = 38; late = min(60 - 12, 100) = 48.
    const s = new DurationSegment().set(2, 0, 0, 100).append(10, 4, 0, 50, 60);
    expect([s.duration, s.timeWarp, s.early, s.late]).toEqual([16, 0, 38, 48]);
  });

  it('is associative: (A+B)+C equals A+(B+C) with prepend', () => {
    // A = (5, 0, [0, 10]), B = (3, 0, [30, 40]), C = (1, 0, [20, 45]); travel A->B 7, B->C 6.
    const left = new DurationSegment().set(5, 0, 0, 10).append(7, 3, 0, 30, 40).append(6, 1, 0, 20, 45);
    const right = new DurationSegment().set(1, 0, 20, 45).prepend(3, 0, 30, 40, 6).prepend(5, 0, 0, 10, 7);
    expect([right.duration, right.timeWarp, right.early, right.late]).toEqual([
      left.duration,
      left.timeWarp,
      left.early,
      left.late,
    ]);
    // By hand for the left side: (A+B) = (23, 0, 10, 10) as above; then C with travel 6:
    // atC = 23 - 0 + 6 = 29; diffTw = max(10 + 29 - 45, 0) = 0; diffWait = max(20 - 29 - 10, 0) = 0;
    // duration = 23 + 1 + 6 = 30; early = max(20 - 29, 10) = 10; late = min(45 - 29, 10) = 10.
    expect([left.duration, left.timeWarp, left.early, left.late]).toEqual([30, 0, 10, 10]);
  });

  it('counts the excess over a maximum duration as time warp', () => {
    // duration 30 with at most 25 allowed: 5 of time warp on top of the segment's own (0).
    const s = new DurationSegment().set(30, 0, 0, 100);
    expect(s.totalTimeWarp(25)).toBe(5);
    expect(s.totalTimeWarp(Infinity)).toBe(0);
  });
});

describe('LoadSegment (worked by hand)', () => {
  it('tracks the peak load of deliveries and pickups', () => {
    // Visit 1 delivers 4, picks up 1; visit 2 delivers 2, picks up 6.
    // Leaving the depot the vehicle carries 4 + 2 = 6; after visit 1: 6 - 4 + 1 = 3; after visit 2: 3 - 2 + 6 = 7.
    // Merge: delivery 6, pickup 7, load = max(max(4,1) + 2, max(2,6) + 1) = max(6, 7) = 7.
    const s = new LoadSegment().set(4, 1, 4).append(2, 6, 6);
    expect([s.delivery, s.pickup, s.load]).toEqual([6, 7, 7]);
    expect(s.excess(5)).toBe(2);
    expect(s.excess(10)).toBe(0);
  });
});
