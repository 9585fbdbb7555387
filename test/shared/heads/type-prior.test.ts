import { describe, expect, it } from 'vitest';
import type { QueryFeatures } from '../../../shared/features/feature-set.js';
import type { LinearHead } from '../../../shared/heads/linear-head.js';
import { intentLogits, typePriorTable, withTypePrior, type PriorHead, type TypePrior } from '../../../shared/heads/type-prior.js';
import { softmaxRow } from '../../../shared/math/softmax.js';

/** A head on a 2-d embedding whose logits are the embedding times `weights` plus `bias`. */
const head = (labels: string[], weights: number[], bias: number[]): LinearHead => ({ labels, inputDim: 2, weights: Float32Array.from(weights), bias: Float32Array.from(bias) });
const features = (x: number, y: number): QueryFeatures => ({ embedding: Float32Array.from([x, y]), ngrams: { indices: new Int32Array(0), values: new Float32Array(0) } });

describe('typePriorTable', () => {
  it('counts P(label | type) with the smoothing spread over the labels, skipping rows without both labels', () => {
    const table = typePriorTable(Int32Array.from([0, 0, 0, 1, -1]), Int32Array.from([0, 0, 1, 1, 0]), 2, 2, 2);
    // type 0: counts 2 and 1 plus 1 pseudo-row each; type 1: 0 and 1 plus 1 each.
    expect(table[0]).toEqual([3 / 5, 2 / 5]);
    expect(table[1]).toEqual([1 / 3, 2 / 3]);
  });
});

describe('withTypePrior', () => {
  const prior: TypePrior = { weight: 1, table: [[0.98, 0.02], [0.02, 0.98]] };

  it('is the identity at weight 0', () => {
    const logits = Float64Array.from([0.3, 0.1]);
    expect(withTypePrior(logits, [1, 0], { ...prior, weight: 0 })).toBe(logits);
  });

  it('turns a weak preference that contradicts a confident type, and leaves a strong one', () => {
    const weak = withTypePrior(Float64Array.from([0, 0.5]), [0.99, 0.01], prior);
    expect(weak[0]).toBeGreaterThan(weak[1] as number);
    const strong = withTypePrior(Float64Array.from([0, 8]), [0.99, 0.01], prior);
    expect(strong[1]).toBeGreaterThan(strong[0] as number);
  });

  it('adds weight times the log of the type-weighted mixture', () => {
    const out = withTypePrior(Float64Array.from([1, 2]), [0.25, 0.75], { weight: 0.5, table: [[0.6, 0.4], [0.2, 0.8]] });
    expect(out[0]).toBeCloseTo(1 + 0.5 * Math.log(0.25 * 0.6 + 0.75 * 0.2), 12);
    expect(out[1]).toBeCloseTo(2 + 0.5 * Math.log(0.25 * 0.4 + 0.75 * 0.8), 12);
  });
});

describe('intentLogits', () => {
  // Two intent types, two subtypes, two phases: the type head reads x, the others read y weakly.
  const typeHead = head(['a', 'b'], [4, -4, 0, 0], [0, 0]);
  const weak = (labels: string[]) => head(labels, [0, 0, 0.2, -0.2], [0, 0]);
  const prior: TypePrior = { weight: 1, table: [[0.95, 0.05], [0.05, 0.95]] };
  const heads = (withPrior: boolean): Record<'intent_type' | 'intent_subtype' | 'decision_phase', PriorHead> => ({
    intent_type: { head: typeHead },
    intent_subtype: { head: weak(['s0', 's1']), typePrior: withPrior ? prior : undefined },
    decision_phase: { head: weak(['p0', 'p1']) },
  });

  it('leaves the type head and heads without a prior as they are, and decodes the others with it', () => {
    const f = features(-1, -1);
    const alone = intentLogits(heads(false), () => f);
    const joint = intentLogits(heads(true), () => f);
    expect(Array.from(joint.intent_type)).toEqual(Array.from(alone.intent_type));
    expect(Array.from(joint.decision_phase)).toEqual(Array.from(alone.decision_phase));
    const typeP = softmaxRow(alone.intent_type);
    expect(Array.from(joint.intent_subtype)).toEqual(Array.from(withTypePrior(alone.intent_subtype, typeP, prior)));
  });

  it('makes a weak subtype agree with a confident type', () => {
    const f = features(1, -1); // type a (P ~ 1), subtype head weakly prefers s1
    const argmax = (z: Float64Array) => (z[0]! >= z[1]! ? 0 : 1);
    expect(argmax(intentLogits(heads(false), () => f).intent_subtype)).toBe(1);
    expect(argmax(intentLogits(heads(true), () => f).intent_subtype)).toBe(0);
  });
});
