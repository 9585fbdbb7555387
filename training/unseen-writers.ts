/**
 * Intent rows by writers none of the corpus came from, in two files that never train a head:
 * `data/calibration/unseen-writers.jsonl` softens each head's calibration (finishHead: one
 * temperature >= 1 on top of the calibration split's map), and `data/eval/intent.natural.jsonl`, by
 * other writers again, measures the result (training report; `npm run eval -- --data` it too).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { INTENT_HEADS, type IntentHead } from '../shared/labels.js';
import type { CalibrationMap } from '../shared/math/calibration.js';
import { confidentErrorShare, headMetrics } from '../shared/math/metrics.js';
import { CONFIDENT_ERROR_LEVEL } from '../evaluation/eval-report.js';
import { readIntentRows } from './data/load-training-data.js';
import type { CheckFailure } from './data/check-intent-data.js';
import { normaliseText } from '../shared/text.js';
import type { LabelledIntentRow } from './data/intent-rows.js';
import { confidencesOf, labelledLogits, type FittedHead } from './fit-head-group.js';

export const UNSEEN_WRITERS_FILE = 'calibration/unseen-writers.jsonl';
export const INTENT_NATURAL_EVAL_FILE = 'eval/intent.natural.jsonl';

export interface UnseenWriterRows {
  /** Rows the calibration is softened on (absent: the calibration split's map is kept). */
  calibration: LabelledIntentRow[] | undefined;
  /** Rows only reported on. */
  evaluation: LabelledIntentRow[] | undefined;
}

export async function loadUnseenWriterRows(dataDir: string): Promise<UnseenWriterRows> {
  const read = async (file: string) => (existsSync(join(dataDir, file)) ? readIntentRows(join(dataDir, file)) : undefined);
  return { calibration: await read(UNSEEN_WRITERS_FILE), evaluation: await read(INTENT_NATURAL_EVAL_FILE) };
}

interface CalibrationScores {
  ece: number;
  /** Share of the wrong answers with confidence above CONFIDENT_ERROR_LEVEL. */
  confidentErrors: number;
  wrong: number;
}

function scoresOf(map: CalibrationMap | undefined, logits: readonly Float64Array[], truth: readonly number[]): CalibrationScores {
  const { probabilities, confidences, correct } = confidencesOf(map, logits, truth);
  const wrong = correct.filter((c) => !c).length;
  return { ece: headMetrics(probabilities, truth).ece, confidentErrors: confidentErrorShare(confidences, correct, CONFIDENT_ERROR_LEVEL), wrong };
}

export interface UnseenWriterReport {
  head: IntentHead;
  n: number;
  accuracy: number;
  temperature: number | undefined;
  /** With the calibration split's map alone, then softened for unseen writers. */
  topicCalibrated: CalibrationScores;
  softened: CalibrationScores;
}

/** Each head on the evaluation writers' rows: accuracy, and ECE and confident errors before and after softening. */
export function unseenWriterReport(heads: Readonly<Record<IntentHead, FittedHead>>, logits: Readonly<Record<IntentHead, readonly Float64Array[]>>, targets: Readonly<Record<IntentHead, Int32Array>>): UnseenWriterReport[] {
  return INTENT_HEADS.map((head) => {
    const fitted = heads[head];
    const labelled = labelledLogits(logits[head], targets[head]);
    const softened = scoresOf(fitted.calibration.map, labelled.logits, labelled.truth);
    const before = fitted.writerCalibration ? scoresOf(fitted.writerCalibration.topicMap, labelled.logits, labelled.truth) : softened;
    return {
      head,
      n: labelled.truth.length,
      accuracy: labelled.truth.length ? 1 - softened.wrong / labelled.truth.length : 0,
      temperature: fitted.writerCalibration?.temperature,
      topicCalibrated: before,
      softened,
    };
  });
}

export function unseenWriterMarkdown(report: readonly UnseenWriterReport[], calibrationRows: number): string[] {
  const f = (x: number) => x.toFixed(3);
  return [
    `## Calibration for unseen writers (${INTENT_NATURAL_EVAL_FILE}: never trained, calibrated or tuned on)`,
    '',
    `Each head's calibration, fitted on the topic-held-out calibration split, is softened by one temperature fitted on ${calibrationRows} rows by other writers (${UNSEEN_WRITERS_FILE}). Confident errors: share of the wrong answers with confidence above ${CONFIDENT_ERROR_LEVEL}.`,
    '',
    '| head | n | accuracy | temperature | ECE topic-calibrated → softened | confident errors topic-calibrated → softened |',
    '|---|---|---|---|---|---|',
    ...report.map(
      (r) =>
        `| ${r.head} | ${r.n} | ${f(r.accuracy)} | ${r.temperature === undefined ? '-' : r.temperature.toFixed(2)} | ${f(r.topicCalibrated.ece)} → ${f(r.softened.ece)} | ${f(r.topicCalibrated.confidentErrors)} → ${f(r.softened.confidentErrors)} (of ${r.softened.wrong}) |`,
    ),
    '',
  ];
}

export interface UnseenWriterCheck {
  failures: CheckFailure[];
  /** Rows and writers per file. */
  summary: string;
}

/**
 * data:check of the two files: each present, no text in both, in the intent corpus or in the
 * reference sets (normalised), and the two files by different writers.
 */
export function checkUnseenWriterRows(rows: UnseenWriterRows, corpusTexts: ReadonlySet<string>, referenceTexts: ReadonlyMap<string, string>): UnseenWriterCheck {
  const failures: CheckFailure[] = [];
  const files = [
    [UNSEEN_WRITERS_FILE, rows.calibration],
    [INTENT_NATURAL_EVAL_FILE, rows.evaluation],
  ] as const;
  const writerOf = (row: LabelledIntentRow) => {
    const writer = (row as { writer?: unknown }).writer;
    return typeof writer === 'string' ? writer : '';
  };
  const writersOf = (list: readonly LabelledIntentRow[] | undefined) => new Set((list ?? []).map(writerOf));
  const seen = new Map<string, string>();
  for (const [file, list] of files) {
    if (!list) failures.push({ kind: 'below_minimum', message: `data/${file} is missing` });
    for (const row of list ?? []) {
      const text = normaliseText(row.text);
      const where = `data/${file}: ${JSON.stringify(row.text)}`;
      if (corpusTexts.has(text)) failures.push({ kind: 'cross_split_duplicate', message: `${where} is also in the intent corpus` });
      const reference = referenceTexts.get(text);
      if (reference) failures.push({ kind: 'reference_overlap', message: `${where} is also in reference set ${reference}` });
      const other = seen.get(text);
      if (other && other !== file) failures.push({ kind: 'cross_split_duplicate', message: `${where} is also in data/${other}` });
      seen.set(text, file);
    }
  }
  const shared = [...writersOf(rows.calibration)].filter((w) => writersOf(rows.evaluation).has(w));
  if (shared.length > 0) failures.push({ kind: 'corpus_rule', message: `writers ${shared.join(', ')} wrote rows of both data/${UNSEEN_WRITERS_FILE} and data/${INTENT_NATURAL_EVAL_FILE}` });
  const summary = files.map(([file, list]) => `data/${file} ${list?.length ?? 0} rows by ${writersOf(list).size} writers`).join('; ');
  return { failures, summary: `unseen writers: ${summary}` };
}
