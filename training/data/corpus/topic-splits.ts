/**
 * Topic-held-out splits: every topic lands whole in one split, so selection, calibration and test
 * measure topics the heads never saw. Stratified by domain (each domain gives topics to every
 * held-out split) and ordered by a hash of the topic id, so the assignment is deterministic and does
 * not move when topics are added elsewhere.
 */
import { createHash } from 'node:crypto';
import type { TopicRegistry } from './topic-registry.js';

export const CORPUS_SPLITS = ['train', 'selection', 'calibration', 'test'] as const;
export type CorpusSplit = (typeof CORPUS_SPLITS)[number];

/** Shares of each domain's topics held out per split; the rest is train. */
export const HELD_OUT_SHARES: Readonly<Record<Exclude<CorpusSplit, 'train'>, number>> = { test: 0.12, calibration: 0.12, selection: 0.1 };

const hashUnit = (key: string) => createHash('sha256').update(key).digest().readUInt32LE(0) / 2 ** 32;

export function topicSplits(registry: TopicRegistry): Map<string, CorpusSplit> {
  const split = new Map<string, CorpusSplit>();
  for (const domain of registry.domains) {
    const topics = registry.topics.filter((t) => t.domain === domain.id).map((t) => t.id);
    topics.sort((a, b) => hashUnit(`topic-split:${a}`) - hashUnit(`topic-split:${b}`) || a.localeCompare(b));
    let next = 0;
    for (const held of ['test', 'calibration', 'selection'] as const) {
      const count = Math.max(1, Math.round(topics.length * HELD_OUT_SHARES[held]));
      for (const id of topics.slice(next, next + count)) split.set(id, held);
      next += count;
    }
    for (const id of topics.slice(next)) split.set(id, 'train');
  }
  return split;
}

/** The comparison split: rows assigned by a hash of their group (origin text), ignoring topics. */
export function randomSplitOf(group: string): 'train' | 'test' {
  return hashUnit(`random-split:${group}`) < 0.8 ? 'train' : 'test';
}
