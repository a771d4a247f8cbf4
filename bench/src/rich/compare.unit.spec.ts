import type { VroomCheckReport } from '../check/vroom/check.js';
import { compareTable, type CompareRow } from './compare.js';

const report = (assigned: number, duration: number, feasible = true): VroomCheckReport => ({
  feasible,
  violations: feasible ? [] : [{ rule: 'capacity', message: 'over' }],
  metrics: {
    jobs: 100,
    assigned,
    unassigned: 100 - assigned,
    priority: assigned,
    routes: 5,
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
      // ours 9000 s vs VROOM 10000 s: (9000 - 10000) / 10000 = -10%.
      {
        instance: 'a',
        jobs: 100,
        ours: { status: 'ok', seconds: 10, report: report(100, 9000) },
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
      /^a\s+100\s+100 \/ 100\s+100 \/ 100\s+9000 \/ 10000\s+-10\.00%\s+yes \/ yes\s+10\.0 \/ 30\.0$/,
    );
    expect(lines[3]).toMatch(/^b\s+100\s+98 \/ 100\s+98 \/ 100\s+12000 \/ 10000\s+\+20\.00%\*\s+NO \/ yes/);
    expect(lines[4]).toMatch(/^c\s+100\s+missing \/ 90\s+missing \/ 90\s+missing \/ 5000\s+-\s+- \/ yes/);
    // Means over a and b: served (100 + 98) / 2 = 99 vs 100; duration 10500 vs 10000; diff (-10 + 20) / 2 = 5%.
    expect(table).toContain('means over 2 instance(s) both solved:');
    expect(table).toContain('served ours 99.00 / VROOM 100.00');
    expect(table).toContain('duration ours 10500.00 / VROOM 10000.00 s, diff 5.00%');
    expect(table).toContain('feasible ours 1/3, VROOM 3/3');
    // VROOM alone over a, b and c: served (100 + 100 + 90) / 3 = 96.67.
    expect(table).toContain('VROOM alone over 3: served 96.67, duration 8333.33 s');
  });
});
