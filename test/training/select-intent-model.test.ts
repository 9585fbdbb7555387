import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAINING_CONFIG } from '../../shared/training-config.js';
import { featureSpecOf } from '../../training/fit-head-group.js';
import { candidateConfig } from '../../training/select-intent-model.js';

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
