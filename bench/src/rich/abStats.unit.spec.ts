import { pairedStats } from './abStats.js';

describe('pairedStats', () => {
  it('gives the mean, the 95 % interval from Student t and the two-sided sign test', () => {
    // Diffs -1, -2, -3, +2: mean -1; sample variance ((0)^2 + 1 + 4 + 9) / 3 = 14 / 3;
    // t(0.975, 3) = 3.182446; half-width 3.182446 * sqrt(14 / 3 / 4) = 3.182446 * 1.080123 = 3.437435.
    const s = pairedStats([-1, -2, -3, 2]);
    expect(s.n).toBe(4);
    expect(s.mean).toBeCloseTo(-1, 12);
    expect(s.halfWidth).toBeCloseTo(3.437435, 5);
    // 3 shorter, 1 longer: P(X <= 1) for Bin(4, 1/2) = (1 + 4) / 16 = 5 / 16; two-sided 10 / 16 = 0.625.
    expect(s.signP).toBeCloseTo(0.625, 12);
  });

  it('finds a one-sided split of ten pairs significant and leaves ties out of the sign test', () => {
    // 10 shorter, 0 longer, 2 ties: 2 * (1 / 2)^10 = 0.001953125.
    const s = pairedStats([-1, -1.5, -2, -0.5, -1, -3, -2, -1, -0.2, -0.8, 0, 0]);
    expect(s.signP).toBeCloseTo(0.001953125, 12);
    expect(Math.abs(s.mean)).toBeGreaterThan(s.halfWidth);
  });

  it('has no interval below two pairs and a sign test of 1 without untied pairs', () => {
    expect(Number.isNaN(pairedStats([-1]).halfWidth)).toBe(true);
    expect(pairedStats([0, 0]).signP).toBe(1);
    expect(Number.isNaN(pairedStats([]).mean)).toBe(true);
  });
});
