/**
 * Checks of the intent corpus, pure over rows so they can be tested on small fixtures:
 * malformed rows, unknown labels, one normalised text with different labels, texts in more than one
 * split, labels below their minimum count, and texts that also appear in the reference evaluation sets.
 */
import { textTable } from '../../shared/text-table.js';
import { HEAD_LABELS, INTENT_HEADS, type IntentHead } from '../../shared/labels.js';
import { CORPUS_SPLITS, type CorpusSplit } from './corpus/topic-splits.js';
import { normaliseText } from '../../shared/text.js';
import { labelKey, type LabelledIntentRow } from './intent-rows.js';

export const MIN_ROWS_PER_LABEL = 150;

export type CheckKind = 'malformed' | 'unknown_label' | 'conflicting_labels' | 'cross_split_duplicate' | 'below_minimum' | 'reference_overlap' | 'corpus_rule' | 'stale';

export interface CheckFailure {
  kind: CheckKind;
  message: string;
}

/** A row as read from a file, with where it came from. */
export interface LocatedRow {
  file: string;
  line: number;
  split: CorpusSplit;
  value: unknown;
}

export type LabelCounts = Record<IntentHead, Record<string, Record<CorpusSplit | 'total', number>>>;

export interface CheckReport {
  failures: CheckFailure[];
  counts: LabelCounts;
  rowsPerSplit: Record<CorpusSplit, number>;
  uniqueTexts: number;
}

function emptyCounts(): LabelCounts {
  const counts = {} as LabelCounts;
  for (const head of INTENT_HEADS) {
    counts[head] = {};
    for (const label of HEAD_LABELS[head]) counts[head][label] = { train: 0, selection: 0, calibration: 0, test: 0, total: 0 };
  }
  return counts;
}

const where = (row: LocatedRow) => `${row.file}:${row.line}`;

export function checkIntentRows(rows: readonly LocatedRow[], referenceTexts: ReadonlyMap<string, string>, minPerLabel = MIN_ROWS_PER_LABEL): CheckReport {
  const failures: CheckFailure[] = [];
  const counts = emptyCounts();
  const rowsPerSplit: Record<CorpusSplit, number> = { train: 0, selection: 0, calibration: 0, test: 0 };
  const byText = new Map<string, Array<{ row: LocatedRow; labels: string }>>();

  for (const row of rows) {
    const value = row.value as Record<string, unknown> | null;
    if (typeof value !== 'object' || value === null || typeof value.text !== 'string' || value.text.trim() === '') {
      failures.push({ kind: 'malformed', message: `${where(row)}: row needs a non-empty "text"` });
      continue;
    }
    let known = true;
    for (const head of INTENT_HEADS) {
      const label = value[head];
      if (label === undefined) continue;
      if (typeof label !== 'string' || !HEAD_LABELS[head].includes(label)) {
        failures.push({ kind: 'unknown_label', message: `${where(row)}: unknown ${head} label ${JSON.stringify(label)}` });
        known = false;
      }
    }
    if (!known) continue;
    const labelled = value as unknown as LabelledIntentRow;
    rowsPerSplit[row.split] += 1;
    for (const head of INTENT_HEADS) {
      const label = labelled[head];
      if (label === undefined) continue;
      const cell = counts[head][label] as Record<CorpusSplit | 'total', number>;
      cell[row.split] += 1;
      cell.total += 1;
    }
    const normalised = normaliseText(labelled.text);
    const entries = byText.get(normalised) ?? [];
    entries.push({ row, labels: labelKey(labelled) });
    byText.set(normalised, entries);
    const reference = referenceTexts.get(normalised);
    if (reference) failures.push({ kind: 'reference_overlap', message: `${where(row)}: text also in reference set ${reference}: ${JSON.stringify(labelled.text)}` });
  }

  for (const [text, entries] of byText) {
    if (new Set(entries.map((e) => e.labels)).size > 1) {
      failures.push({
        kind: 'conflicting_labels',
        message: `${JSON.stringify(text)} has different labels: ${entries.map((e) => `${where(e.row)} (${e.labels})`).join(', ')}`,
      });
    }
    if (new Set(entries.map((e) => e.row.split)).size > 1) {
      failures.push({ kind: 'cross_split_duplicate', message: `${JSON.stringify(text)} is in several splits: ${entries.map((e) => where(e.row)).join(', ')}` });
    }
  }

  for (const head of INTENT_HEADS) {
    for (const [label, cell] of Object.entries(counts[head])) {
      if (cell.total < minPerLabel) failures.push({ kind: 'below_minimum', message: `${head}=${label}: ${cell.total} rows, minimum ${minPerLabel}` });
    }
  }
  return { failures, counts, rowsPerSplit, uniqueTexts: byText.size };
}

/** Plain-text table of counts per head, label and split. */
export function formatCounts(report: CheckReport): string {
  const lines = [`rows: ${CORPUS_SPLITS.map((s) => `${s} ${report.rowsPerSplit[s]}`).join(', ')}; unique texts ${report.uniqueTexts}`];
  for (const head of INTENT_HEADS) {
    const columns = [...CORPUS_SPLITS, 'total' as const];
    const rows = Object.entries(report.counts[head]).map(([label, cell]) => [`  ${label}`, ...columns.map((s) => String(cell[s]))]);
    lines.push('', ...textTable([head, ...columns], rows));
  }
  return lines.join('\n');
}
