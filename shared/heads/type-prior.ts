/**
 * The type prior of the intent_subtype and decision_phase heads. Each head stays linear and reads the
 * same features; at decoding its logits get `weight · log Σ_t p(t) · P(label | t)`, where p is the
 * intent_type head's softmax on the same text and P(label | t) the label's share among training rows
 * of type t. Where a head's own evidence is weak, its answer then agrees with the type head (follow_up
 * vs education when the type head says informational; awareness vs action for a creative ask).
 * Calibration and thresholds are fitted on the logits with the prior, so served confidences are
 * calibrated as they are decoded. Weight 0 (or no prior, as in versions trained before it) changes nothing.
 */
import type { QueryFeatures } from '../features/feature-set.js';
import { INTENT_HEADS, type IntentHead } from '../labels.js';
import { softmaxRow } from '../math/softmax.js';
import { headLogits, type LinearHead } from './linear-head.js';

export interface TypePrior {
  weight: number;
  /** table[t][k] = P(label k | intent_type t); rows in the intent_type head's label order, each summing to 1. */
  table: number[][];
}

/** A head with the prior it decodes with, if any (a LoadedHead or a head being fitted). */
export interface PriorHead {
  head: LinearHead;
  typePrior?: TypePrior | undefined;
}

/** The head whose probabilities the other two heads' priors read. */
export const TYPE_PRIOR_SOURCE: IntentHead = 'intent_type';

/** `logits` plus the prior's log-mixture under the type probabilities (a new array). */
export function withTypePrior(logits: Float64Array, typeProbabilities: ArrayLike<number>, prior: TypePrior): Float64Array {
  if (prior.weight === 0) return logits;
  return logits.map((z, k) => {
    let mixture = 0;
    prior.table.forEach((row, t) => (mixture += (typeProbabilities[t] as number) * (row[k] as number)));
    return z + prior.weight * Math.log(mixture);
  });
}

/**
 * P(label | type) from labelled rows with additive smoothing (`smoothing` pseudo-rows spread evenly over
 * the labels of every type), so no label is ruled out entirely. Rows without both labels are skipped.
 */
export function typePriorTable(typeTargets: Int32Array, targets: Int32Array, types: number, classes: number, smoothing: number): number[][] {
  const counts = Array.from({ length: types }, () => new Array<number>(classes).fill(smoothing / classes));
  typeTargets.forEach((t, i) => {
    const k = targets[i] as number;
    if (t >= 0 && k >= 0) (counts[t] as number[])[k] = ((counts[t] as number[])[k] as number) + 1;
  });
  return counts.map((row) => {
    const total = row.reduce((a, b) => a + b, 0);
    return row.map((c) => c / total);
  });
}

/** The three intent heads' logits for one text, the subtype and phase heads decoded with their type prior. */
export function intentLogits(heads: Readonly<Record<IntentHead, PriorHead>>, featuresOf: (head: IntentHead) => QueryFeatures): Record<IntentHead, Float64Array> {
  const typeLogits = headLogits(heads[TYPE_PRIOR_SOURCE].head, featuresOf(TYPE_PRIOR_SOURCE));
  const typeProbabilities = softmaxRow(typeLogits);
  const logitsOf = (head: IntentHead) => {
    if (head === TYPE_PRIOR_SOURCE) return typeLogits;
    const own = headLogits(heads[head].head, featuresOf(head));
    const prior = heads[head].typePrior;
    return prior ? withTypePrior(own, typeProbabilities, prior) : own;
  };
  return Object.fromEntries(INTENT_HEADS.map((head) => [head, logitsOf(head)])) as Record<IntentHead, Float64Array>;
}
