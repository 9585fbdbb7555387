import { describe, expect, it } from 'vitest';
import { checkCorpus, commerceWordMatcher, CORPUS_RULES, formatCorpusCheck } from '../../../../training/data/corpus/check-corpus.js';
import { fixtureRegistry, row } from './fixture.js';

describe('checkCorpus', () => {
  const registry = fixtureRegistry();

  it('reports size, hand share, cross rows, topics and the per-label table', () => {
    const rows = [
      row('what is a crm', { topic: 'software.crm', span: 'crm' }),
      row('how do vpns hide traffic', { topic: 'software.vpn', cross: true }),
      row('write a golf poem', { topic: 'hobbies.golf', intent_type: 'creative_generation', intent_subtype: 'task_execution', decision_phase: 'action', source: 'augmented' }),
    ];
    const check = checkCorpus(rows, registry);
    expect(check).toMatchObject({ rows: 3, topics: 4, domains: 2, crossRows: 1 });
    expect(check.handShare).toBeCloseTo(2 / 3);
    const informational = check.labels.find((l) => l.head === 'intent_type' && l.label === 'informational');
    expect(informational).toMatchObject({ rows: 2, topics: 2, handShare: 1, crossShare: 0.5 });
    expect(check.failures).toContain(`3 rows, at least ${CORPUS_RULES.minRows} required`);
    expect(check.failures).toContain(`intent_type=informational: 2 topics, at least ${CORPUS_RULES.minTopicsPerLabel.intent_type} required`);
    expect(formatCorpusCheck(check)).toContain('topic-only baseline accuracy');
  });

  it('fails a frame repeated more than the limit, once', () => {
    const rows = ['HubSpot', 'Salesforce', 'NordVPN', 'Slack'].map((brand) => row(`is ${brand} any good`, { span: brand }));
    const frameFailures = checkCorpus(rows, registry).failures.filter((f) => f.startsWith('frame'));
    expect(frameFailures).toEqual([`frame "is <t> any good" occurs 4 times, at most ${CORPUS_RULES.maxFrameRepeats} allowed`]);
  });

  it('measures the topic-only baseline: a topic that holds one label predicts it perfectly', () => {
    const rows = [row('a', { topic: 'software.vpn' }), row('b', { topic: 'software.vpn' }), row('c', { topic: 'software.crm', intent_type: 'support' }), row('d', { topic: 'software.crm', intent_type: 'support' })];
    const check = checkCorpus(rows, registry);
    expect(check.topicBaselineAccuracy.intent_type).toBe(1);
    const mixed = checkCorpus([row('a', { topic: 'software.vpn' }), row('b', { topic: 'software.vpn', intent_type: 'support' })], registry);
    expect(mixed.topicBaselineAccuracy.intent_type).toBe(0);
  });

  it('counts product, brand, price and shopping words', () => {
    const isCommerce = commerceWordMatcher(registry);
    expect(isCommerce('a poem about my titleist driver')).toBe(true);
    expect(isCommerce('is $20 a month too much')).toBe(true);
    expect(isCommerce('not looking to buy, just curious')).toBe(true);
    expect(isCommerce('i feel lonely lately')).toBe(false);
  });
});
