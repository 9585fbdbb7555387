/**
 * The deterministic commercial score (decision-policy.md, "Commercial score"):
 *   commercial_score = round4(c_type * w_type + c_phase * w_phase + c_subtype * w_subtype)
 * with coefficients 0.20 / 0.35 / 0.45 and per-label weights from the policy file; a label missing
 * from a weight table weighs `unknown_label_weight` (0.2). The score is rounded by definition, so
 * the policy bars (0.6, 0.72, 0.42) are compared with the rounded score: several label
 * combinations land exactly on a bar, and the unrounded float sum would decide them by noise.
 */
import type { IntentHead } from '../labels.js';
import type { DecisionPolicy } from './decision-policy.js';

const DECIMALS = 4;

/**
 * Rounds to 4 decimals, correctly for the exact binary value (Number#toFixed), ties away from zero.
 * Used for every confidence and score written to the envelope.
 */
export function round4(value: number): number {
  return Number.isFinite(value) ? Number(value.toFixed(DECIMALS)) : value;
}

function weight(table: Readonly<Record<string, number>>, label: string, unknown: number): number {
  return Object.hasOwn(table, label) ? (table[label] as number) : unknown;
}

/** Per-head weights, for reports and tests. */
export function commercialWeights(labels: { readonly [H in IntentHead]: string }, policy: DecisionPolicy): { [H in IntentHead]: number } {
  const { weights, unknown_label_weight: unknown } = policy.commercial_score;
  return {
    intent_type: weight(weights.intent_type, labels.intent_type, unknown),
    intent_subtype: weight(weights.intent_subtype, labels.intent_subtype, unknown),
    decision_phase: weight(weights.decision_phase, labels.decision_phase, unknown),
  };
}

export function commercialScore(labels: { readonly [H in IntentHead]: string }, policy: DecisionPolicy): number {
  const w = commercialWeights(labels, policy);
  const c = policy.commercial_score.coefficients;
  return round4(c.intent_type * w.intent_type + c.decision_phase * w.decision_phase + c.intent_subtype * w.intent_subtype);
}
