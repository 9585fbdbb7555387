/**
 * The evaluation report (`--json`): per intent head, per ad_content, and envelope-level figures, all
 * computed with shared/math/metrics.ts from the served envelopes and the served probability vectors.
 * Pure: the pipeline run happens in run-pipeline.ts.
 */
import type { HeadMetrics } from '../shared/math/metrics.js';
import { chooseAdContent, type AdContentModel } from '../shared/ad-content/resolve-ad-content.js';
import type { Envelope, TierRef } from '../shared/envelope/envelope-types.js';
import { MAPPING_MODES } from '../shared/envelope/envelope-types.js';
import { INTENT_HEADS, type HeadName, type IntentHead } from '../shared/labels.js';
import {
  accuracy,
  confidentErrorShare,
  confusionMatrix,
  ECE_BINS,
  expectedCalibrationError,
  expectedConfidentErrorShare,
  headMetrics,
  isExactPath,
  isParentSafe,
  macroF1,
  pathMetrics,
  perLabelScores,
  reliabilityBins,
  selectiveScores,
  type ReliabilityBin,
} from '../shared/math/metrics.js';
import { argmax } from '../shared/math/softmax.js';
import { DEFAULT_BOOTSTRAP, headIntervals, MIN_ROWS_PER_LABEL_FOR_F1_INTERVAL, type HeadIntervals } from '../shared/math/bootstrap.js';
import { FALLBACK_REASONS } from '../shared/policy/fallback.js';
import { ELIGIBILITY_REASONS, MONETIZATION_ELIGIBILITIES } from '../shared/policy/policy.js';
import { thresholdCurve, thresholdSteps } from '../shared/math/pick-threshold.js';
import type { DatasetSummary, RowProblem } from './eval-rows.js';
import type { EvaluatedRow } from './run-pipeline.js';

/** What each figure means; written into the JSON and the HTML so readers need not guess. */
/** A wrong answer above this calibrated confidence counts as a confident error. */
export const CONFIDENT_ERROR_LEVEL = 0.8;

export const DEFINITIONS = {
  accuracy: 'share of rows whose served label (argmax of the calibrated probabilities) equals the gold label',
  macro_f1: 'macro-F1 over ALL labels of the head (a label absent from both truth and prediction scores F1 0)',
  macro_f1_present: 'macro-F1 over the labels PRESENT in the truth or the prediction of these rows',
  nll: 'mean negative log-likelihood of the gold label under the calibrated probabilities (nll_raw: before calibration)',
  brier: 'multiclass Brier score (mean squared distance to the one-hot gold label, 0..2), calibrated (brier_raw: before calibration)',
  ece: `top-label expected calibration error over ${ECE_BINS} equal-width confidence bins on [0, 1] (the last bin includes 1; empty bins kept with count 0), calibrated confidence (ece_raw: raw softmax confidence)`,
  coverage: 'share of rows whose calibrated confidence meets the head threshold (meets_threshold)',
  accepted_accuracy: 'accuracy over the rows meeting the threshold',
  fallback_rate: 'share of rows whose envelope applies a fallback (any reason)',
  confident_error_share: `share of the wrong answers whose calibrated confidence is above ${CONFIDENT_ERROR_LEVEL}`,
  expected_confident_error_share: `the confident_error_share the served confidences would give if they were exactly calibrated (each row wrong with probability 1 - confidence): expected wrong answers above ${CONFIDENT_ERROR_LEVEL} over all expected wrong answers; confident_error_share above it is overconfidence, and when it is itself above a target, calibration alone cannot reach that target`,
  intervals: `${DEFAULT_BOOTSTRAP.level * 100}% percentile bootstrap intervals of accuracy, macro_f1, ece and confident_error_share: ${DEFAULT_BOOTSTRAP.resamples} resamples of the head's rows with replacement, fixed seed; macro_f1's sits low when a label has fewer than ${MIN_ROWS_PER_LABEL_FOR_F1_INTERVAL} gold rows (resamples drop it and score it 0), so the console and HTML reports omit it then`,
  ad_content_exact: 'predicted taxonomy node equals the gold node',
  ad_content_tierK: 'over rows whose gold path has at least K tiers: the first K Tier cells of the predicted path equal the gold ones',
  ad_content_parent_safe: 'the predicted path is a non-empty prefix of the gold path (the gold node or one of its ancestors)',
  ad_content_average_depth: 'mean number of tiers of the predicted path (placeholder = 0)',
  ad_content_coverage: 'share of rows whose mapping_confidence meets the ad_content threshold',
  ad_content_ece: `ECE (${ECE_BINS} equal-width bins) of mapping_confidence against parent-safe correctness: mapping_confidence is the probability mass of the chosen node's subtree, i.e. of the gold node lying under it`,
} as const;

/** HeadMetrics of the calibrated (served) confidence, plus the raw ones and the threshold figures. */
export interface HeadSummary extends HeadMetrics {
  accuracy_raw: number;
  nll_raw: number;
  brier_raw: number;
  ece_raw: number;
  coverage: number;
  accepted_accuracy: number;
  fallback_rate: number;
  confident_error_share: number;
  expected_confident_error_share: number;
}

export interface LabelRow {
  label: string;
  precision: number;
  recall: number;
  f1: number;
  support: number;
  predicted: number;
}

export interface CurvePoint {
  threshold: number;
  coverage: number;
  accepted_accuracy: number;
}

export interface IntentHeadReport extends HeadSummary {
  threshold: number;
  labels: string[];
  per_label: LabelRow[];
  /** confusion[t][p]: rows with gold label t predicted as p, in `labels` order. */
  confusion: number[][];
  reliability: { raw: ReliabilityBin[]; calibrated: ReliabilityBin[] };
  threshold_curve: CurvePoint[];
  /** How far the figures would move on another sample of as many rows (DEFINITIONS.intervals). */
  intervals: HeadIntervals;
  by_difficulty?: Record<string, HeadSummary>;
}

export interface AdContentSummary {
  n: number;
  exact: number;
  tier1: number;
  tier2: number;
  tier3: number;
  tier4: number;
  /** Rows whose gold path reaches each tier (the denominators of tier1..tier4). */
  tier_rows: { tier1: number; tier2: number; tier3: number; tier4: number };
  parent_safe: number;
  average_depth: number;
  average_gold_depth: number;
  coverage: number;
  accepted_exact: number;
  ece: number;
  placeholder_rate: number;
  mapping_mode: Record<string, number>;
}

export interface AdContentReport extends AdContentSummary {
  threshold: number;
  reliability: ReliabilityBin[];
  /** Per threshold: re-resolved coverage, exact and parent-safe accuracy of the accepted rows. */
  threshold_curve: Array<CurvePoint & { accepted_parent_safe: number }>;
  /** Gold tier-1 (rows) against predicted tier-1 (columns); "(none)" when the prediction is the placeholder. */
  tier1_confusion: { labels: string[]; matrix: number[][] };
  by_difficulty?: Record<string, AdContentSummary>;
}

export interface EnvelopeReport {
  rows: number;
  fallback_rate: number;
  monetization_eligibility: Record<string, number>;
  /** "none" counts rows without a fallback. */
  fallback_reason: Record<string, number>;
  eligibility_reason: Record<string, number>;
}

export interface EvalReport {
  datasets: DatasetSummary[];
  rows: number;
  skipped: number;
  problems: RowProblem[];
  artifact_version: string;
  encoder: string;
  thresholds: Record<HeadName, number>;
  /** Why ad_content labels were not scored, when they were not. */
  ad_content_unavailable?: string;
  definitions: typeof DEFINITIONS;
  heads: Partial<Record<IntentHead, IntentHeadReport>> & { ad_content?: AdContentReport };
  envelope: EnvelopeReport;
}

export interface ReportContext {
  thresholds: Record<HeadName, number>;
  labels: Record<IntentHead, readonly string[]>;
  adContent: AdContentModel | undefined;
}

const share = (count: number, of: number) => (of === 0 ? 0 : count / of);

function groupByDifficulty<T>(items: readonly T[], difficultyOf: (item: T) => string | undefined): Map<string, T[]> | undefined {
  if (!items.some((item) => difficultyOf(item) !== undefined)) return undefined;
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = difficultyOf(item) ?? '(none)';
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return new Map([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

function mapValues<T, U>(groups: Map<string, T[]> | undefined, f: (items: T[]) => U): Record<string, U> | undefined {
  return groups && Object.fromEntries([...groups.entries()].map(([key, items]) => [key, f(items)]));
}

// ------------------------------------------------------------------ intent heads

interface HeadItem {
  truth: number;
  /** The served label's index (from the envelope). */
  predicted: number;
  raw: Float64Array;
  calibrated: Float64Array;
  fallback: boolean;
  difficulty: string | undefined;
}

const ENVELOPE_LABEL: { readonly [H in IntentHead]: (e: Envelope) => string } = {
  intent_type: (e) => e.model_output.classification.intent.type,
  intent_subtype: (e) => e.model_output.classification.intent.subtype,
  decision_phase: (e) => e.model_output.classification.intent.decision_phase,
};

function headItems(rows: readonly EvaluatedRow[], head: IntentHead, labels: readonly string[]): HeadItem[] {
  return rows
    .filter((r) => r.row.gold[head] !== undefined)
    .map((r) => {
      const predicted = labels.indexOf(ENVELOPE_LABEL[head](r.envelope));
      const { raw, calibrated } = r.probabilities[head];
      if (predicted !== argmax(calibrated)) throw new Error(`${head}: served label differs from the argmax of the calibrated probabilities (${r.row.file}:${r.row.line})`);
      return { truth: labels.indexOf(r.row.gold[head] as string), predicted, raw, calibrated, fallback: r.envelope.model_output.fallback !== null, difficulty: r.row.difficulty };
    });
}

function headSummary(items: readonly HeadItem[], classes: number, threshold: number): HeadSummary {
  const truth = items.map((i) => i.truth);
  const predicted = items.map((i) => i.predicted);
  const calibrated = headMetrics(
    items.map((i) => i.calibrated),
    truth,
  );
  const raw = headMetrics(
    items.map((i) => i.raw),
    truth,
  );
  const f1 = macroF1(perLabelScores(predicted, truth, classes));
  const servedConfidence = items.map((i) => i.calibrated[i.predicted] as number);
  const correct = items.map((i) => i.predicted === i.truth);
  const selective = selectiveScores(servedConfidence, correct, threshold);
  return {
    n: items.length,
    accuracy: accuracy(predicted, truth),
    macro_f1: f1.all_labels,
    macro_f1_present: f1.present_labels,
    nll: calibrated.nll,
    brier: calibrated.brier,
    ece: calibrated.ece,
    accuracy_raw: raw.accuracy,
    nll_raw: raw.nll,
    brier_raw: raw.brier,
    ece_raw: raw.ece,
    coverage: selective.coverage,
    accepted_accuracy: selective.acceptedAccuracy,
    fallback_rate: share(items.filter((i) => i.fallback).length, items.length),
    confident_error_share: confidentErrorShare(servedConfidence, correct, CONFIDENT_ERROR_LEVEL),
    expected_confident_error_share: expectedConfidentErrorShare(servedConfidence, CONFIDENT_ERROR_LEVEL),
  };
}

function topLabel(probabilities: Float64Array): { confidence: number; index: number } {
  const index = argmax(probabilities);
  return { index, confidence: probabilities[index] as number };
}

export function intentHeadReport(rows: readonly EvaluatedRow[], head: IntentHead, labels: readonly string[], threshold: number): IntentHeadReport | undefined {
  const items = headItems(rows, head, labels);
  if (items.length === 0) return undefined;
  const classes = labels.length;
  const truth = items.map((i) => i.truth);
  const predicted = items.map((i) => i.predicted);
  const top = (which: 'raw' | 'calibrated') => items.map((i) => topLabel(i[which]));
  const rawTop = top('raw');
  const calibratedTop = top('calibrated');
  const calibratedConfidence = calibratedTop.map((t) => t.confidence);
  const correct = predicted.map((p, i) => p === truth[i]);
  const byDifficulty = mapValues(
    groupByDifficulty(items, (i) => i.difficulty),
    (group) => headSummary(group, classes, threshold),
  );
  return {
    ...headSummary(items, classes, threshold),
    threshold,
    labels: [...labels],
    per_label: perLabelScores(predicted, truth, classes).map((s, k) => ({ label: labels[k] as string, ...s })),
    confusion: confusionMatrix(predicted, truth, classes),
    reliability: {
      raw: reliabilityBins(
        rawTop.map((t) => t.confidence),
        rawTop.map((t, i) => t.index === truth[i]),
      ),
      calibrated: reliabilityBins(calibratedConfidence, correct),
    },
    threshold_curve: thresholdCurve(calibratedConfidence, correct).map((p) => ({ threshold: p.threshold, coverage: p.coverage, accepted_accuracy: p.acceptedAccuracy })),
    intervals: headIntervals({ predicted, truth, confidence: calibratedConfidence, classes }, CONFIDENT_ERROR_LEVEL),
    ...(byDifficulty ? { by_difficulty: byDifficulty } : {}),
  };
}

// ------------------------------------------------------------------ ad_content

const TIER_KEYS = ['tier1', 'tier2', 'tier3', 'tier4'] as const;
const NO_PREDICTION = '(none)';

export function envelopeTiers(envelope: Envelope): TierRef[] {
  const ad = envelope.model_output.classification.ad_content;
  return TIER_KEYS.map((k) => ad[k]).filter((t): t is TierRef => t !== undefined);
}

interface AdItem {
  gold: { id: string; path: readonly string[] };
  predictedPath: readonly string[];
  /** Unrounded resolution confidence at the served threshold. */
  confidence: number;
  mode: string;
  placeholder: boolean;
  difficulty: string | undefined;
}

function adItems(rows: readonly EvaluatedRow[], model: AdContentModel, threshold: number): Array<AdItem & { row: EvaluatedRow }> {
  return rows
    .filter((r) => r.row.adContent !== undefined)
    .map((r) => {
      const tiers = envelopeTiers(r.envelope);
      const deepest = tiers.at(-1);
      const predictedPath = deepest ? (model.taxonomy.byId.get(deepest.id)?.path ?? []) : [];
      const served = r.adScores ? chooseAdContent(model, r.adScores, threshold) : undefined;
      if (served && deepest && served.node.id !== deepest.id) throw new Error(`ad_content: re-resolution disagrees with the served node (${r.row.file}:${r.row.line})`);
      return {
        row: r,
        gold: r.row.adContent as { id: string; path: readonly string[] },
        predictedPath,
        confidence: served?.mapping_confidence ?? 0,
        mode: r.envelope.model_output.classification.ad_content.mapping_mode,
        placeholder: r.envelope.meta.ad_content_mapping_is_placeholder,
        difficulty: r.row.difficulty,
      };
    });
}

function adSummary(items: readonly AdItem[], threshold: number): AdContentSummary {
  const paths = pathMetrics(
    items.map((i) => i.predictedPath),
    items.map((i) => i.gold.path),
  );
  const tier = (k: number) => paths.tiers[k - 1] as { n: number; accuracy: number };
  const confidences = items.map((i) => i.confidence);
  const exact = items.map((i) => isExactPath(i.predictedPath, i.gold.path));
  const selective = selectiveScores(confidences, exact, threshold);
  const modes = Object.fromEntries(MAPPING_MODES.map((m) => [m, 0])) as Record<string, number>;
  for (const item of items) modes[item.mode] = (modes[item.mode] ?? 0) + 1;
  return {
    n: paths.n,
    exact: paths.exact,
    tier1: tier(1).accuracy,
    tier2: tier(2).accuracy,
    tier3: tier(3).accuracy,
    tier4: tier(4).accuracy,
    tier_rows: { tier1: tier(1).n, tier2: tier(2).n, tier3: tier(3).n, tier4: tier(4).n },
    parent_safe: paths.parent_safe,
    average_depth: paths.average_depth,
    average_gold_depth: paths.average_gold_depth,
    coverage: selective.coverage,
    accepted_exact: selective.acceptedAccuracy,
    ece: expectedCalibrationError(
      confidences,
      items.map((i) => isParentSafe(i.predictedPath, i.gold.path)),
    ),
    placeholder_rate: share(items.filter((i) => i.placeholder).length, items.length),
    mapping_mode: modes,
  };
}

/** Coverage and accepted exact / parent-safe accuracy when every row is re-resolved at each threshold (0..1, step 0.01). */
export function adContentCurve(rows: ReadonlyArray<{ row: EvaluatedRow; gold: { id: string; path: readonly string[] } }>, model: AdContentModel): AdContentReport['threshold_curve'] {
  return thresholdSteps(0).map((threshold) => {
    let accepted = 0;
    let exact = 0;
    let parentSafe = 0;
    for (const { row, gold } of rows) {
      if (!row.adScores) continue;
      const resolved = chooseAdContent(model, row.adScores, threshold);
      if (resolved.mapping_confidence < threshold) continue;
      accepted += 1;
      if (resolved.node.id === gold.id) exact += 1;
      if (isParentSafe(resolved.node.path, gold.path)) parentSafe += 1;
    }
    return { threshold, coverage: share(accepted, rows.length), accepted_accuracy: share(exact, accepted), accepted_parent_safe: share(parentSafe, accepted) };
  });
}

function tier1Confusion(items: readonly AdItem[]): AdContentReport['tier1_confusion'] {
  const goldOf = (i: AdItem) => i.gold.path[0] as string;
  const predictedOf = (i: AdItem) => i.predictedPath[0] ?? NO_PREDICTION;
  const labels = [...new Set(items.flatMap((i) => [goldOf(i), predictedOf(i)]))].sort((a, b) => (a === NO_PREDICTION ? 1 : b === NO_PREDICTION ? -1 : a.localeCompare(b)));
  const index = new Map(labels.map((l, k) => [l, k]));
  return {
    labels,
    matrix: confusionMatrix(
      items.map((i) => index.get(predictedOf(i)) as number),
      items.map((i) => index.get(goldOf(i)) as number),
      labels.length,
    ),
  };
}

export function adContentReport(rows: readonly EvaluatedRow[], model: AdContentModel, threshold: number): AdContentReport | undefined {
  const items = adItems(rows, model, threshold);
  if (items.length === 0) return undefined;
  const byDifficulty = mapValues(
    groupByDifficulty(items, (i) => i.difficulty),
    (group) => adSummary(group, threshold),
  );
  return {
    ...adSummary(items, threshold),
    threshold,
    reliability: reliabilityBins(
      items.map((i) => i.confidence),
      items.map((i) => isParentSafe(i.predictedPath, i.gold.path)),
    ),
    threshold_curve: adContentCurve(items, model),
    tier1_confusion: tier1Confusion(items),
    ...(byDifficulty ? { by_difficulty: byDifficulty } : {}),
  };
}

// ------------------------------------------------------------------ envelope level

function countOf(values: readonly string[], known: readonly string[]): Record<string, number> {
  const counts = Object.fromEntries(known.map((k) => [k, 0])) as Record<string, number>;
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}

export function envelopeReport(envelopes: readonly Envelope[]): EnvelopeReport {
  const reasons = envelopes.map((e) => e.model_output.fallback?.reason ?? 'none');
  return {
    rows: envelopes.length,
    fallback_rate: share(reasons.filter((r) => r !== 'none').length, envelopes.length),
    monetization_eligibility: countOf(
      envelopes.map((e) => e.system_decision.policy.monetization_eligibility),
      MONETIZATION_ELIGIBILITIES,
    ),
    fallback_reason: countOf(reasons, ['none', ...FALLBACK_REASONS]),
    eligibility_reason: countOf(
      envelopes.map((e) => e.system_decision.policy.eligibility_reason),
      ELIGIBILITY_REASONS,
    ),
  };
}

export function buildEvalReport(
  rows: readonly EvaluatedRow[],
  context: ReportContext,
  meta: Pick<EvalReport, 'datasets' | 'problems' | 'artifact_version' | 'encoder'> & { adContentUnavailable?: string },
): EvalReport {
  const heads: EvalReport['heads'] = {};
  for (const head of INTENT_HEADS) {
    const report = intentHeadReport(rows, head, context.labels[head], context.thresholds[head]);
    if (report) heads[head] = report;
  }
  const ad = context.adContent && adContentReport(rows, context.adContent, context.thresholds.ad_content);
  if (ad) heads.ad_content = ad;
  return {
    datasets: meta.datasets,
    rows: rows.length,
    skipped: meta.problems.length,
    problems: meta.problems,
    artifact_version: meta.artifact_version,
    encoder: meta.encoder,
    thresholds: context.thresholds,
    ...(meta.adContentUnavailable ? { ad_content_unavailable: meta.adContentUnavailable } : {}),
    definitions: DEFINITIONS,
    heads,
    envelope: envelopeReport(rows.map((r) => r.envelope)),
  };
}
