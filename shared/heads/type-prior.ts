/**
 * The type prior of the intent_subtype and decision_phase heads. Each head stays linear and reads the
 * same features; at decoding its logits get `weight · log Σ_r w(r) · P(label | r)`, where the rows r are
 * either the intent_type labels, weighted by the intent_type head's softmax p(t) on the same text, or
 * (decision_phase only) the (intent_type, intent_subtype) pairs seen in training, weighted by
 * p(t) · p(s) renormalised over those pairs, with p(s) the subtype head's decoded softmax. With
 * `decoded` only the row of what the envelope reports counts: the served intent_type (or, over pairs,
 * the served pair), the argmax of each head's calibrated scores when the head carries its calibration
 * map, so the label agrees with the labels served beside it (the mixture when training never saw that
 * pair). P(label | r) is the label's share among training rows of r. Where a head's own
 * evidence is weak, its answer then agrees with the others (follow_up vs education when the type head says informational; consideration
 * when the heads say commercial / product_discovery, as every such training row is).
 * Calibration and thresholds are fitted on the logits with the prior, so served confidences are
 * calibrated as they are decoded. Weight 0 (or no prior, as in versions trained before it) changes nothing.
 */
import type { QueryFeatures } from '../features/feature-set.js';
import { INTENT_HEADS, type IntentHead } from '../labels.js';
import { calibrateLogits, type CalibrationMap } from '../math/calibration.js';
import { argmax, softmaxRow } from '../math/softmax.js';
import { headLogits, type LinearHead } from './linear-head.js';

export interface TypePrior {
  weight: number;
  /**
   * table[r][k] = P(label k | row r), each row summing to 1: one row per intent_type label in that
   * head's order, or with `pairs` one row per pair.
   */
  table: number[][];
  /** decision_phase only: the (intent_type, intent_subtype) label positions of the table's rows. */
  pairs?: Array<[number, number]>;
  /** Weigh only the row of the served intent_type (without `pairs`) or of the served pair (with them) instead of mixing all rows. */
  decoded?: boolean;
}

/** A head with the prior it decodes with, if any (a LoadedHead or a head being fitted). */
export interface PriorHead {
  head: LinearHead;
  typePrior?: TypePrior | undefined;
  /** The map the served label is read through; a decoded pair prior reads the type and subtype the same way. */
  calibration?: CalibrationMap | undefined;
}

/** The head whose probabilities the other two heads' priors read. */
export const TYPE_PRIOR_SOURCE: IntentHead = 'intent_type';

/** `logits` plus the prior's log-mixture under the weights of its rows (a new array). */
export function withTypePrior(logits: Float64Array, rowWeights: ArrayLike<number>, prior: TypePrior): Float64Array {
  if (prior.weight === 0) return logits;
  return logits.map((z, k) => {
    let mixture = 0;
    prior.table.forEach((row, r) => (mixture += (rowWeights[r] as number) * (row[k] as number)));
    return z + prior.weight * Math.log(mixture);
  });
}

/**
 * The weights of a prior's rows: p(t), p(t) · p(s) over its pairs renormalised, or with `decoded` all on
 * the served type or pair (`servedLabel`, by default the argmax of each distribution).
 */
export function priorRowWeights(
  prior: TypePrior,
  typeProbabilities: ArrayLike<number>,
  subtypeProbabilities: () => ArrayLike<number>,
  servedLabel?: (head: IntentHead) => number,
): ArrayLike<number> {
  const served = (head: IntentHead, probabilities: ArrayLike<number>) => servedLabel?.(head) ?? argmax(probabilities);
  if (!prior.pairs) {
    if (!prior.decoded) return typeProbabilities;
    const type = served(TYPE_PRIOR_SOURCE, typeProbabilities);
    return Array.from(typeProbabilities, (_, t) => (t === type ? 1 : 0));
  }
  const subtype = subtypeProbabilities();
  if (prior.decoded) {
    const type = served(TYPE_PRIOR_SOURCE, typeProbabilities);
    const sub = served(PAIR_PRIOR_SOURCE, subtype);
    const row = prior.pairs.findIndex(([t, s]) => t === type && s === sub);
    if (row >= 0) return prior.pairs.map((_, r) => (r === row ? 1 : 0));
  }
  const weights = prior.pairs.map(([t, s]) => (typeProbabilities[t] as number) * (subtype[s] as number));
  const total = weights.reduce((a, b) => a + b, 0);
  return total > 0 ? weights.map((w) => w / total) : weights.map(() => 1 / weights.length);
}

/**
 * P(label | row) from labelled rows with additive smoothing (`smoothing` pseudo-rows spread evenly over
 * the labels of every row), so no label is ruled out entirely. `rowOf[i]` is sample i's row, -1 to skip it.
 */
function priorTable(rowOf: ArrayLike<number>, rows: number, targets: Int32Array, classes: number, smoothing: number): number[][] {
  const counts = Array.from({ length: rows }, () => new Array<number>(classes).fill(smoothing / classes));
  targets.forEach((k, i) => {
    const r = rowOf[i] as number;
    if (r >= 0 && k >= 0) (counts[r] as number[])[k] = ((counts[r] as number[])[k] as number) + 1;
  });
  return counts.map((row) => {
    const total = row.reduce((a, b) => a + b, 0);
    return row.map((c) => c / total);
  });
}

/** P(label | intent_type): one row per type label. Rows without both labels are skipped. */
export function typePriorTable(typeTargets: Int32Array, targets: Int32Array, types: number, classes: number, smoothing: number): number[][] {
  return priorTable(typeTargets, types, targets, classes, smoothing);
}

/** P(label | intent_type, intent_subtype) over the pairs present in the rows (sorted by type, then subtype). */
export function pairPriorTable(typeTargets: Int32Array, subtypeTargets: Int32Array, targets: Int32Array, classes: number, smoothing: number): Pick<TypePrior, 'table' | 'pairs'> {
  const keyOf = (i: number) => ((typeTargets[i] as number) < 0 || (subtypeTargets[i] as number) < 0 ? -1 : (typeTargets[i] as number) * 65536 + (subtypeTargets[i] as number));
  const keys = [...new Set(Array.from(typeTargets, (_, i) => keyOf(i)).filter((k) => k >= 0))].sort((a, b) => a - b);
  const rowOfKey = new Map(keys.map((k, r) => [k, r]));
  const rowOf = Array.from(typeTargets, (_, i) => rowOfKey.get(keyOf(i)) ?? -1);
  return { table: priorTable(rowOf, keys.length, targets, classes, smoothing), pairs: keys.map((k) => [Math.floor(k / 65536), k % 65536] as [number, number]) };
}

/** The head whose decoded probabilities a pair prior reads beside the type head's. */
export const PAIR_PRIOR_SOURCE: IntentHead = 'intent_subtype';

/** The only head whose prior may be conditioned on the (intent_type, intent_subtype) pair. */
export const PAIR_PRIOR_HEAD: IntentHead = 'decision_phase';

/**
 * The three intent heads' logits for one text, the subtype and phase heads decoded with their prior
 * (in INTENT_HEADS order, so the subtype is decoded before a phase prior over pairs reads it).
 */
export function intentLogits(heads: Readonly<Record<IntentHead, PriorHead>>, featuresOf: (head: IntentHead) => QueryFeatures): Record<IntentHead, Float64Array> {
  const typeLogits = headLogits(heads[TYPE_PRIOR_SOURCE].head, featuresOf(TYPE_PRIOR_SOURCE));
  const typeProbabilities = softmaxRow(typeLogits);
  const decoded = { [TYPE_PRIOR_SOURCE]: typeLogits } as Record<IntentHead, Float64Array>;
  const servedLabel = (head: IntentHead) => {
    const map = heads[head].calibration;
    return argmax(map ? calibrateLogits(map, decoded[head]) : decoded[head]);
  };
  for (const head of INTENT_HEADS) {
    if (head === TYPE_PRIOR_SOURCE) continue;
    const own = headLogits(heads[head].head, featuresOf(head));
    const prior = heads[head].typePrior;
    decoded[head] = prior ? withTypePrior(own, priorRowWeights(prior, typeProbabilities, () => softmaxRow(decoded[PAIR_PRIOR_SOURCE]), servedLabel), prior) : own;
  }
  return decoded;
}
