/** Plain-text tables for console reports. */
export type Align = 'left' | 'right';

export interface TextTableOptions {
  /** Per column; by default the first column is left-aligned and the rest right-aligned. */
  align?: readonly Align[];
  /** Between columns; default two spaces. */
  gap?: string;
}

/** The header line and one line per row, each column padded to its widest cell; trailing spaces trimmed. */
export function textTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>, options: TextTableOptions = {}): string[] {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const alignOf = (c: number): Align => options.align?.[c] ?? (c === 0 ? 'left' : 'right');
  const line = (cells: readonly string[]) =>
    header
      .map((_, c) => {
        const cell = cells[c] ?? '';
        const width = widths[c] as number;
        return alignOf(c) === 'left' ? cell.padEnd(width) : cell.padStart(width);
      })
      .join(options.gap ?? '  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
