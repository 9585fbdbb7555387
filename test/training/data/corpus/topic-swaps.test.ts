import { describe, expect, it } from 'vitest';
import { topicSwaps } from '../../../../training/data/corpus/topic-swaps.js';
import { fixtureRegistry, row } from './fixture.js';

describe('topicSwaps', () => {
  const registry = fixtureRegistry();
  const eligible = new Set(['software.crm', 'software.vpn', 'software.chat']);

  it('swaps a brand for a brand of another topic of the same domain, keeping labels, casing style and origin', () => {
    const source = row('write a launch email for our HubSpot rollout', { intent_type: 'creative_generation', span: 'HubSpot', cross: true });
    const swaps = topicSwaps([source], registry, { eligibleTopics: eligible, perRow: 2, seed: 'test' });
    expect(swaps).toHaveLength(2);
    for (const swap of swaps) {
      expect(swap).toMatchObject({ intent_type: 'creative_generation', source: 'augmented', cross: true, origin: source.text });
      expect(['software.vpn', 'software.chat']).toContain(swap.topic);
      expect(registry.byId.get(swap.topic)?.brands).toContain(swap.span);
      expect(swap.text).toBe(`write a launch email for our ${swap.span} rollout`);
    }
    expect(new Set(swaps.map((s) => s.topic)).size).toBe(2);
    const lower = topicSwaps([row('is crm worth it', { span: 'crm' })], registry, { eligibleTopics: eligible, perRow: 1, seed: 'test' });
    expect(lower[0]?.span).toBe(lower[0]?.span.toLowerCase());
  });

  it('leaves rows alone whose span is not a registered name, or whose topic is not eligible', () => {
    expect(topicSwaps([row('is my Acme CRM worth it', { span: 'Acme CRM' })], registry, { eligibleTopics: eligible, perRow: 2, seed: 'test' })).toEqual([]);
    expect(topicSwaps([row('is HubSpot worth it', { span: 'HubSpot' })], registry, { eligibleTopics: new Set(['software.crm']), perRow: 2, seed: 'test' })).toEqual([]);
    expect(topicSwaps([row('is HubSpot worth it', { span: 'HubSpot', source: 'augmented' })], registry, { eligibleTopics: eligible, perRow: 2, seed: 'test' })).toEqual([]);
  });

  it('is deterministic for a seed', () => {
    const rows = [row('is HubSpot worth it', { span: 'HubSpot' }), row('vpn for travel', { topic: 'software.vpn', span: 'vpn' })];
    expect(topicSwaps(rows, registry, { eligibleTopics: eligible, perRow: 1, seed: 's' })).toEqual(topicSwaps(rows, registry, { eligibleTopics: eligible, perRow: 1, seed: 's' }));
  });

  it("gives each row the same swaps whatever rows come before it, so adding a row changes no other row's swaps", () => {
    const kept = row('is HubSpot worth it for a team of two', { span: 'HubSpot' });
    const options = { eligibleTopics: eligible, perRow: 1, seed: 's' };
    const alone = topicSwaps([kept], registry, options);
    const before = [row('is HubSpot worth it', { span: 'HubSpot' }), row('vpn for travel', { topic: 'software.vpn', span: 'vpn' })];
    expect(alone).toHaveLength(1);
    expect(topicSwaps([...before, kept], registry, options).filter((swap) => swap.origin === kept.text)).toEqual(alone);
  });
});
