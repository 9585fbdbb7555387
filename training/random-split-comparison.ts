/**
 * The reported comparison that shows why test topics are held out: the chosen recipe (features, L2,
 * type prior) fitted once on the train topics and scored on the test topics, next to one fit on a
 * random 80/20 split of all intent rows (augmented rows follow their origin) scored on its random test
 * part. Both sides are single, uncalibrated fits on about the same number of rows, so a gap measures
 * memorised topics, not bagging or calibration. The topic side reuses the selection's fit on the train
 * topics, so the comparison costs one fit.
 */
import type { LabelledIntentRow } from './data/intent-rows.js';
import { randomSplitOf } from './data/corpus/topic-splits.js';
import type { FeatureSpec } from '../shared/features/feature-set.js';
import type { LinearHead } from '../shared/heads/linear-head.js';
import type { IntentHead } from '../shared/labels.js';
import { splitFeatures, type HeadSpec, type LabelledSplit } from './fit-head-group.js';
import { decodedScores, typePriorTables, type TypePriorChoice } from './fit-type-prior.js';

interface SplitScore {
  accuracy: number;
  macro_f1: number;
}

export interface RandomSplitComparison {
  rows: { train: number; test: number };
  topic_rows: { train: number; test: number };
  heads: Record<string, { random_split: SplitScore; topic_held_out: SplitScore }>;
}

/** How the chosen recipe decodes and at which L2 each head was fitted. */
export interface ChosenRecipe {
  spec: FeatureSpec;
  l2ByHead: Record<string, number>;
  typePrior: { settings: TypePriorChoice['settings']; smoothing: number };
}

/** Uncalibrated accuracy and macro-F1 per head of heads fitted on `train`, decoded with the type prior counted on it. */
function scoreFit(fitted: Record<IntentHead, LinearHead>, train: LabelledSplit, test: LabelledSplit, heads: readonly HeadSpec[], recipe: ChosenRecipe): Record<string, SplitScore> {
  const scores = decodedScores(fitted, recipe.typePrior.settings, typePriorTables(train, recipe.typePrior.smoothing), splitFeatures(recipe.spec, test), test.targets, recipe.l2ByHead);
  return Object.fromEntries(heads.map((h) => [h.name, { accuracy: scores[h.name as IntentHead].accuracy, macro_f1: scores[h.name as IntentHead].macro_f1 }]));
}

export async function compareRandomSplit(
  rows: readonly LabelledIntentRow[],
  toSplit: (rows: readonly LabelledIntentRow[]) => LabelledSplit,
  /** One fit of the chosen recipe on the given rows. */
  fitOnce: (rows: readonly LabelledIntentRow[]) => Promise<Record<IntentHead, LinearHead>>,
  /** The chosen recipe's fit on the train topics, with those topics and the test topics. */
  topic: { heads: Record<IntentHead, LinearHead>; train: LabelledSplit; test: LabelledSplit },
  heads: readonly HeadSpec[],
  recipe: ChosenRecipe,
  onProgress?: (message: string) => void,
): Promise<RandomSplitComparison> {
  const groupOf = (row: LabelledIntentRow) => (row as { origin?: string }).origin ?? row.text;
  const train = rows.filter((r) => randomSplitOf(groupOf(r)) === 'train');
  const test = toSplit(rows.filter((r) => randomSplitOf(groupOf(r)) === 'test'));
  onProgress?.(`random-split comparison: ${train.length} train rows, ${test.texts.length} test rows`);
  const trainSplit = toSplit(train);
  const random = scoreFit(await fitOnce(train), trainSplit, test, heads, recipe);
  const topicHeldOut = scoreFit(topic.heads, topic.train, topic.test, heads, recipe);
  return {
    rows: { train: train.length, test: test.texts.length },
    topic_rows: { train: topic.train.texts.length, test: topic.test.texts.length },
    heads: Object.fromEntries(heads.map((h) => [h.name, { random_split: random[h.name] as SplitScore, topic_held_out: topicHeldOut[h.name] as SplitScore }])),
  };
}

export function randomSplitMarkdown(comparison: RandomSplitComparison): string[] {
  const f = (x: number) => x.toFixed(3);
  return [
    `## Topic-held-out test vs a random split (one uncalibrated fit each, same features, L2 and type prior)`,
    '',
    `Topics held out: ${comparison.topic_rows.train} train / ${comparison.topic_rows.test} test rows (the selection's fit on the train topics). Random split: ${comparison.rows.train} train / ${comparison.rows.test} test rows drawn without regard to topic.`,
    '',
    '| head | topic-held-out accuracy | topic-held-out macro-F1 | random-split accuracy | random-split macro-F1 |',
    '|---|---|---|---|---|',
    ...Object.entries(comparison.heads).map(([h, c]) => `| ${h} | ${f(c.topic_held_out.accuracy)} | ${f(c.topic_held_out.macro_f1)} | ${f(c.random_split.accuracy)} | ${f(c.random_split.macro_f1)} |`),
    '',
  ];
}
