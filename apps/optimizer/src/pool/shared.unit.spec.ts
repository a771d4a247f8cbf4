import type { ProblemSpec } from '@fleet/solver';
import { shareSpec } from './shared.js';

describe('shareSpec', () => {
  it('puts each distinct matrix once in shared memory, compacted', () => {
    const durations = Float64Array.from([0, 7, 7, 0]); // whole seconds: 16 bits suffice
    const distances = Float64Array.from([0, 70000.5, 70000.5, 0]); // float32 keeps 70000.5
    const spec = {
      profiles: [
        { name: 'a', durations, distances },
        { name: 'b', durations, distances },
      ],
    } as unknown as ProblemSpec;
    const shared = shareSpec(spec);
    const [a, b] = shared.profiles;
    expect(a!.durations).toBeInstanceOf(Uint16Array);
    expect(a!.durations.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect([...a!.durations]).toEqual([0, 7, 7, 0]);
    expect(a!.distances).toBeInstanceOf(Float32Array);
    expect([...a!.distances]).toEqual([0, 70000.5, 70000.5, 0]);
    // The second profile reuses the same shared arrays, and sharing again copies nothing.
    expect(b!.durations).toBe(a!.durations);
    expect(b!.distances).toBe(a!.distances);
    expect(shareSpec(shared).profiles[0]!.durations).toBe(a!.durations);
  });
});
