/** JSON Lines reading and writing with line numbers for error reports. */
import { readFile, writeFile } from 'node:fs/promises';

export interface JsonlLine {
  /** 1-based line number in the file. */
  line: number;
  value: unknown;
}

export interface JsonlParseError {
  line: number;
  message: string;
}

export function parseJsonl(body: string): { lines: JsonlLine[]; errors: JsonlParseError[] } {
  const lines: JsonlLine[] = [];
  const errors: JsonlParseError[] = [];
  body.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    try {
      lines.push({ line: index + 1, value: JSON.parse(raw) });
    } catch (error) {
      errors.push({ line: index + 1, message: `invalid JSON: ${(error as Error).message}` });
    }
  });
  return { lines, errors };
}

export async function readJsonl(path: string): Promise<{ lines: JsonlLine[]; errors: JsonlParseError[] }> {
  return parseJsonl(await readFile(path, 'utf8'));
}

export function toJsonl(rows: readonly unknown[]): string {
  return rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length > 0 ? '\n' : '');
}

export async function writeJsonl(path: string, rows: readonly unknown[]): Promise<void> {
  await writeFile(path, toJsonl(rows));
}
