/** Shape and validation of one labelled intent row, as stored in data/intent/*.jsonl and given by users. */
import { INTENT_HEADS, isLabelOf, type DecisionPhase, type IntentHead, type IntentSubtype, type IntentType } from '../../shared/labels.js';

export interface LabelledIntentRow {
  text: string;
  intent_type?: IntentType;
  intent_subtype?: IntentSubtype;
  decision_phase?: DecisionPhase;
  source?: string;
  group?: string;
}

export interface RowProblem {
  line: number;
  message: string;
}

/** Validate one parsed JSON value; returns the row or the reason it is unusable. */
export function validateIntentRow(value: unknown, line: number): LabelledIntentRow | RowProblem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { line, message: 'row is not a JSON object' };
  const row = value as Record<string, unknown>;
  if (typeof row.text !== 'string' || row.text.trim() === '') return { line, message: 'missing or empty "text"' };
  for (const head of INTENT_HEADS) {
    if (row[head] !== undefined && !isLabelOf(head, row[head])) {
      return { line, message: `unknown ${head} label ${JSON.stringify(row[head])}` };
    }
  }
  if (!INTENT_HEADS.some((head) => row[head] !== undefined)) return { line, message: 'row carries no label' };
  return row as unknown as LabelledIntentRow;
}

export function isRowProblem(value: LabelledIntentRow | RowProblem): value is RowProblem {
  return 'message' in value;
}

/** Labels as a stable string, for comparing whether two rows agree. */
export function labelKey(row: Pick<LabelledIntentRow, IntentHead>): string {
  return INTENT_HEADS.map((head) => row[head] ?? '-').join('|');
}
