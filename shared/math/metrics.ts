/**
 * Classification metrics shared by training reports and evaluation, so both report the same numbers.
 * Probabilities are rows of a [n, c] matrix in label order; `truth` holds label indices.
 * ECE is top-label ECE over 10 equal-width confidence bins (empty bins kept with count 0).
 */
import { argmax } from './softmax.js';

const EPSILON = 1e-12;
export const ECE_BINS = 10;

export interface ReliabilityBin {
  lower: number;
  upper: number;
  count: number;
  /** Mean confidence of the bin's rows (0 when empty). */
  confidence: number;
  /** Accuracy of the bin's rows (0 when empty). */
  accuracy: number;
}

export function accuracy(predicted: readonly number[], truth: readonly number[]): number {
  if (truth.length === 0) return 0;
  let correct = 0;
  truth.forEach((t, i) => (correct += predicted[i] === t ? 1 : 0));
  return correct / truth.length;
}

/** Share of the wrong answers whose confidence is above `level` (0 when nothing is wrong). */
export function confidentErrorShare(confidences: readonly number[], correct: readonly boolean[], level: number): number {
  let wrong = 0;
  let confident = 0;
  correct.forEach((right, i) => {
    if (right) return;
    wrong += 1;
    if ((confidences[i] as number) > level) confident += 1;
  });
  return wrong ? confident / wrong : 0;
}

/**
 * The confident-error share these confidences would give if they were calibrated (each row wrong with
 * probability 1 - confidence): the expected wrong answers above `level` over all expected wrong answers
 * (0 when every confidence is 1). A sharp head exceeds a confident-error target even when calibrated;
 * the observed share above this one is overconfidence.
 */
export function expectedConfidentErrorShare(confidences: readonly number[], level: number): number {
  let expectedWrong = 0;
  let expectedConfident = 0;
  for (const c of confidences) {
    expectedWrong += 1 - c;
    if (c > level) expectedConfident += 1 - c;
  }
  return expectedWrong > 0 ? expectedConfident / expectedWrong : 0;
}

/** Mean negative log-likelihood of the true label. */
export function negativeLogLikelihood(probabilities: readonly ArrayLike<number>[], truth: readonly number[]): number {
  return meanNegativeLog(truth.map((t, i) => (probabilities[i] as ArrayLike<number>)[t] as number));
}

/** Mean negative log of each row's probability of its true label (negativeLogLikelihood once those are picked out). */
export function meanNegativeLog(trueLabelProbabilities: readonly number[]): number {
  if (trueLabelProbabilities.length === 0) return 0;
  let sum = 0;
  for (const p of trueLabelProbabilities) sum -= Math.log(Math.max(p, EPSILON));
  return sum / trueLabelProbabilities.length;
}

/** Multiclass Brier score: mean over rows of the squared distance to the one-hot truth (0..2). */
export function brierScore(probabilities: readonly ArrayLike<number>[], truth: readonly number[]): number {
  if (truth.length === 0) return 0;
  let sum = 0;
  truth.forEach((t, i) => {
    const row = probabilities[i] as ArrayLike<number>;
    for (let k = 0; k < row.length; k++) sum += ((row[k] as number) - (k === t ? 1 : 0)) ** 2;
  });
  return sum / truth.length;
}

/** Top-label reliability bins: bin b holds confidences in [b/B, (b+1)/B), the last bin includes 1. */
export function reliabilityBins(confidences: readonly number[], correct: readonly boolean[], bins = ECE_BINS): ReliabilityBin[] {
  const out: ReliabilityBin[] = Array.from({ length: bins }, (_, b) => ({ lower: b / bins, upper: (b + 1) / bins, count: 0, confidence: 0, accuracy: 0 }));
  confidences.forEach((c, i) => {
    const bin = out[Math.min(bins - 1, Math.floor(c * bins))] as ReliabilityBin;
    bin.count += 1;
    bin.confidence += c;
    bin.accuracy += correct[i] ? 1 : 0;
  });
  for (const bin of out) {
    if (bin.count > 0) {
      bin.confidence /= bin.count;
      bin.accuracy /= bin.count;
    }
  }
  return out;
}

export function expectedCalibrationError(confidences: readonly number[], correct: readonly boolean[], bins = ECE_BINS): number {
  const n = confidences.length;
  if (n === 0) return 0;
  return reliabilityBins(confidences, correct, bins).reduce((sum, bin) => sum + (bin.count / n) * Math.abs(bin.accuracy - bin.confidence), 0);
}

export interface LabelScores {
  precision: number;
  recall: number;
  f1: number;
  support: number;
  predicted: number;
}

export function confusionMatrix(predicted: readonly number[], truth: readonly number[], classes: number): number[][] {
  const matrix = Array.from({ length: classes }, () => new Array<number>(classes).fill(0));
  truth.forEach((t, i) => ((matrix[t] as number[])[predicted[i] as number] as number)++);
  return matrix;
}

export function perLabelScores(predicted: readonly number[], truth: readonly number[], classes: number): LabelScores[] {
  const matrix = confusionMatrix(predicted, truth, classes);
  return matrix.map((row, k) => {
    const tp = row[k] as number;
    const support = row.reduce((a, b) => a + b, 0);
    const predictedCount = matrix.reduce((sum, r) => sum + (r[k] as number), 0);
    const precision = predictedCount > 0 ? tp / predictedCount : 0;
    const recall = support > 0 ? tp / support : 0;
    const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
    return { precision, recall, f1, support, predicted: predictedCount };
  });
}

/**
 * Macro-F1 two common ways: over every label of the head (`all_labels`: a label never seen in truth
 * or prediction scores 0), and over labels present in truth or prediction (`present_labels`).
 */
export function macroF1(scores: readonly LabelScores[]): { all_labels: number; present_labels: number } {
  const present = scores.filter((s) => s.support > 0 || s.predicted > 0);
  const mean = (xs: readonly LabelScores[]) => (xs.length === 0 ? 0 : xs.reduce((sum, s) => sum + s.f1, 0) / xs.length);
  return { all_labels: mean(scores), present_labels: mean(present) };
}

/** Summary of one head's predictions from its probability rows. */
export interface HeadMetrics {
  n: number;
  accuracy: number;
  macro_f1: number;
  macro_f1_present: number;
  nll: number;
  brier: number;
  ece: number;
}

export function headMetrics(probabilities: readonly ArrayLike<number>[], truth: readonly number[]): HeadMetrics {
  const predicted = probabilities.map((row) => argmax(row));
  const confidences = probabilities.map((row, i) => row[predicted[i] as number] as number);
  const correct = predicted.map((p, i) => p === truth[i]);
  const classes = probabilities[0]?.length ?? 0;
  const f1 = macroF1(perLabelScores(predicted, truth, classes));
  return {
    n: truth.length,
    accuracy: accuracy(predicted, truth),
    macro_f1: f1.all_labels,
    macro_f1_present: f1.present_labels,
    nll: negativeLogLikelihood(probabilities, truth),
    brier: brierScore(probabilities, truth),
    ece: expectedCalibrationError(confidences, correct),
  };
}

/** Selective prediction at one threshold: rows with confidence >= threshold are accepted (served as labelled). */
export interface SelectiveScores {
  threshold: number;
  accepted: number;
  /** Share of rows accepted. */
  coverage: number;
  /** Accuracy over the accepted rows (0 when none is accepted). */
  acceptedAccuracy: number;
}

export function selectiveScores(confidences: readonly number[], correct: readonly boolean[], threshold: number): SelectiveScores {
  let accepted = 0;
  let right = 0;
  confidences.forEach((c, i) => {
    if (c >= threshold) {
      accepted += 1;
      right += correct[i] ? 1 : 0;
    }
  });
  return { threshold, accepted, coverage: confidences.length ? accepted / confidences.length : 0, acceptedAccuracy: accepted ? right / accepted : 0 };
}

/** Taxonomy path agreement at one tier: rows whose gold path reaches tier `tier`, and the share whose first `tier` cells agree. */
export interface TierAccuracy {
  tier: number;
  n: number;
  accuracy: number;
}

export interface PathMetrics {
  n: number;
  /** Predicted path equals the gold path (same node). */
  exact: number;
  /** Tier 1..maxDepth: over rows whose gold depth >= K, the first K cells agree. */
  tiers: TierAccuracy[];
  /** Predicted path is non-empty and a prefix of the gold path (the gold node or one of its ancestors). */
  parent_safe: number;
  average_depth: number;
  average_gold_depth: number;
}

const samePrefix = (a: readonly string[], b: readonly string[], k: number) => a.length >= k && b.length >= k && a.slice(0, k).every((cell, i) => cell === b[i]);

/** Parent-safe: `predicted` is non-empty and a prefix of `gold` (the gold node or one of its ancestors). */
export const isParentSafe = (predicted: readonly string[], gold: readonly string[]): boolean => predicted.length > 0 && samePrefix(predicted, gold, predicted.length);

/** The same node: equal paths. */
export const isExactPath = (predicted: readonly string[], gold: readonly string[]): boolean => predicted.length === gold.length && samePrefix(predicted, gold, gold.length);

/** Hierarchical agreement of predicted and gold taxonomy paths (tier cells, tier 1 first); an empty prediction matches nothing. */
export function pathMetrics(predicted: readonly (readonly string[])[], gold: readonly (readonly string[])[], maxDepth = 4): PathMetrics {
  const n = gold.length;
  const share = (count: number, of: number) => (of === 0 ? 0 : count / of);
  let exact = 0;
  let parentSafe = 0;
  let depth = 0;
  let goldDepth = 0;
  gold.forEach((g, i) => {
    const p = predicted[i] ?? [];
    if (isExactPath(p, g)) exact += 1;
    if (isParentSafe(p, g)) parentSafe += 1;
    depth += p.length;
    goldDepth += g.length;
  });
  const tiers = Array.from({ length: maxDepth }, (_, t) => {
    const k = t + 1;
    let rows = 0;
    let right = 0;
    gold.forEach((g, i) => {
      if (g.length < k) return;
      rows += 1;
      if (samePrefix(predicted[i] ?? [], g, k)) right += 1;
    });
    return { tier: k, n: rows, accuracy: share(right, rows) };
  });
  return { n, exact: share(exact, n), tiers, parent_safe: share(parentSafe, n), average_depth: share(depth, n), average_gold_depth: share(goldDepth, n) };
}
