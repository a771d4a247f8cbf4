// Reads jest's JSON report and prints, per test file, its pass/fail counts grouped by suite kind; fails (exit 1)
// when the Kafka, schema-registry or MongoDB-wire suite ran no test, or when a test failed.
// The last line is `N passed, N failed` (the totals).
// Usage: node scripts/ci/summary.mjs JEST_JSON [--wall-seconds N]
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** Kinds that need a real server: the CI fails when one of them ran nothing. */
const SERVER_KINDS = [
  { kind: 'Kafka', match: 'kafka' },
  { kind: 'schema-registry', match: 'registry' },
  { kind: 'MongoDB-wire', match: 'mongo' },
];
const TIERS = [
  { kind: 'unit', suffix: '.unit.spec.ts' },
  { kind: 'int', suffix: '.int.spec.ts' },
  { kind: 'e2e', suffix: '.e2e.spec.ts' },
];
const ORDER = [...SERVER_KINDS.map((k) => k.kind), ...TIERS.map((t) => t.kind), 'other'];

function kindOf(path) {
  const lower = path.toLowerCase();
  const server = SERVER_KINDS.find((k) => lower.includes(k.match));
  if (server) return server.kind;
  return TIERS.find((t) => lower.endsWith(t.suffix))?.kind ?? 'other';
}

/** One row per test file; a file that failed to run (no test result) counts as one failure. */
function fileRows(report, root) {
  return (report.testResults ?? []).map((file) => {
    const statuses = (file.assertionResults ?? []).map((a) => a.status);
    const passed = statuses.filter((s) => s === 'passed').length;
    let failed = statuses.filter((s) => s === 'failed').length;
    const skipped = statuses.filter((s) => s === 'pending' || s === 'todo' || s === 'skipped').length;
    const broken = file.status === 'failed' && failed === 0;
    if (broken) failed = 1;
    const path = relative(root, file.name);
    const seconds = file.endTime && file.startTime ? (file.endTime - file.startTime) / 1000 : 0;
    return { path, kind: kindOf(path), passed, failed, skipped, broken, seconds };
  });
}

function summarize(rows) {
  const lines = [];
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const missing = [];
  for (const kind of ORDER) {
    const group = rows.filter((r) => r.kind === kind);
    const sum = group.reduce((acc, r) => ({ passed: acc.passed + r.passed, failed: acc.failed + r.failed }), {
      passed: 0,
      failed: 0,
    });
    const isServerKind = SERVER_KINDS.some((k) => k.kind === kind);
    if (isServerKind && sum.passed + sum.failed === 0) missing.push(kind);
    if (group.length === 0 && !isServerKind) continue;
    lines.push(`${kind} suite: ${group.length} file(s), ${sum.passed} passed, ${sum.failed} failed`);
    for (const r of group) {
      const mark = r.failed > 0 ? 'FAIL' : 'ok  ';
      const extra = [r.skipped > 0 ? `${r.skipped} skipped` : '', r.broken ? 'did not run' : '']
        .filter(Boolean)
        .join(', ');
      lines.push(
        `  ${mark} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.path}` +
          ` (${r.seconds.toFixed(1)} s)${extra ? ` [${extra}]` : ''}`,
      );
    }
    totals.passed += sum.passed;
    totals.failed += sum.failed;
    totals.skipped += group.reduce((acc, r) => acc + r.skipped, 0);
  }
  return { lines, totals, missing };
}

function main() {
  const [file, flag, value] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node scripts/ci/summary.mjs JEST_JSON [--wall-seconds N]');
    process.exit(2);
  }
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    console.log(`no readable jest report at ${file}: ${err instanceof Error ? err.message : String(err)}`);
    console.log('0 passed, 0 failed');
    process.exit(1);
  }
  const { lines, totals, missing } = summarize(fileRows(report, process.cwd()));
  console.log('== tests by suite');
  for (const line of lines) console.log(line);
  if (totals.skipped > 0) console.log(`${totals.skipped} test(s) skipped`);
  for (const kind of missing) console.log(`ERROR: the ${kind} suite ran no test`);
  if (flag === '--wall-seconds' && value) console.log(`wall time of the CI run: ${value} s`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  if (missing.length > 0 || totals.failed > 0) process.exitCode = 1;
}

main();
