/**
 * `npm run data`: build data/intent/{train,selection,calibration,test}.jsonl from the corpus v2
 * (data/corpus-v2/: the topic registry and the hand-written rows), byte for byte.
 * Topics are held out whole (corpus/topic-splits.ts); train rows gain counterfactual topic swaps
 * (corpus/topic-swaps.ts) while the hand share and the frame limit allow. The same normalised text is
 * kept once, and a frame at most CORPUS_LIMITS.maxFrameRepeats times (first rows win).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeJsonl } from '../../shared/jsonl.js';
import { normaliseText } from '../../shared/text.js';
import { canonicalRow, loadHandRows, type CorpusRow } from './corpus/corpus-row.js';
import { frameMasker } from './corpus/frames.js';
import { loadTopicRegistry, type TopicRegistry } from './corpus/topic-registry.js';
import { CORPUS_SPLITS, topicSplits, type CorpusSplit } from './corpus/topic-splits.js';
import { topicSwaps } from './corpus/topic-swaps.js';

export const INTENT_DATA_DIR = 'intent';
export const CORPUS_DIR = 'corpus-v2';

/** Corpus rules that the build itself respects (data:check verifies them on the result). */
export const CORPUS_LIMITS = { maxFrameRepeats: 3, minHandShare: 0.6, swapsPerRow: 2, buildHandShare: 0.62 } as const;

export interface CorpusSource {
  registry: TopicRegistry;
  handRows: CorpusRow[];
}

export async function loadCorpusSource(dataDir: string): Promise<CorpusSource> {
  const registry = await loadTopicRegistry(join(dataDir, CORPUS_DIR, 'topics'));
  return { registry, handRows: await loadHandRows(join(dataDir, CORPUS_DIR, 'hand'), registry) };
}

/** Keep the first row of each normalised text. */
export function dedupeTexts(rows: readonly CorpusRow[]): CorpusRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = normaliseText(row.text);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface BuiltCorpus {
  bySplit: Record<CorpusSplit, CorpusRow[]>;
  /** Hand rows left out: a text seen before, or a frame already at its limit (first rows win). */
  dropped: { duplicateTexts: number; frameRepeats: number };
}

export function buildCorpus({ registry, handRows }: CorpusSource): BuiltCorpus {
  const splitOf = topicSplits(registry);
  const unique = dedupeTexts(handRows);
  const frameOf = frameMasker(registry);
  const frameCounts = new Map<string, number>();
  const hand = unique.filter((row) => {
    const frame = frameOf(row);
    const count = frameCounts.get(frame) ?? 0;
    if (count >= CORPUS_LIMITS.maxFrameRepeats) return false;
    frameCounts.set(frame, count + 1);
    return true;
  });

  const trainTopics = new Set([...splitOf].filter(([, s]) => s === 'train').map(([id]) => id));
  const maxAugmented = Math.floor(hand.length / CORPUS_LIMITS.buildHandShare) - hand.length;
  const seen = new Set(hand.map((r) => normaliseText(r.text)));
  const augmented: CorpusRow[] = [];
  for (const swap of topicSwaps(hand, registry, { eligibleTopics: trainTopics, perRow: CORPUS_LIMITS.swapsPerRow, seed: 'corpus-v2/topic-swaps' })) {
    if (augmented.length >= maxAugmented) break;
    const frame = frameOf(swap);
    const key = normaliseText(swap.text);
    if ((frameCounts.get(frame) ?? 0) >= CORPUS_LIMITS.maxFrameRepeats || seen.has(key)) continue;
    frameCounts.set(frame, (frameCounts.get(frame) ?? 0) + 1);
    seen.add(key);
    augmented.push(swap);
  }

  const bySplit = Object.fromEntries(CORPUS_SPLITS.map((s) => [s, [] as CorpusRow[]])) as Record<CorpusSplit, CorpusRow[]>;
  for (const row of [...hand, ...augmented]) bySplit[splitOf.get(row.topic) as CorpusSplit].push(canonicalRow(row));
  return { bySplit, dropped: { duplicateTexts: handRows.length - unique.length, frameRepeats: unique.length - hand.length } };
}

export async function buildIntentData(dataDir: string): Promise<BuiltCorpus> {
  const built = buildCorpus(await loadCorpusSource(dataDir));
  await mkdir(join(dataDir, INTENT_DATA_DIR), { recursive: true });
  for (const split of CORPUS_SPLITS) await writeJsonl(join(dataDir, INTENT_DATA_DIR, `${split}.jsonl`), built.bySplit[split]);
  return built;
}
