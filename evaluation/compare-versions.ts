/**
 * Two artifact versions on the same labelled rows (`query-intent compare`): per intent head, each
 * version's accuracy, macro-F1 and confident errors, paired bootstrap intervals of the changes, the
 * rows the candidate fixed and broke, and the largest moves (gold label: baseline answer -> candidate
 * answer). Retraining on a changed corpus moves many rows both ways; this shows which classes moved
 * and whether the net change is more than resampling the rows would make. One encoder embeds each
 * text once, so both versions must have been trained on that encoder (loadArtifacts refuses others).
 */
import type { LoadedArtifacts } from '../shared/artifacts/load-artifacts.js';
import { INTENT_HEADS, type IntentHead } from '../shared/labels.js';
import type { ClassifierRuntime } from '../shared/pipeline/classifier-runtime.js';
import type { HeadResult } from '../shared/envelope/envelope-types.js';
import { headResult, intentProbabilities } from '../shared/pipeline/classify-query.js';
import { startProgress } from '../shared/progress.js';
import { textTable } from '../shared/text-table.js';
import { bootstrapIntervals, DEFAULT_BOOTSTRAP, formatInterval, resampledAccuracy, resampledMacroF1, type Interval } from '../shared/math/bootstrap.js';
import { CONFIDENT_ERROR_LEVEL } from './eval-report.js';
import { readEvalRows, type DatasetSummary, type EvalRow, type RowProblem } from './eval-rows.js';

/** What one version serves for one head on one row. */
export type ServedAnswer = Pick<HeadResult, 'label' | 'confidence'>;

export interface VersionScore {
  accuracy: number;
  /** Over the labels in the gold labels or either version's answers, so both versions average the same labels. */
  macro_f1: number;
  wrong: number;
  /** Wrong answers with calibrated confidence above CONFIDENT_ERROR_LEVEL. */
  confident_errors: number;
}

export type MoveKind = 'fixed' | 'broke' | 'changed';

/** Rows of one gold label whose answer went from `baseline` to `candidate`. */
export interface Move {
  gold: string;
  baseline: string;
  candidate: string;
  kind: MoveKind;
  rows: number;
}

export interface HeadComparison {
  head: IntentHead;
  n: number;
  baseline: VersionScore;
  candidate: VersionScore;
  fixed: number;
  broke: number;
  /** Wrong in both versions, with a different answer. */
  changed: number;
  /** Largest groups first (ties: fixed, broke, changed, then gold label order). */
  moves: Move[];
  /** Paired bootstrap intervals of candidate minus baseline (both versions on the same resampled rows). */
  difference: { accuracy: Interval; macro_f1: Interval };
}

export interface VersionComparison {
  baseline_version: string;
  candidate_version: string;
  encoder: string;
  rows: number;
  datasets: DatasetSummary[];
  problems: RowProblem[];
  heads: HeadComparison[];
}

/** Rows as label indices over one label list, for the metrics of shared/math. */
interface IndexedRows {
  classes: number;
  gold: number[];
  baseline: number[];
  candidate: number[];
}

function indexRows(gold: readonly string[], baseline: readonly ServedAnswer[], candidate: readonly ServedAnswer[]): IndexedRows {
  const labels = [...new Set([...gold, ...baseline.map((a) => a.label), ...candidate.map((a) => a.label)])].sort();
  const index = (label: string) => labels.indexOf(label);
  return { classes: labels.length, gold: gold.map(index), baseline: baseline.map((a) => index(a.label)), candidate: candidate.map((a) => index(a.label)) };
}

function scoreOf(gold: readonly string[], answers: readonly ServedAnswer[], indexed: IndexedRows, predicted: readonly number[]): VersionScore {
  const wrong = answers.filter((a, i) => a.label !== gold[i]);
  const all = gold.map((_, i) => i);
  return {
    accuracy: gold.length ? (gold.length - wrong.length) / gold.length : 0,
    macro_f1: resampledMacroF1(predicted, indexed.gold, all, indexed.classes),
    wrong: wrong.length,
    confident_errors: wrong.filter((a) => a.confidence > CONFIDENT_ERROR_LEVEL).length,
  };
}

/** Candidate minus baseline on each resample of the rows: the change's interval, not each version's. */
function differenceIntervals(indexed: IndexedRows): HeadComparison['difference'] {
  const { gold, baseline, candidate, classes } = indexed;
  return bootstrapIntervals(gold.length, {
    accuracy: (rows) => resampledAccuracy(candidate, gold, rows) - resampledAccuracy(baseline, gold, rows),
    macro_f1: (rows) => resampledMacroF1(candidate, gold, rows, classes) - resampledMacroF1(baseline, gold, rows, classes),
  });
}

const KIND_ORDER: readonly MoveKind[] = ['fixed', 'broke', 'changed'];

/** One head's comparison over the rows that carry its gold label (the three arrays are aligned). */
export function compareHead(head: IntentHead, gold: readonly string[], baseline: readonly ServedAnswer[], candidate: readonly ServedAnswer[], top: number): HeadComparison {
  if (baseline.length !== gold.length || candidate.length !== gold.length) throw new Error(`compareHead(${head}): ${gold.length} gold labels, ${baseline.length} and ${candidate.length} answers`);
  const groups = new Map<string, Move>();
  gold.forEach((truth, i) => {
    const before = (baseline[i] as ServedAnswer).label;
    const after = (candidate[i] as ServedAnswer).label;
    if (before === after) return;
    const kind: MoveKind = after === truth ? 'fixed' : before === truth ? 'broke' : 'changed';
    const key = `${truth}\u0000${before}\u0000${after}`;
    const move = groups.get(key) ?? { gold: truth, baseline: before, candidate: after, kind, rows: 0 };
    move.rows += 1;
    groups.set(key, move);
  });
  const all = [...groups.values()];
  const count = (kind: MoveKind) => all.filter((m) => m.kind === kind).reduce((sum, m) => sum + m.rows, 0);
  const indexed = indexRows(gold, baseline, candidate);
  const moves = all.sort((a, b) => b.rows - a.rows || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.gold.localeCompare(b.gold) || a.baseline.localeCompare(b.baseline) || a.candidate.localeCompare(b.candidate));
  return {
    head,
    n: gold.length,
    baseline: scoreOf(gold, baseline, indexed, indexed.baseline),
    candidate: scoreOf(gold, candidate, indexed, indexed.candidate),
    fixed: count('fixed'),
    broke: count('broke'),
    changed: count('changed'),
    moves: moves.slice(0, top),
    difference: gold.length ? differenceIntervals(indexed) : { accuracy: { low: 0, high: 0 }, macro_f1: { low: 0, high: 0 } },
  };
}

export interface CompareOptions {
  dataFiles: readonly string[];
  /** Texts per encoder call. */
  batchSize: number;
  /** Moves listed per head. */
  top: number;
}

/** Score both versions' intent heads on every labelled row, each text embedded once by the candidate's encoder. */
export async function compareVersions(candidate: ClassifierRuntime, baseline: LoadedArtifacts, options: CompareOptions): Promise<VersionComparison> {
  const { rows, problems, datasets } = await readEvalRows(options.dataFiles, { unavailable: 'compare scores the intent heads only' });
  const answers = { baseline: [] as Array<Record<IntentHead, ServedAnswer>>, candidate: [] as Array<Record<IntentHead, ServedAnswer>> };
  const progress = startProgress('comparing', rows.length, 'rows');
  try {
    for (let start = 0; start < rows.length; start += options.batchSize) {
      const batch = rows.slice(start, start + options.batchSize);
      const embeddings = await candidate.encoder.embed(batch.map((r) => r.text));
      batch.forEach((row, i) => {
        const embedding = embeddings[i] as Float32Array;
        for (const [side, artifacts] of [['baseline', baseline], ['candidate', candidate.artifacts]] as const) {
          const probabilities = intentProbabilities(artifacts.intentHeads, row.text, embedding);
          const served = {} as Record<IntentHead, ServedAnswer>;
          // The served label and confidence do not depend on the threshold (0 here).
          for (const h of INTENT_HEADS) served[h] = headResult(artifacts.intentHeads[h], probabilities[h], 0);
          answers[side].push(served);
        }
      });
      progress.update(Math.min(rows.length, start + batch.length));
    }
  } finally {
    progress.stop();
  }
  const heads = INTENT_HEADS.flatMap((head) => {
    const labelled = rows.flatMap((row, i) => (row.gold[head] === undefined ? [] : [i]));
    if (labelled.length === 0) return [];
    const pick = (side: 'baseline' | 'candidate') => labelled.map((i) => (answers[side][i] as Record<IntentHead, ServedAnswer>)[head]);
    return [compareHead(head, labelled.map((i) => (rows[i] as EvalRow).gold[head] as string), pick('baseline'), pick('candidate'), options.top)];
  });
  return { baseline_version: baseline.version, candidate_version: candidate.artifacts.version, encoder: candidate.encoder.id, rows: rows.length, datasets, problems, heads };
}

/** The comparison as console tables: one row per head, then each head's largest moves. */
export function formatComparison(comparison: VersionComparison): string {
  const pct = (x: number) => x.toFixed(3);
  const lines = [
    `${comparison.rows} rows from ${comparison.datasets.length} file(s), ${comparison.problems.length} skipped; baseline ${comparison.baseline_version}, candidate ${comparison.candidate_version}, encoder ${comparison.encoder}`,
    '',
    ...textTable(
      ['head', 'n', 'acc base', 'acc cand', 'acc change', 'F1 base', 'F1 cand', 'F1 change', 'fixed', 'broke', 'changed', 'conf-err base', 'conf-err cand'],
      comparison.heads.map((h) => [
        h.head,
        String(h.n),
        pct(h.baseline.accuracy),
        pct(h.candidate.accuracy),
        formatInterval(h.difference.accuracy),
        pct(h.baseline.macro_f1),
        pct(h.candidate.macro_f1),
        formatInterval(h.difference.macro_f1),
        String(h.fixed),
        String(h.broke),
        String(h.changed),
        `${h.baseline.confident_errors} of ${h.baseline.wrong}`,
        `${h.candidate.confident_errors} of ${h.candidate.wrong}`,
      ]),
    ),
    `fixed / broke: rows right in one version only; changed: wrong in both with another answer; conf-err: wrong answers with calibrated confidence above ${CONFIDENT_ERROR_LEVEL}.`,
    `acc / F1 change: ${DEFAULT_BOOTSTRAP.level * 100}% paired bootstrap interval of candidate minus baseline (${DEFAULT_BOOTSTRAP.resamples} resamples of the rows, fixed seed); an interval around 0 is a change that resampling the rows alone could make. F1: macro-F1 over the labels in the gold labels or either version's answers.`,
  ];
  for (const h of comparison.heads) {
    if (h.moves.length === 0) continue;
    lines.push('', `${h.head}: largest moves (gold: baseline -> candidate)`);
    lines.push(...textTable(['rows', 'kind', 'gold', 'baseline -> candidate'], h.moves.map((m) => [String(m.rows), m.kind, m.gold, `${m.baseline} -> ${m.candidate}`]), { align: ['right', 'left', 'left', 'left'] }));
  }
  return lines.join('\n');
}
