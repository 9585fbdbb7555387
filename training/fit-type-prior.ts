/**
 * The type priors of intent_subtype and decision_phase (shared/heads/type-prior.ts): the table from
 * training rows, the weight per head from the configured grid by macro-F1 on the topic-held-out
 * selection split (heads fitted without it), the smaller weight on ties. The comparison is kept for
 * the training report.
 */
import type { QueryFeatures } from '../shared/features/feature-set.js';
import type { LinearHead } from '../shared/heads/linear-head.js';
import { intentLogits, TYPE_PRIOR_SOURCE, typePriorTable, type PriorHead } from '../shared/heads/type-prior.js';
import { HEAD_LABELS, INTENT_HEADS, type IntentHead } from '../shared/labels.js';
import type { TypePriorConfig } from '../shared/training-config.js';
import { logitsScore, type HeldOutScore, type LabelledSplit } from './fit-head-group.js';

/** The heads that decode with a type prior. */
export const PRIOR_HEADS = INTENT_HEADS.filter((head) => head !== TYPE_PRIOR_SOURCE);

export interface TypePriorChoice {
  /** Chosen weight per head with a prior. */
  weights: Partial<Record<IntentHead, number>>;
  /** Held-out scores per head and weight (`l2` holds the head's L2). */
  table: Array<{ head: IntentHead; weight: number; score: HeldOutScore }>;
}

/** P(label | intent_type) of each prior head, counted on `split`. */
export function typePriorTables(split: LabelledSplit, smoothing: number): Partial<Record<IntentHead, number[][]>> {
  const types = split.targets[TYPE_PRIOR_SOURCE] as Int32Array;
  return Object.fromEntries(PRIOR_HEADS.map((head) => [head, typePriorTable(types, split.targets[head] as Int32Array, HEAD_LABELS[TYPE_PRIOR_SOURCE].length, HEAD_LABELS[head].length, smoothing)]));
}

/** Each head with its type prior at `weights[head]` over `tables[head]` (none for intent_type or a head without a weight). */
export function withTypePriors(heads: Readonly<Record<IntentHead, LinearHead>>, weights: Partial<Record<IntentHead, number>>, tables: Partial<Record<IntentHead, number[][]>>): Record<IntentHead, PriorHead> {
  return Object.fromEntries(
    INTENT_HEADS.map((head) => {
      const weight = weights[head];
      return [head, { head: heads[head], typePrior: weight === undefined || head === TYPE_PRIOR_SOURCE ? undefined : { weight, table: tables[head] as number[][] } }];
    }),
  ) as Record<IntentHead, PriorHead>;
}

/** The three heads' logits on every row (one shared feature set), as they decode them. */
export function intentRowLogits(heads: Readonly<Record<IntentHead, PriorHead>>, features: readonly QueryFeatures[]): Record<IntentHead, Float64Array[]> {
  const decoded = features.map((f) => intentLogits(heads, () => f));
  return Object.fromEntries(INTENT_HEADS.map((head) => [head, decoded.map((d) => d[head])])) as Record<IntentHead, Float64Array[]>;
}

/** Every configured weight of each prior head, scored on the held-out split; the best (smallest on ties) is chosen. */
export function chooseTypePriors(
  heads: Readonly<Record<IntentHead, LinearHead>>,
  l2: Readonly<Record<string, number>>,
  tables: Partial<Record<IntentHead, number[][]>>,
  held: LabelledSplit,
  heldFeatures: readonly QueryFeatures[],
  config: TypePriorConfig,
): TypePriorChoice {
  const weights = [...new Set(config.weights)].sort((a, b) => a - b);
  const table: TypePriorChoice['table'] = [];
  for (const weight of weights) {
    const logits = intentRowLogits(withTypePriors(heads, Object.fromEntries(PRIOR_HEADS.map((head) => [head, weight])), tables), heldFeatures);
    for (const head of PRIOR_HEADS) table.push({ head, weight, score: logitsScore(l2[head] as number, logits[head], held.targets[head] as Int32Array) });
  }
  const chosen = Object.fromEntries(
    PRIOR_HEADS.map((head) => {
      const rows = table.filter((r) => r.head === head);
      return [head, rows.reduce((a, b) => (b.score.macro_f1 > a.score.macro_f1 ? b : a)).weight];
    }),
  );
  return { weights: chosen, table };
}

/** The comparison as Markdown: macro-F1 and accuracy per weight and head. */
export function typePriorMarkdown(choice: TypePriorChoice, scoredOn: string): string[] {
  const weights = [...new Set(choice.table.map((r) => r.weight))];
  const cell = (head: IntentHead, weight: number) => {
    const score = choice.table.find((r) => r.head === head && r.weight === weight)?.score;
    return score ? `${score.macro_f1.toFixed(3)} / ${score.accuracy.toFixed(3)}` : '';
  };
  return [
    `## Type prior of the subtype and phase heads (macro-F1 / accuracy on the topic-held-out ${scoredOn} split)`,
    '',
    `| weight | ${PRIOR_HEADS.join(' | ')} |`,
    `|---|${PRIOR_HEADS.map(() => '---|').join('')}`,
    ...weights.map((w) => `| ${w} | ${PRIOR_HEADS.map((h) => cell(h, w)).join(' | ')} |`),
    '',
    `Chosen: ${PRIOR_HEADS.map((h) => `${h} ${choice.weights[h]}`).join(', ')}. Weight 0 decodes each head alone; calibration and thresholds are fitted on the decoded logits.`,
    '',
  ];
}
