import { describe, expect, it } from 'vitest';
import { CORPUS_SPLITS, randomSplitOf, topicSplits } from '../../../../training/data/corpus/topic-splits.js';
import { parseDomainFile, registryOf } from '../../../../training/data/corpus/topic-registry.js';

const registry = registryOf(
  ['a', 'b'].map((domain) =>
    parseDomainFile({ domain, name: domain, topics: Array.from({ length: 20 }, (_, i) => ({ id: `${domain}.t${i}`, name: `t${i}`, terms: [`t${i}`] })) }, `${domain}.json`),
  ),
);

describe('topicSplits', () => {
  it('gives every domain topics in every held-out split, by the configured shares', () => {
    const splits = topicSplits(registry);
    for (const domain of ['a', 'b']) {
      const counts = Object.fromEntries(CORPUS_SPLITS.map((s) => [s, [...splits].filter(([id, split]) => id.startsWith(`${domain}.`) && split === s).length]));
      expect(counts).toEqual({ train: 14, selection: 2, calibration: 2, test: 2 });
    }
  });

  it('is deterministic and does not move a topic when another domain changes', () => {
    const again = topicSplits(registry);
    const withoutB = topicSplits(registryOf([parseDomainFile({ domain: 'a', name: 'a', topics: registry.topics.filter((t) => t.domain === 'a') }, 'a.json')]));
    for (const [id, split] of topicSplits(registry)) {
      expect(again.get(id)).toBe(split);
      if (id.startsWith('a.')) expect(withoutB.get(id)).toBe(split);
    }
  });

  it('assigns the random comparison split by group', () => {
    expect(randomSplitOf('same text')).toBe(randomSplitOf('same text'));
    const trainShare = Array.from({ length: 2000 }, (_, i) => randomSplitOf(`g${i}`)).filter((s) => s === 'train').length / 2000;
    expect(trainShare).toBeGreaterThan(0.75);
    expect(trainShare).toBeLessThan(0.85);
  });
});
