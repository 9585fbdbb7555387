/** Plain-text tables for console reports: first column left-aligned, the rest right-aligned. */
export function textTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number))).join('  ');
  return [line(header), ...rows.map(line)];
}
