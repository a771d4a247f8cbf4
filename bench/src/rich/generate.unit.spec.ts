import { DEFAULT_RICH, generateRichInstance } from './generate.js';
import { deriveSeed } from './random.js';
import { haversine } from './travel.js';

const small = { ...DEFAULT_RICH, minJobs: 100, maxJobs: 150 };

describe('rich instance generator', () => {
  it('is deterministic: the same seed gives the same instance, another seed another one', () => {
    const a = generateRichInstance(42, small);
    expect(generateRichInstance(42, small)).toEqual(a);
    expect(generateRichInstance(43, small).input).not.toEqual(a.input);
  });

  it('derives batch seeds from (seed, index) only', () => {
    expect(deriveSeed(7, 3)).toBe(deriveSeed(7, 3));
    expect(new Set([0, 1, 2, 3].map((i) => deriveSeed(7, i))).size).toBe(4);
    expect(deriveSeed(8, 0)).not.toBe(deriveSeed(7, 0));
  });

  describe.each([1, 2, 3])('with batch seed 9, instance %i (full 100-1000 range)', (index) => {
    const { input, fleet } = generateRichInstance(deriveSeed(9, index));
    const jobs = input.jobs ?? [];
    const matrix = input.matrices?.['car'];

    it('has 100 to 1000 jobs and 5 to 60 vehicles with two capacity dimensions', () => {
      expect(jobs.length).toBeGreaterThanOrEqual(100);
      expect(jobs.length).toBeLessThanOrEqual(1000);
      expect(input.vehicles.length).toBe(fleet.vehicles);
      expect(fleet.vehicles).toBeGreaterThanOrEqual(5);
      expect(fleet.vehicles).toBeLessThanOrEqual(60);
      for (const v of input.vehicles) expect(v.capacity).toHaveLength(2);
      for (const j of jobs) expect(j.delivery).toHaveLength(2);
    });

    it('puts one or two time windows on about half the jobs, and priorities on some', () => {
      const windowed = jobs.filter((j) => j.time_windows !== undefined);
      expect(windowed.length / jobs.length).toBeGreaterThan(0.35);
      expect(windowed.length / jobs.length).toBeLessThan(0.65);
      for (const j of windowed) {
        expect([1, 2]).toContain(j.time_windows?.length);
        for (const [start, end] of j.time_windows ?? []) expect(start).toBeLessThan(end);
      }
      const prioritized = jobs.filter((j) => (j.priority ?? 0) > 0).length / jobs.length;
      expect(prioritized).toBeGreaterThan(0.1);
      expect(prioritized).toBeLessThan(0.3);
    });

    it('gives each vehicle a shift, one mid-shift break of 30-60 min, a type and a speed factor', () => {
      for (const v of input.vehicles) {
        const [start, end] = v.time_window ?? [0, 0];
        expect(end - start).toBeGreaterThanOrEqual(8 * 3600);
        expect(end - start).toBeLessThanOrEqual(10 * 3600);
        expect(v.breaks).toHaveLength(1);
        const b = v.breaks?.[0];
        const [bStart = 0, bEnd = 0] = b?.time_windows?.[0] ?? [];
        expect(bStart).toBeGreaterThan(start);
        expect(bEnd).toBeLessThan(end);
        expect(b?.service).toBeGreaterThanOrEqual(1800);
        expect(b?.service).toBeLessThanOrEqual(3600);
        expect(['van', 'truck', 'cargo_bike']).toContain(v.type);
        expect(v.speed_factor).toBeGreaterThan(0);
        expect(v.speed_factor).toBeLessThanOrEqual(5);
        expect(Math.round((v.speed_factor ?? 0) * 100) / 100).toBe(v.speed_factor);
      }
      const jobsWithTypes = jobs.filter((j) => j.service_per_type !== undefined);
      expect(jobsWithTypes.length).toBeGreaterThan(0);
      for (const j of jobsWithTypes)
        expect(Object.keys(j.service_per_type ?? {}).sort()).toEqual(['cargo_bike', 'truck']);
    });

    it('has square matrices in seconds and meters from haversine x circuity at an urban speed', () => {
      const size = jobs.length + new Set(input.vehicles.map((v) => v.start_index)).size;
      expect(matrix?.durations).toHaveLength(size);
      expect(matrix?.distances).toHaveLength(size);
      const a = jobs[0];
      const b = jobs[1];
      const meters = matrix?.distances?.[a?.location_index ?? 0]?.[b?.location_index ?? 0] ?? 0;
      // 1.35 x great-circle meters, then 25 km/h = 6.944 m/s.
      expect(meters).toBe(Math.round(haversine(a?.location ?? [0, 0], b?.location ?? [0, 0]) * 1.35));
      expect(matrix?.durations?.[a?.location_index ?? 0]?.[b?.location_index ?? 0]).toBe(
        Math.round(meters / (25 / 3.6)),
      );
      // City-sized: no two points more than 2 x 12 km x 1.35 apart by road.
      const longest = (matrix?.distances ?? []).reduce(
        (m, row) => row.reduce((a, b) => Math.max(a, b), m),
        0,
      );
      expect(longest).toBeLessThan(2 * 12_000 * 1.35);
    });
  });

  it('draws a fleet that is too small in some instances and large enough in the others', () => {
    // 400-600 jobs need about 8-14 vehicles, so a short draw (55-80%) stays above the floor of 5.
    const options = { ...DEFAULT_RICH, minJobs: 400, maxJobs: 600 };
    const plans = Array.from({ length: 8 }, (_, i) => generateRichInstance(deriveSeed(3, i), options).fleet);
    const short = plans.filter((p) => p.short);
    expect(short.length).toBeGreaterThanOrEqual(1);
    expect(short.length).toBeLessThanOrEqual(6);
    for (const p of plans) {
      expect(p.short).toBe(p.vehicles < p.needed);
      if (p.short) expect(p.vehicles).toBeLessThanOrEqual(Math.round(0.8 * p.needed));
      else expect(p.vehicles).toBeGreaterThanOrEqual(Math.min(60, Math.round(1.1 * p.needed)));
    }
  });
});
