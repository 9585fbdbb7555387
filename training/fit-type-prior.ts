/**
 * The type priors of intent_subtype and decision_phase (shared/heads/type-prior.ts): the tables from
 * training rows; per head the weight and the condition (the subtype: intent_type mixed or the served
 * intent_type alone; the phase: intent_type, the (intent_type, intent_subtype) pairs mixed, or the
 * served pair alone), from the configured grid by macro-F1 on the topic-held-out selection split
 * (heads fitted without it), settings within `tolerance` of the best counting as tied and settled by
 * held-out NLL, then by the smaller weight and the simpler condition. The
 * subtype's weight is chosen first, since a pair prior reads the subtype as it is decoded. The
 * comparison is kept for the training report.
 */
import type { QueryFeatures } from '../shared/features/feature-set.js';
import type { LinearHead } from '../shared/heads/linear-head.js';
import type { CalibrationMap } from '../shared/math/calibration.js';
import { intentLogits, PAIR_PRIOR_HEAD, PAIR_PRIOR_SOURCE, pairPriorTable, TYPE_PRIOR_SOURCE, typePriorTable, type PriorHead, type TypePrior } from '../shared/heads/type-prior.js';
import { HEAD_LABELS, INTENT_HEADS, type IntentHead } from '../shared/labels.js';
import type { TypePriorConfig } from '../shared/training-config.js';
import { bestByF1ThenNll, logitsScore, type HeldOutScore, type LabelledSplit } from './fit-head-group.js';

/** The heads that decode with a type prior. */
export const PRIOR_HEADS = INTENT_HEADS.filter((head) => head !== TYPE_PRIOR_SOURCE);

export type PriorCondition = TypePriorConfig['subtypeConditions'][number] | TypePriorConfig['phaseConditions'][number];

export interface PriorSetting {
  weight: number;
  condition: PriorCondition;
}

/** The prior tables counted on one split: P(label | type) per prior head, and the phase's P(label | type, subtype). */
export interface PriorTables {
  byType: Partial<Record<IntentHead, number[][]>>;
  phaseByPair: Pick<TypePrior, 'table' | 'pairs'>;
}

export interface TypePriorChoice {
  /** Chosen setting per head with a prior. */
  settings: Partial<Record<IntentHead, PriorSetting>>;
  /** Held-out scores per head, weight and condition. */
  table: Array<{ head: IntentHead; weight: number; condition: PriorCondition; score: HeldOutScore }>;
  /** Settings within this macro-F1 of a head's best were tied and settled by NLL. */
  tolerance: number;
}

export function typePriorTables(split: LabelledSplit, smoothing: number): PriorTables {
  const types = split.targets[TYPE_PRIOR_SOURCE] as Int32Array;
  const targets = (head: IntentHead) => split.targets[head] as Int32Array;
  return {
    byType: Object.fromEntries(PRIOR_HEADS.map((head) => [head, typePriorTable(types, targets(head), HEAD_LABELS[TYPE_PRIOR_SOURCE].length, HEAD_LABELS[head].length, smoothing)])),
    phaseByPair: pairPriorTable(types, targets(PAIR_PRIOR_SOURCE), targets(PAIR_PRIOR_HEAD), HEAD_LABELS[PAIR_PRIOR_HEAD].length, smoothing),
  };
}

/** What each condition reads: the type rows or (decision_phase only) the pair rows, mixed or only the served one. */
const CONDITIONS: Record<PriorCondition, { name: string; overPairs: boolean; decoded: boolean }> = {
  type: { name: 'intent_type', overPairs: false, decoded: false },
  type_decoded: { name: 'the decoded intent_type', overPairs: false, decoded: true },
  type_subtype: { name: 'intent_type and intent_subtype', overPairs: true, decoded: false },
  type_subtype_decoded: { name: 'the decoded intent_type and intent_subtype', overPairs: true, decoded: true },
};
/** Conditions in order of complexity: on equal scores the earlier one is kept. */
const PRIOR_CONDITIONS = Object.keys(CONDITIONS) as PriorCondition[];

/** Each head with its prior as `settings[head]` says (none for intent_type or a head without a setting). */
export function withTypePriors(heads: Readonly<Record<IntentHead, LinearHead>>, settings: Partial<Record<IntentHead, PriorSetting>>, tables: PriorTables): Record<IntentHead, PriorHead> {
  const priorOf = (head: IntentHead): TypePrior | undefined => {
    const setting = settings[head];
    if (!setting || head === TYPE_PRIOR_SOURCE) return undefined;
    const { overPairs, decoded } = CONDITIONS[setting.condition];
    const rows = overPairs && head === PAIR_PRIOR_HEAD ? tables.phaseByPair : { table: tables.byType[head] as number[][] };
    return { weight: setting.weight, ...rows, ...(decoded ? { decoded: true } : {}) };
  };
  return Object.fromEntries(INTENT_HEADS.map((head) => [head, { head: heads[head], typePrior: priorOf(head) }])) as Record<IntentHead, PriorHead>;
}

/** The heads with the calibration maps fitted so far (`fitted[head].calibration.map`), as the envelope reads them. */
export function withCalibrationMaps(heads: Readonly<Record<IntentHead, PriorHead>>, fitted: Readonly<Partial<Record<string, { calibration: { map: CalibrationMap | undefined } }>>>): Record<IntentHead, PriorHead> {
  return Object.fromEntries(INTENT_HEADS.map((head) => [head, { ...heads[head], calibration: fitted[head]?.calibration.map }])) as Record<IntentHead, PriorHead>;
}

/** The three heads' logits on every row (one shared feature set), as they decode them. */
export function intentRowLogits(heads: Readonly<Record<IntentHead, PriorHead>>, features: readonly QueryFeatures[]): Record<IntentHead, Float64Array[]> {
  const decoded = features.map((f) => intentLogits(heads, () => f));
  return Object.fromEntries(INTENT_HEADS.map((head) => [head, decoded.map((d) => d[head])])) as Record<IntentHead, Float64Array[]>;
}

/** Uncalibrated held-out scores of every head, decoded with the given priors (each head at the L2 it was fitted with). */
export function decodedScores(
  heads: Readonly<Record<IntentHead, LinearHead>>,
  settings: Partial<Record<IntentHead, PriorSetting>>,
  tables: PriorTables,
  features: readonly QueryFeatures[],
  targets: Readonly<Record<string, Int32Array>>,
  l2: Readonly<Record<string, number>>,
): Record<IntentHead, HeldOutScore> {
  const logits = intentRowLogits(withTypePriors(heads, settings, tables), features);
  return Object.fromEntries(INTENT_HEADS.map((head) => [head, logitsScore(l2[head] as number, logits[head], targets[head] as Int32Array)])) as Record<IntentHead, HeldOutScore>;
}


/** A head's best row by macro-F1, near-ties (within `tolerance`) to the lowest NLL; equal NLL keeps the earlier row (smaller weight, simpler condition). */
function bestSetting(rows: TypePriorChoice['table'], tolerance: number): PriorSetting {
  const best = bestByF1ThenNll(rows, (row) => row.score, tolerance);
  return { weight: best.weight, condition: best.condition };
}

/** Every configured weight (and phase condition) of each prior head, scored on the held-out split. */
export function chooseTypePriors(
  heads: Readonly<Record<IntentHead, LinearHead>>,
  l2: Readonly<Record<string, number>>,
  tables: PriorTables,
  held: LabelledSplit,
  heldFeatures: readonly QueryFeatures[],
  config: TypePriorConfig,
): TypePriorChoice {
  const weights = [...new Set(config.weights)].sort((a, b) => a - b);
  const table: TypePriorChoice['table'] = [];
  const score = (head: IntentHead, settings: Partial<Record<IntentHead, PriorSetting>>) => decodedScores(heads, settings, tables, heldFeatures, held.targets, l2)[head];
  const tryHead = (head: IntentHead, conditions: readonly PriorCondition[], others: Partial<Record<IntentHead, PriorSetting>>): PriorSetting => {
    for (const condition of PRIOR_CONDITIONS.filter((c) => conditions.includes(c))) {
      for (const weight of weights) table.push({ head, weight, condition, score: score(head, { ...others, [head]: { weight, condition } }) });
    }
    return bestSetting(table.filter((r) => r.head === head), config.tolerance);
  };
  const subtype = tryHead(PAIR_PRIOR_SOURCE, config.subtypeConditions, {});
  const phase = tryHead(PAIR_PRIOR_HEAD, config.phaseConditions, { [PAIR_PRIOR_SOURCE]: subtype });
  return { settings: { [PAIR_PRIOR_SOURCE]: subtype, [PAIR_PRIOR_HEAD]: phase }, table, tolerance: config.tolerance };
}

/** The comparison as Markdown: macro-F1 and accuracy per weight, head and condition. */
export function typePriorMarkdown(choice: TypePriorChoice, scoredOn: string): string[] {
  const weights = [...new Set(choice.table.map((r) => r.weight))];
  const columns = [...new Map(choice.table.map((r) => [`${r.head}|${r.condition}`, r])).values()];
  const title = (r: TypePriorChoice['table'][number]) => `${r.head} given ${CONDITIONS[r.condition].name}`;
  const cell = (column: TypePriorChoice['table'][number], weight: number) => {
    const score = choice.table.find((r) => r.head === column.head && r.condition === column.condition && r.weight === weight)?.score;
    return score ? `${score.macro_f1.toFixed(3)} / ${score.accuracy.toFixed(3)} / ${score.nll.toFixed(3)}` : '';
  };
  const chosen = (head: IntentHead) => {
    const setting = choice.settings[head];
    return setting ? `${head} ${setting.weight} given ${CONDITIONS[setting.condition].name}` : `${head} none`;
  };
  return [
    `## Type prior of the subtype and phase heads (macro-F1 / accuracy / NLL on the topic-held-out ${scoredOn} split)`,
    '',
    `| weight | ${columns.map(title).join(' | ')} |`,
    `|---|${columns.map(() => '---|').join('')}`,
    ...weights.map((w) => `| ${w} | ${columns.map((c) => cell(c, w)).join(' | ')} |`),
    '',
    `Chosen: ${PRIOR_HEADS.map(chosen).join(', ')} (per head, of the settings within ${choice.tolerance} of its best macro-F1, the lowest NLL). Weight 0 decodes each head alone; given the decoded intent_type the subtype takes P(subtype | the served type) alone; the phase's pair prior mixes P(phase | type, subtype) under p(type) · p(subtype), the subtype decoded at its chosen weight, or with the decoded pair takes P(phase | that type and subtype) alone; calibration and thresholds are fitted on the decoded logits.`,
    '',
  ];
}
