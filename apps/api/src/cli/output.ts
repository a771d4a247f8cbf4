/** Plain-text tables for the CLI (no dependency; columns padded to their widest cell). */
export function table(
  rows: readonly Readonly<Record<string, unknown>>[],
  columns: readonly string[],
): string {
  const cells = rows.map((row) => columns.map((column) => cell(row[column])));
  const widths = columns.map((column, i) =>
    Math.max(column.length, ...cells.map((line) => line[i]?.length ?? 0)),
  );
  const render = (line: readonly string[]): string =>
    line
      .map((text, i) => text.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [render(columns), render(widths.map((w) => '-'.repeat(w))), ...cells.map(render)].join('\n') + '\n';
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value) ?? '';
}
