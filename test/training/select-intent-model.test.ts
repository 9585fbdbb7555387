import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAINING_CONFIG } from '../../shared/training-config.js';
import { featureSpecOf } from '../../training/fit-head-group.js';
import { candidateConfig, chooseL2 } from '../../training/select-intent-model.js';

const base = DEFAULT_TRAINING_CONFIG.intent;
const candidate = { name: 'word+char', features: 'embedding+ngrams' as const, ngramWeight: 2, wordNgrams: [1, 2], charNgrams: [3] };

describe('candidateConfig', () => {
  it('keeps the base hash buckets when the candidate names none', () => {
    const spec = featureSpecOf(candidateConfig({ ...base, ngramBuckets: 4096 }, candidate));
    expect(spec).toMatchObject({ kind: 'embedding+ngrams', ngramWeight: 2, ngrams: { buckets: 4096, wordNgrams: [1, 2], charNgrams: [3] } });
  });

  it("uses the candidate's own hash buckets, so one selection compares bucket counts", () => {
    const config = candidateConfig({ ...base, ngramBuckets: 4096 }, { ...candidate, ngramBuckets: 32768 });
    expect(config.ngramBuckets).toBe(32768);
    expect(featureSpecOf(config)).toMatchObject({ ngrams: { buckets: 32768 } });
    expect(config).not.toHaveProperty('name');
  });
});

describe('chooseL2', () => {
  const score = (l2: number, macro_f1: number, nll: number) => ({ l2, accuracy: macro_f1, macro_f1, nll });

  it('settles a near-tie on macro-F1 by the lower held-out NLL', () => {
    expect(chooseL2([score(1e-5, 0.771, 0.572), score(1e-6, 0.7743, 0.622), score(3e-6, 0.774, 0.594)], 0.002)).toBe(3e-6);
  });

  it('keeps the best macro-F1 when the others are further behind than the tolerance', () => {
    expect(chooseL2([score(1e-5, 0.760, 0.50), score(1e-6, 0.775, 0.62)], 0.002)).toBe(1e-6);
  });

  it('with tolerance 0 reads macro-F1 alone, the first of equal scores winning only on NLL', () => {
    expect(chooseL2([score(1e-5, 0.77, 0.6), score(1e-6, 0.771, 0.9)], 0)).toBe(1e-6);
    expect(chooseL2([score(1e-5, 0.77, 0.6), score(1e-6, 0.77, 0.6)], 0)).toBe(1e-5);
  });
});
