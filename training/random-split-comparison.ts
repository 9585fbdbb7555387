/**
 * The reported comparison that shows why test topics are held out: the chosen model refitted on a
 * random 80/20 split of all intent rows (augmented rows follow their origin) and scored on its random
 * test part, next to the topic-held-out test figures. A large gap means the random split measures
 * memorised topics, not intent.
 */
import type { LabelledIntentRow } from './data/intent-rows.js';
import { randomSplitOf } from './data/corpus/topic-splits.js';
import type { FeatureSpec } from '../shared/features/feature-set.js';
import type { LinearHead } from '../shared/heads/linear-head.js';
import type { IntentHead } from '../shared/labels.js';
import { logitsScore, splitFeatures, type GroupOptions, type HeadSpec, type LabelledSplit } from './fit-head-group.js';
import { intentRowLogits, typePriorTables, withTypePriors, type TypePriorChoice } from './fit-type-prior.js';
import type { HeadReport } from './report.js';

export interface RandomSplitComparison {
  rows: { train: number; test: number };
  heads: Record<string, { random_split: { accuracy: number; macro_f1: number }; topic_held_out: { accuracy: number; macro_f1: number } }>;
}

export async function compareRandomSplit(
  rows: readonly LabelledIntentRow[],
  toSplit: (rows: readonly LabelledIntentRow[]) => LabelledSplit,
  /** Fits the heads as the served ones are fitted (bagging included). */
  fitHeads: (rows: readonly LabelledIntentRow[]) => Promise<Record<IntentHead, LinearHead>>,
  heads: readonly HeadSpec[],
  spec: FeatureSpec,
  l2ByHead: Record<string, number>,
  typePrior: { settings: TypePriorChoice['settings']; smoothing: number },
  options: GroupOptions,
  topicReports: readonly HeadReport[],
): Promise<RandomSplitComparison> {
  const groupOf = (row: LabelledIntentRow) => (row as { origin?: string }).origin ?? row.text;
  const train = rows.filter((r) => randomSplitOf(groupOf(r)) === 'train');
  const test = toSplit(rows.filter((r) => randomSplitOf(groupOf(r)) === 'test'));
  options.onProgress?.(`random-split comparison: ${train.length} train rows, ${test.texts.length} test rows`);
  const trainSplit = toSplit(train);
  const chosenHeads = await fitHeads(train);
  const decoding = withTypePriors(chosenHeads, typePrior.settings, typePriorTables(trainSplit, typePrior.smoothing));
  const logits = intentRowLogits(decoding, splitFeatures(spec, test));
  const result: RandomSplitComparison = { rows: { train: train.length, test: test.texts.length }, heads: {} };
  for (const h of heads) {
    const score = logitsScore(l2ByHead[h.name] as number, logits[h.name as IntentHead], test.targets[h.name] as Int32Array);
    const topic = topicReports.find((r) => r.head === h.name)!.test.raw;
    result.heads[h.name] = { random_split: { accuracy: score.accuracy, macro_f1: score.macro_f1 }, topic_held_out: { accuracy: topic.accuracy, macro_f1: topic.macro_f1_present } };
  }
  return result;
}

export function randomSplitMarkdown(comparison: RandomSplitComparison): string[] {
  const f = (x: number) => x.toFixed(3);
  return [
    `## Topic-held-out test vs a random split (uncalibrated heads, same features, L2 and type prior)`,
    '',
    `Random split: ${comparison.rows.train} train / ${comparison.rows.test} test rows drawn without regard to topic.`,
    '',
    '| head | topic-held-out accuracy | topic-held-out macro-F1 | random-split accuracy | random-split macro-F1 |',
    '|---|---|---|---|---|',
    ...Object.entries(comparison.heads).map(([h, c]) => `| ${h} | ${f(c.topic_held_out.accuracy)} | ${f(c.topic_held_out.macro_f1)} | ${f(c.random_split.accuracy)} | ${f(c.random_split.macro_f1)} |`),
    '',
  ];
}
