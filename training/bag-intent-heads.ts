/**
 * Bagging over topic folds for the intent heads: the served heads are the mean of `members` fits, fit
 * m on every row outside fold m of the topics. Logits are linear in the weights, so the mean of the
 * members' weights is the mean of their logits: one head to serve, nothing extra per query. Each member
 * misses some topics, so the mean leans less on any one topic's phrasing than a single fit does. Rows
 * without a topic (a user's own data file) fall into folds by their text.
 */
import type { LinearHead } from '../shared/heads/linear-head.js';
import { INTENT_HEADS, type IntentHead } from '../shared/labels.js';
import { seedFromString } from '../shared/random.js';
import type { IntentBaggingConfig } from '../shared/config.js';
import type { LabelledIntentRow } from './data/intent-rows.js';

/**
 * Heads of several independent fits, one per entry, in order (fitted together, so the members share
 * one pool of threads): each member's seed offset lets it draw its own batches.
 */
export type FitIntentHeads = (fits: ReadonlyArray<{ rows: readonly LabelledIntentRow[]; seedOffset: number }>) => Promise<Array<Record<IntentHead, LinearHead>>>;

export function foldOf(row: LabelledIntentRow, members: number): number {
  const topic = (row as { topic?: unknown }).topic;
  return seedFromString(typeof topic === 'string' ? topic : row.text) % members;
}

/** The element-wise mean of heads with the same labels and input size. */
export function averageHeads(heads: readonly LinearHead[]): LinearHead {
  const first = heads[0];
  if (!first) throw new Error('averageHeads needs at least one head');
  for (const h of heads) {
    if (h.inputDim !== first.inputDim || h.labels.join('\u0000') !== first.labels.join('\u0000')) throw new Error('averageHeads: heads differ in labels or input size');
  }
  const mean = (pick: (h: LinearHead) => Float32Array) => {
    const out = new Float64Array(pick(first).length);
    for (const h of heads) pick(h).forEach((v, i) => (out[i] = (out[i] as number) + v));
    return Float32Array.from(out, (v) => v / heads.length);
  };
  return { labels: first.labels, inputDim: first.inputDim, weights: mean((h) => h.weights), bias: mean((h) => h.bias) };
}

/** One fit on every row (members 1), or the mean of one fit per left-out topic fold. */
export async function fitBaggedIntentHeads(rows: readonly LabelledIntentRow[], bagging: IntentBaggingConfig, fit: FitIntentHeads, onProgress?: (message: string) => void): Promise<Record<IntentHead, LinearHead>> {
  if (bagging.members <= 1) return (await fit([{ rows, seedOffset: 0 }]))[0] as Record<IntentHead, LinearHead>;
  const fits = Array.from({ length: bagging.members }, (_, m) => ({ rows: rows.filter((row) => foldOf(row, bagging.members) !== m), seedOffset: m + 1 }));
  onProgress?.(`bagging: ${bagging.members} members on ${fits.map((f) => f.rows.length).join(', ')} of ${rows.length} rows`);
  const members = await fit(fits);
  return Object.fromEntries(INTENT_HEADS.map((head) => [head, averageHeads(members.map((member) => member[head]))])) as Record<IntentHead, LinearHead>;
}

/** The report's line on how the served heads were fitted. */
export function baggingMarkdown(bagging: IntentBaggingConfig): string[] {
  const how =
    bagging.members <= 1
      ? 'one fit on train + selection'
      : `the mean of ${bagging.members} fits, each on train + selection without one of ${bagging.members} folds of topics (bagging)`;
  return [`Served intent heads: ${how}.`, ''];
}
