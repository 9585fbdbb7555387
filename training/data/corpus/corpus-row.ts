/**
 * One row of the intent corpus v2: the three labels plus where it comes from (`source`), its topic,
 * the span of the text that names the topic, its writing style and whether it is a "cross" row (the
 * topic suggests another label than the true one). Hand-written files live in data/corpus-v2/hand/.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { UserFacingError } from '../../../shared/errors.js';
import { readJsonl } from '../../../shared/jsonl.js';
import { INTENT_HEADS } from '../../../shared/labels.js';
import { isRowProblem, validateIntentRow, type LabelledIntentRow } from '../intent-rows.js';
import type { TopicRegistry } from './topic-registry.js';

export const ROW_SOURCES = ['hand', 'generated', 'augmented'] as const;
export type RowSource = (typeof ROW_SOURCES)[number];

export const WRITING_STYLES = ['keyword', 'question', 'command', 'conversational', 'messy'] as const;
export type WritingStyle = (typeof WRITING_STYLES)[number];

export interface CorpusRow extends LabelledIntentRow {
  topic: string;
  source: RowSource;
  cross: boolean;
  style: WritingStyle;
  /** The substring of `text` naming the topic ("" when the text names none). */
  span: string;
  /** For augmented rows: the text of the row it was derived from. */
  origin?: string;
}

/** Why a hand-written value is not a corpus row, or undefined when it is one. */
export function corpusRowProblem(value: unknown, registry: TopicRegistry): string | undefined {
  const row = validateIntentRow(value, 0);
  if (isRowProblem(row)) return row.message;
  const r = value as Record<string, unknown>;
  const missing = INTENT_HEADS.filter((h) => h !== 'intent_subtype' && r[h] === undefined);
  if (missing.length > 0) return `missing ${missing.join(', ')}`;
  if (typeof r.topic !== 'string' || !registry.byId.has(r.topic)) return `unknown topic ${JSON.stringify(r.topic)}`;
  if (typeof r.cross !== 'boolean') return '"cross" must be true or false';
  if (!WRITING_STYLES.includes(r.style as WritingStyle)) return `"style" must be one of ${WRITING_STYLES.join(', ')}`;
  if (typeof r.span !== 'string' || (r.span !== '' && !(r.text as string).includes(r.span))) return `"span" ${JSON.stringify(r.span)} is not part of the text`;
  return undefined;
}

/** The hand-written rows of every data/corpus-v2/hand/*.jsonl file, in file then line order. */
export async function loadHandRows(handDir: string, registry: TopicRegistry): Promise<CorpusRow[]> {
  const files = (await readdir(handDir)).filter((f) => f.endsWith('.jsonl')).sort();
  const rows: CorpusRow[] = [];
  for (const name of files) {
    const file = join(handDir, name);
    const { lines, errors } = await readJsonl(file);
    const problems = [...errors.map((e) => `${file}:${e.line}: ${e.message}`)];
    for (const { line, value } of lines) {
      const problem = corpusRowProblem(value, registry);
      if (problem) problems.push(`${file}:${line}: ${problem}`);
      else rows.push(canonicalRow({ ...(value as CorpusRow), source: 'hand' }));
    }
    if (problems.length > 0) throw new UserFacingError(`${problems[0]} (${problems.length} bad rows in ${name})`);
  }
  return rows;
}

/** Fixed key order, so written files are stable byte for byte. */
export function canonicalRow(row: CorpusRow): CorpusRow {
  const { text, intent_type, intent_subtype, decision_phase, topic, source, cross, style, span, origin } = row;
  return Object.fromEntries(
    Object.entries({ text, intent_type, intent_subtype, decision_phase, topic, source, cross, style, span, origin }).filter(([, v]) => v !== undefined),
  ) as unknown as CorpusRow;
}
