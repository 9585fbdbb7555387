import { describe, expect, it } from 'vitest';
import { buildAdContentModel, resolveAdContent, type ResolverParams } from '../../../shared/ad-content/resolve-ad-content.js';
import type { LoadedHead, TaxonomyIndex } from '../../../shared/artifacts/load-artifacts.js';
import { withExtensions } from '../../../shared/taxonomy/annotations.js';
import { taxonomyFixture } from '../../helpers/training-fixture.js';

// Nodes in classifier order: 1 Technology, 2 Technology > Laptops, 3 Travel, 4 Travel > Hotels, x-crm Technology > CRM Software.
const { taxonomy: base } = taxonomyFixture();
const taxonomy = withExtensions(base, [{ id: 'x-crm', parent: '1', name: 'CRM Software', aliases: [], queries: [] }]);
const NODE_IDS = taxonomy.nodes.map((n) => n.id);
const DIM = NODE_IDS.length;

/** Identity weights: embedding component k is the logit of node k, scaled. */
function classifier(scale: number): LoadedHead {
  const weights = new Float32Array(DIM * DIM);
  for (let k = 0; k < DIM; k++) weights[k * DIM + k] = scale;
  return {
    head: { labels: NODE_IDS, inputDim: DIM, weights, bias: new Float32Array(DIM) },
    featureSet: { kind: 'embedding' },
    modelPath: 'heads/ad_content.json',
    calibration: undefined,
    calibrationPath: 'calibration/ad_content.json',
  };
}

function index(): TaxonomyIndex {
  const vectors = new Float32Array(DIM * DIM);
  for (let k = 0; k < DIM; k++) vectors[k * DIM + k] = 1;
  return { nodeIds: NODE_IDS, entryNode: Int32Array.from(NODE_IDS.keys()), dim: DIM, vectors };
}

const CLASSIFIER_ONLY: ResolverParams = { indexWeight: 0, indexTemperature: 0.05, lexicalWeight: 0, lexicalGate: 0, candidates: 5, tierFirst: false, tier1HeadWeight: 0, walkUpThreshold: 0.5, contrastNodeFirst: false };

function model(params: ResolverParams, threshold = 0.5) {
  return buildAdContentModel({ classifier: classifier(10), index: index(), taxonomy, regulated: new Map([['3', { vertical: 'travel_test', reason: 'fixture' }]]), threshold, params });
}

/** An embedding whose components are the given logits / 10 for the nodes named. */
function embedding(weights: Partial<Record<string, number>>): Float32Array {
  return Float32Array.from(NODE_IDS, (id) => (weights[id] ?? 0) / 10);
}

describe('resolveAdContent mapping modes', () => {
  it.each([
    {
      name: 'exact: the top candidate meets the threshold',
      params: CLASSIFIER_ONLY,
      text: 'which laptop for college',
      vector: { '2': 8 },
      expected: { mode: 'exact', tiers: ['Technology', 'Laptops'] },
    },
    {
      name: 'nearest_equivalent: no deep node is confident, the ancestor carries its subtree mass',
      params: CLASSIFIER_ONLY,
      text: 'something about computers',
      vector: { '2': 5, 'x-crm': 5 },
      expected: { mode: 'nearest_equivalent', tiers: ['Technology'] },
    },
    {
      name: 'nearest_equivalent: lexical reranking picks a neighbour of the top candidate',
      params: { ...CLASSIFIER_ONLY, lexicalWeight: 0.6, walkUpThreshold: 0.3 },
      threshold: 0.3,
      text: 'cheap hotels in rome',
      vector: { '3': 5, '4': 4.5 },
      expected: { mode: 'nearest_equivalent', tiers: ['Travel', 'Hotels'] },
    },
    {
      name: 'internal_extension: the chosen node is a project extension',
      params: CLASSIFIER_ONLY,
      text: 'best crm for a small team',
      vector: { 'x-crm': 8 },
      expected: { mode: 'internal_extension', tiers: ['Technology', 'CRM Software'] },
    },
  ])('$name', ({ params, threshold, text, vector, expected }) => {
    const result = resolveAdContent(model(params, threshold), text, embedding(vector));
    expect(result.mapping_mode).toBe(expected.mode);
    expect(result.tiers.map((t) => t.label)).toEqual(expected.tiers);
    expect(result.mapping_confidence).toBeGreaterThan(0);
    expect(result.mapping_confidence).toBeLessThanOrEqual(1);
  });

  it('reports the subtree mass as the confidence of an ancestor', () => {
    const result = resolveAdContent(model(CLASSIFIER_ONLY), 'computers', embedding({ '2': 5, 'x-crm': 5 }));
    const logits: number[] = NODE_IDS.map((id) => (id === '2' || id === 'x-crm' ? 5 : 0));
    const z = logits.reduce((sum, l) => sum + Math.exp(l), 0);
    const technologyMass = (Math.exp(0) + Math.exp(5) + Math.exp(5)) / z; // nodes 1, 2 and x-crm
    expect(result.mapping_confidence).toBeCloseTo(technologyMass, 10);
  });

  it('flags regulated verticals through ancestors and tier ids', () => {
    const result = resolveAdContent(model(CLASSIFIER_ONLY), 'hotel in rome', embedding({ '4': 8 }));
    expect(result.regulated).toBe(true);
    expect(result.tiers).toEqual([
      { id: '3', label: 'Travel' },
      { id: '4', label: 'Hotels' },
    ]);
  });

  it('keeps a confident-enough node below the ad_content threshold, but not as exact', () => {
    const result = resolveAdContent(model({ ...CLASSIFIER_ONLY, walkUpThreshold: 0.3 }, 0.9), 'which laptop', embedding({ '2': 1.5 }));
    expect(result.tiers.map((t) => t.label)).toEqual(['Technology', 'Laptops']);
    expect(result.mapping_mode).toBe('nearest_equivalent');
    expect(result.mapping_confidence).toBeLessThan(0.9);
  });

  it('reranks away from the topic a query rules out', () => {
    const params = { ...CLASSIFIER_ONLY, lexicalWeight: 0.6, walkUpThreshold: 0 };
    const vector = { '2': 2.2, '4': 2 };
    expect(resolveAdContent(model(params), 'hotels, not laptops', embedding(vector)).node.id).toBe('4');
    expect(resolveAdContent(model(params), 'laptops, not hotels', embedding(vector)).node.id).toBe('2');
    expect(resolveAdContent(model(params), 'laptops and hotels', embedding(vector)).node.id).toBe('2');
  });

  it('gives lexical credit only to candidates the mixture supports (the gate)', () => {
    // "hotels" names node 4, but the embedding evidence is all for laptops (node 2).
    const vector = { '2': 4, '4': 1 };
    const ungated = { ...CLASSIFIER_ONLY, lexicalWeight: 0.9, walkUpThreshold: 0 };
    expect(resolveAdContent(model(ungated), 'a sturdy bag for hotel stays', embedding(vector)).node.id).toBe('4');
    expect(resolveAdContent(model({ ...ungated, lexicalGate: 0.5 }), 'a sturdy bag for hotel stays', embedding(vector)).node.id).toBe('2');
  });

  it('decodes top-down when tierFirst is set: the tier-1 category with most mass wins over a lone node', () => {
    // Laptops alone is the most probable node; Travel and Hotels together outweigh Technology.
    const vector = { '2': 3, '3': 2.8, '4': 2.8 };
    const params = { ...CLASSIFIER_ONLY, walkUpThreshold: 0 };
    expect(resolveAdContent(model(params), 'q', embedding(vector)).node.id).toBe('2');
    expect(resolveAdContent(model({ ...params, tierFirst: true }), 'q', embedding(vector)).tiers[0]?.label).toBe('Travel');
  });

  it('decodes a query that rules a topic out node-first when contrastNodeFirst is set', () => {
    const vector = { '2': 3, '3': 2.8, '4': 2.8 };
    const tierFirst = { ...CLASSIFIER_ONLY, walkUpThreshold: 0, tierFirst: true };
    expect(resolveAdContent(model(tierFirst), 'a laptop, not a holiday', embedding(vector)).tiers[0]?.label).toBe('Travel');
    expect(resolveAdContent(model({ ...tierFirst, contrastNodeFirst: true }), 'a laptop, not a holiday', embedding(vector)).node.id).toBe('2');
    // Without a ruled-out topic the query still decodes tier-first.
    expect(resolveAdContent(model({ ...tierFirst, contrastNodeFirst: true }), 'a laptop for a holiday', embedding(vector)).tiers[0]?.label).toBe('Travel');
  });

  it('lets the index carry the decision when it is weighted in', () => {
    const params = { ...CLASSIFIER_ONLY, indexWeight: 1 };
    const result = resolveAdContent(model(params), 'laptop', embedding({ '2': 3 }));
    expect(result.node.id).toBe('2');
  });
});

describe('lexicalWords', () => {
  it('stems singular and plural alike with the Porter stemmer, keeping "news" apart from "new"', async () => {
    const { lexicalWords } = await import('../../../shared/ad-content/resolve-ad-content.js');
    for (const [a, b] of [['games', 'game'], ['movies', 'movie'], ['shoes', 'shoe'], ['industries', 'industry']]) {
      expect([...lexicalWords(a as string)]).toEqual([...lexicalWords(b as string)]);
    }
    expect([...lexicalWords('games')]).toEqual(['game']);
    expect(lexicalWords('news').has('new')).toBe(false);
    expect([...lexicalWords('an ad on tv')]).toEqual([]);
  });
});

describe('scoreAdContentBatch', () => {
  it('skips the index when its weight is 0, and still matches per-text scoring', async () => {
    const { scoreAdContent, scoreAdContentBatch } = await import('../../../shared/ad-content/resolve-ad-content.js');
    const m = model({ ...CLASSIFIER_ONLY, lexicalWeight: 0.1 });
    const vectors = [embedding({ '2': 8 }), embedding({ '3': 5, '4': 4.5 })];
    const batch = await scoreAdContentBatch(m, ['which laptop', 'hotels in rome'], vectors);
    expect(batch.map((b) => b.winner)).toEqual(['which laptop', 'hotels in rome'].map((t, i) => scoreAdContent(m, t, vectors[i] as Float32Array).winner));
  });

  it('matches per-text scoring (same winner, mixture within float rounding)', async () => {
    const { scoreAdContent, scoreAdContentBatch } = await import('../../../shared/ad-content/resolve-ad-content.js');
    const m = model({ ...CLASSIFIER_ONLY, indexWeight: 0.3, lexicalWeight: 0.1 });
    const texts = ['which laptop for college', 'cheap hotels in rome', 'best crm'];
    const vectors = [embedding({ '2': 8 }), embedding({ '3': 5, '4': 4.5 }), embedding({ 'x-crm': 6, '1': 2 })];
    const batch = await scoreAdContentBatch(m, texts, vectors);
    texts.forEach((text, i) => {
      const single = scoreAdContent(m, text, vectors[i] as Float32Array);
      expect(batch[i]?.winner).toBe(single.winner);
      expect(batch[i]?.candidates).toEqual(single.candidates);
      single.mixture.forEach((p, k) => expect(batch[i]?.mixture[k]).toBeCloseTo(p, 5));
    });
  });
});

describe('the tier-1 head in tier-first decoding', () => {
  // Labels in another order than the model's tier-1 list, to check the mapping: Travel, Technology.
  const tier1Head: LoadedHead = {
    head: { labels: ['3', '1'], inputDim: DIM, weights: new Float32Array(DIM * 2), bias: Float32Array.from([2, 0]) },
    featureSet: { kind: 'embedding' },
    modelPath: 'heads/ad_content_tier1.json',
    calibration: undefined,
    calibrationPath: 'calibration/ad_content_tier1.json',
  };
  const TIER_FIRST: ResolverParams = { ...CLASSIFIER_ONLY, tierFirst: true, walkUpThreshold: 0.3 };
  const withHead = (tier1HeadWeight: number) =>
    buildAdContentModel({ classifier: classifier(10), tier1Head, index: index(), taxonomy, regulated: new Map(), threshold: 0.5, params: { ...TIER_FIRST, tier1HeadWeight } });
  // Classifier: Technology mass 0.63 (Laptops 0.57), Travel 0.37; the tier-1 head: Travel 0.88.
  const vector = embedding({ '2': 3, '3': 2.5 });

  it('chooses the category by mass alone at weight 0, and by mass x head probability^weight above it', () => {
    expect(resolveAdContent(withHead(0), 'laptop or trip', vector).tiers.map((t) => t.label)).toEqual(['Technology', 'Laptops']);
    expect(resolveAdContent(withHead(1), 'laptop or trip', vector).tiers.map((t) => t.label)).toEqual(['Travel']);
  });

  it('gives the same winners in batch and per-text scoring', async () => {
    const { scoreAdContent, scoreAdContentBatch } = await import('../../../shared/ad-content/resolve-ad-content.js');
    const m = withHead(0.5);
    const vectors = [vector, embedding({ '2': 8 })];
    const batch = await scoreAdContentBatch(m, ['laptop or trip', 'which laptop'], vectors);
    expect(batch.map((b) => b.winner)).toEqual(vectors.map((v, i) => scoreAdContent(m, ['laptop or trip', 'which laptop'][i] as string, v).winner));
  });

  it('refuses a resolver that weights a tier-1 head the artifacts lack, and a head missing a category', () => {
    expect(() => buildAdContentModel({ classifier: classifier(10), index: index(), taxonomy, regulated: new Map(), threshold: 0.5, params: { ...TIER_FIRST, tier1HeadWeight: 0.5 } })).toThrow(/tier-1 head that the artifacts do not have/);
    const partial = { ...tier1Head, head: { ...tier1Head.head, labels: ['3', '9'] } };
    expect(() => buildAdContentModel({ classifier: classifier(10), tier1Head: partial, index: index(), taxonomy, regulated: new Map(), threshold: 0.5, params: TIER_FIRST })).toThrow(/lacks tier-1 categories/);
  });
});
