import type { VroomCheckReport } from '../check/vroom/check.js';
import { compareTable, standing, type CompareRow } from './compare.js';

const report = (
  assigned: number,
  duration: number,
  feasible = true,
  priority = assigned,
  routes = 5,
): VroomCheckReport => ({
  feasible,
  violations: feasible ? [] : [{ rule: 'capacity', message: 'over' }],
  metrics: {
    jobs: 100,
    assigned,
    unassigned: 100 - assigned,
    priority,
    routes,
    duration,
    distance: 0,
    service: 0,
    setup: 0,
    waiting: 0,
    cost: duration,
    span: 0,
  },
});

describe('comparison table', () => {
  it('shows ours / VROOM per instance, the duration difference and the means', () => {
    const rows: CompareRow[] = [
      // ours 9000 s with 4 routes vs VROOM 10000 s with 5: (9000 - 10000) / 10000 = -10%.
      {
        instance: 'a',
        jobs: 100,
        ours: { status: 'ok', seconds: 10, report: report(100, 9000, true, 100, 4) },
        vroom: { status: 'ok', seconds: 30, report: report(100, 10000) },
      },
      // ours 12000 s vs 10000 s: +20%, but ours serves 98 jobs against 100, so the row is starred.
      {
        instance: 'b',
        jobs: 100,
        ours: { status: 'ok', seconds: 10, report: report(98, 12000, false) },
        vroom: { status: 'ok', seconds: 20, report: report(100, 10000) },
      },
      {
        instance: 'c',
        jobs: 100,
        ours: { status: 'missing', seconds: 0 },
        vroom: { status: 'ok', seconds: 5, report: report(90, 5000) },
      },
    ];
    const table = compareTable(rows);
    const lines = table.split('\n');
    expect(lines[2]).toMatch(
      /^a\s+100\s+100 \/ 100\s+100 \/ 100\s+4 \/ 5\s+9000 \/ 10000\s+-10\.00%\s+yes \/ yes\s+10\.0 \/ 30\.0\s+target$/,
    );
    expect(lines[3]).toMatch(
      /^b\s+100\s+98 \/ 100\s+98 \/ 100\s+5 \/ 5\s+12000 \/ 10000\s+\+20\.00%\*\s+NO \/ yes\s+[\d.]+ \/ [\d.]+\s+infeasible$/,
    );
    expect(lines[4]).toMatch(
      /^c\s+100\s+missing \/ 90\s+missing \/ 90\s+missing \/ 5\s+missing \/ 5000\s+-\s+- \/ yes/,
    );
    // Means over a and b: served (100 + 98) / 2 = 99 vs 100; duration 10500 vs 10000; diff (-10 + 20) / 2 = 5%.
    expect(table).toContain('means over 2 instance(s) both solved:');
    expect(table).toContain('served ours 99.00 / VROOM 100.00');
    expect(table).toContain('duration ours 10500.00 / VROOM 10000.00 s, diff 5.00%');
    expect(table).toContain('feasible ours 1/3, VROOM 3/3');
    // VROOM alone over a, b and c: served (100 + 100 + 90) / 3 = 96.67.
    // a meets the target, b is infeasible, c was not run (counted as infeasible).
    expect(table).toContain(
      "standing over 3 (target: jobs and priority >= VROOM's, duration <= -3%): target 1, more jobs 0, close 0, fewer jobs 0, less priority 0, infeasible 2",
    );
    expect(table).toContain('VROOM alone over 3: served 96.67, duration 8333.33 s');
  });
});

describe('standing against VROOM', () => {
  const vroom = report(100, 10000, true, 500);
  it('meets the target at the same jobs and priority with duration 3 % or more below', () => {
    // (9700 - 10000) / 10000 = -3.00 %: exactly at the bar.
    expect(standing(report(100, 9700, true, 500), vroom)).toBe('target');
    // -2.99 %: close.
    expect(standing(report(100, 9701, true, 500), vroom)).toBe('close');
  });
  it('counts more jobs above the bar apart, and ranks priority before jobs', () => {
    expect(standing(report(101, 10500, true, 505), vroom)).toBe('more jobs');
    // More jobs but less priority: priority comes first in the objective.
    expect(standing(report(102, 9000, true, 495), vroom)).toBe('less priority');
    expect(standing(report(99, 9000, true, 500), vroom)).toBe('fewer jobs');
    expect(standing(report(100, 9000, false, 500), vroom)).toBe('infeasible');
    expect(standing(undefined, vroom)).toBe('infeasible');
  });
});
