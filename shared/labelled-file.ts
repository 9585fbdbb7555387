/**
 * Read a user's labelled file, JSONL or CSV (papaparse, header row), into plain records with their
 * line numbers. Validation of the fields is the caller's job; parse problems come back per line.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { UserFacingError } from './errors.js';
import { parseJsonl, type JsonlLine, type JsonlParseError } from './jsonl.js';

export async function readLabelledFile(path: string): Promise<{ lines: JsonlLine[]; errors: JsonlParseError[] }> {
  let body: string;
  try {
    body = await readFile(path, 'utf8');
  } catch {
    throw new UserFacingError(`cannot read labelled file ${path}`);
  }
  if (!path.toLowerCase().endsWith('.csv')) return parseJsonl(body);
  const parsed = Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: 'greedy' });
  const errors = parsed.errors.map((e) => ({ line: (e.row ?? 0) + 2, message: `CSV: ${e.message}` }));
  const lines = parsed.data.map((record, i) => ({
    line: i + 2,
    value: Object.fromEntries(Object.entries(record).filter(([, v]) => v !== '' && v !== undefined)),
  }));
  return { lines, errors };
}
