import { describe, expect, it } from 'vitest';
import { buildCorpus, CORPUS_LIMITS } from '../../../training/data/build-intent-data.js';
import { topicSplits } from '../../../training/data/corpus/topic-splits.js';
import { fixtureRegistry, row } from './corpus/fixture.js';

describe('buildCorpus', () => {
  const registry = fixtureRegistry();
  const splitOf = topicSplits(registry);

  it('keeps each text once and each frame at most the limit, first rows winning', () => {
    const hand = [
      row('is HubSpot any good', { span: 'HubSpot' }),
      row('Is HubSpot any good?', { span: 'HubSpot' }),
      ...['Salesforce', 'NordVPN', 'Slack', 'Mullvad'].map((b) => row(`is ${b} any good`, { span: b, topic: b === 'Salesforce' ? 'software.crm' : b === 'Slack' ? 'software.chat' : 'software.vpn' })),
    ];
    const { bySplit, dropped } = buildCorpus({ registry, handRows: hand });
    const kept = Object.values(bySplit).flat().filter((r) => r.source === 'hand');
    expect(dropped).toEqual({ duplicateTexts: 1, frameRepeats: 5 - CORPUS_LIMITS.maxFrameRepeats });
    expect(kept.map((r) => r.text).sort()).toEqual(['is HubSpot any good', 'is NordVPN any good', 'is Salesforce any good']);
  });

  it('puts every row in its topic split and adds swaps only between train topics, deterministically', () => {
    const hand = [row('write a poem about HubSpot', { span: 'HubSpot' }), row('vpn pricing for students', { topic: 'software.vpn', span: 'vpn' }), row('golf lessons near me', { topic: 'hobbies.golf', span: 'golf' })];
    const built = buildCorpus({ registry, handRows: hand });
    for (const [split, rows] of Object.entries(built.bySplit)) for (const r of rows) expect(splitOf.get(r.topic)).toBe(split);
    for (const r of Object.values(built.bySplit).flat().filter((x) => x.source === 'augmented')) {
      expect(splitOf.get(r.topic)).toBe('train');
      expect(splitOf.get(hand.find((h) => h.text === r.origin)!.topic)).toBe('train');
    }
    expect(buildCorpus({ registry, handRows: hand })).toEqual(built);
  });
});
