import { identityAdContentParts } from '../../helpers/ad-content-fixture.js';
import { describe, expect, it } from 'vitest';
import { buildAdContentModel, chooseAdContent, resolveAdContent, scoreAdContent } from '../../../shared/ad-content/resolve-ad-content.js';
import { taxonomyFixture } from '../../helpers/training-fixture.js';

// Fixture taxonomy: 1 Technology, 2 Technology > Laptops, 3 Travel, 4 Travel > Hotels; identity classifier.
const { taxonomy } = taxonomyFixture();
const ids = taxonomy.nodes.map((n) => n.id);
const { classifier, index } = identityAdContentParts(taxonomy);
const params = { indexWeight: 0, indexTemperature: 0.05, lexicalWeight: 0, lexicalGate: 0, candidates: 4, tierFirst: false, tier1HeadWeight: 0, walkUpThreshold: 0.5, contrastNodeFirst: false };
const parts = { classifier, index, taxonomy, regulated: new Map(), params };
// Hotels logit 1: p(Hotels) = e / (e + 3) ~ .475, Travel subtree mass (1 + e) / (e + 3) ~ .553.
const hotelsLeaning = Float32Array.from(ids, (id) => (id === '4' ? 0.1 : 0));

describe('ad_content walk-up threshold', () => {
  it.each([
    [0.3, ['Travel', 'Hotels']],
    [0.5, ['Travel']],
    [0.9, ['Travel']],
  ])('at %s chooses the deepest node whose mass reaches it', (walkUpThreshold, tiers) => {
    const model = buildAdContentModel({ ...parts, params: { ...params, walkUpThreshold }, threshold: 0.5 });
    expect(resolveAdContent(model, 'text', hotelsLeaning).tiers.map((t) => t.label)).toEqual(tiers);
  });

  it('below every mass it keeps tier 1 with its mass as the confidence', () => {
    const model = buildAdContentModel({ ...parts, params: { ...params, walkUpThreshold: 0.9 }, threshold: 0.9 });
    const result = resolveAdContent(model, 'text', hotelsLeaning);
    expect(result.mapping_mode).toBe('nearest_equivalent');
    expect(result.mapping_confidence).toBeCloseTo((1 + Math.E) / (Math.E + 3), 6);
  });
});

describe('ad_content resolution at another confidence threshold', () => {
  it.each([
    [0.3, 'exact'],
    [0.9, 'nearest_equivalent'],
  ])('at %s resolves as a model built with that threshold would', (threshold, mode) => {
    const deep = { ...params, walkUpThreshold: 0.3 };
    const served = buildAdContentModel({ ...parts, params: deep, threshold: 0.5 });
    const expected = resolveAdContent(buildAdContentModel({ ...parts, params: deep, threshold }), 'text', hotelsLeaning);
    expect(expected.mapping_mode).toBe(mode);
    expect(expected.tiers.map((t) => t.label)).toEqual(['Travel', 'Hotels']);
    expect(resolveAdContent(served, 'text', hotelsLeaning, threshold)).toEqual(expected);
    expect(chooseAdContent(served, scoreAdContent(served, 'text', hotelsLeaning), threshold)).toEqual(expected);
  });
});
