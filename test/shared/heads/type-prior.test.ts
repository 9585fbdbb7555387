import { describe, expect, it } from 'vitest';
import type { QueryFeatures } from '../../../shared/features/feature-set.js';
import type { LinearHead } from '../../../shared/heads/linear-head.js';
import { intentLogits, pairPriorTable, priorRowWeights, typePriorTable, withTypePrior, type PriorHead, type TypePrior } from '../../../shared/heads/type-prior.js';
import type { CalibrationMap } from '../../../shared/math/calibration.js';
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

describe('pairPriorTable', () => {
  it('counts P(label | type, subtype) over the pairs present, sorted by type then subtype', () => {
    const types = Int32Array.from([1, 0, 0, 1, 0, -1]);
    const subtypes = Int32Array.from([0, 2, 2, 0, 1, 0]);
    const phases = Int32Array.from([1, 0, 0, 0, 1, 1]);
    const { pairs, table } = pairPriorTable(types, subtypes, phases, 2, 2);
    expect(pairs).toEqual([[0, 1], [0, 2], [1, 0]]);
    // (0,1): phase 1 once; (0,2): phase 0 twice; (1,0): once each; plus 1 pseudo-row per label.
    expect(table).toEqual([[1 / 3, 2 / 3], [3 / 4, 1 / 4], [2 / 4, 2 / 4]]);
  });
});

describe('priorRowWeights', () => {
  it('is the type probabilities for a prior by type, and p(type) · p(subtype) renormalised over the pairs otherwise', () => {
    const typeP = [0.8, 0.2];
    const subtypeP = [0.5, 0.3, 0.2];
    expect(priorRowWeights({ weight: 1, table: [] }, typeP, () => subtypeP)).toBe(typeP);
    const weights = Array.from(priorRowWeights({ weight: 1, table: [], pairs: [[0, 1], [0, 2], [1, 0]] }, typeP, () => subtypeP));
    const raw = [0.8 * 0.3, 0.8 * 0.2, 0.2 * 0.5];
    const total = raw.reduce((a, b) => a + b, 0);
    weights.forEach((w, i) => expect(w).toBeCloseTo((raw[i] as number) / total, 12));
  });

  it('with decoded, puts all the weight on the argmax pair, and mixes when training never saw that pair', () => {
    const pairs: Array<[number, number]> = [[0, 1], [0, 2], [1, 0]];
    const prior: TypePrior = { weight: 1, table: [], pairs, decoded: true };
    expect(Array.from(priorRowWeights(prior, [0.8, 0.2], () => [0.1, 0.2, 0.7]))).toEqual([0, 1, 0]);
    expect(Array.from(priorRowWeights(prior, [0.3, 0.7], () => [0.9, 0.05, 0.05]))).toEqual([0, 0, 1]);
    const unseen = Array.from(priorRowWeights(prior, [0.2, 0.8], () => [0.1, 0.7, 0.2]));
    expect(unseen).toEqual(Array.from(priorRowWeights({ weight: 1, table: [], pairs }, [0.2, 0.8], () => [0.1, 0.7, 0.2])));
  });

  it('with decoded and no pairs, puts all the weight on the served type', () => {
    const prior: TypePrior = { weight: 1, table: [], decoded: true };
    expect(Array.from(priorRowWeights(prior, [0.3, 0.6, 0.1], () => []))).toEqual([0, 1, 0]);
    expect(Array.from(priorRowWeights(prior, [0.3, 0.6, 0.1], () => [], () => 2))).toEqual([0, 0, 1]);
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

  it('with a decoded type prior, reads the type through its calibration map, as the envelope serves it', () => {
    // The type head alone says a; its calibration map flips the served type to b, whose rows are mostly s1.
    const flip: CalibrationMap = { method: 'vector_scaling', scale: [1, 1], bias: [-9, 9] };
    const decodedHeads = (calibration: CalibrationMap | undefined): Record<'intent_type' | 'intent_subtype' | 'decision_phase', PriorHead> => ({
      intent_type: { head: typeHead, calibration },
      intent_subtype: { head: weak(['s0', 's1']), typePrior: { ...prior, decoded: true } },
      decision_phase: { head: weak(['p0', 'p1']) },
    });
    const f = features(1, 1); // type a (raw); the subtype head alone weakly prefers s0
    const raw = intentLogits(decodedHeads(undefined), () => f);
    const served = intentLogits(decodedHeads(flip), () => f);
    expect(raw.intent_subtype[0]).toBeGreaterThan(raw.intent_subtype[1] as number);
    expect(served.intent_subtype[1]).toBeGreaterThan(served.intent_subtype[0] as number);
    expect(served.intent_subtype[1]).toBeCloseTo((raw.intent_subtype[1] as number) - Math.log(0.05) + Math.log(0.95), 9);
  });

  it('decodes the phase with a pair prior from the type and the subtype as decoded', () => {
    // Both pairs are type a; the subtype head reads s0 confidently, the phase head alone prefers p1 weakly.
    const pairPrior: TypePrior = { weight: 1, table: [[0.95, 0.05], [0.05, 0.95]], pairs: [[0, 0], [0, 1]] };
    const subtypeHead = head(['s0', 's1'], [0, 0, -3, 3], [0, 0]);
    const pairHeads: Record<'intent_type' | 'intent_subtype' | 'decision_phase', PriorHead> = {
      intent_type: { head: typeHead },
      intent_subtype: { head: subtypeHead },
      decision_phase: { head: weak(['p0', 'p1']), typePrior: pairPrior },
    };
    const f = features(1, -1);
    const decoded = intentLogits(pairHeads, () => f);
    const alone = intentLogits({ ...pairHeads, decision_phase: { head: pairHeads.decision_phase.head } }, () => f);
    expect(alone.decision_phase[1]).toBeGreaterThan(alone.decision_phase[0] as number);
    expect(decoded.decision_phase[0]).toBeGreaterThan(decoded.decision_phase[1] as number);
    const rowWeights = priorRowWeights(pairPrior, softmaxRow(decoded.intent_type), () => softmaxRow(decoded.intent_subtype));
    expect(Array.from(decoded.decision_phase)).toEqual(Array.from(withTypePrior(alone.decision_phase, rowWeights, pairPrior)));
  });

  it('with a decoded pair prior, reads the subtype through its calibration map, as the envelope serves it', () => {
    // The subtype head alone says s0; its calibration map flips the served label to s1. Pair (a, s0) means p0, (a, s1) p1.
    const decodedPrior: TypePrior = { weight: 1, table: [[0.99, 0.01], [0.01, 0.99]], pairs: [[0, 0], [0, 1]], decoded: true };
    const subtypeHead = head(['s0', 's1'], [0, 0, -1, 1], [0, 0]);
    const flip: CalibrationMap = { method: 'vector_scaling', scale: [1, 1], bias: [-3, 3] };
    const pairHeads = (calibration: CalibrationMap | undefined): Record<'intent_type' | 'intent_subtype' | 'decision_phase', PriorHead> => ({
      intent_type: { head: typeHead },
      intent_subtype: { head: subtypeHead, calibration },
      decision_phase: { head: weak(['p0', 'p1']), typePrior: decodedPrior },
    });
    const f = features(1, -1); // type a; subtype logits favour s0 before calibration
    const raw = intentLogits(pairHeads(undefined), () => f);
    const served = intentLogits(pairHeads(flip), () => f);
    expect(raw.intent_subtype[0]).toBeGreaterThan(raw.intent_subtype[1] as number);
    expect(raw.decision_phase[0]).toBeGreaterThan(raw.decision_phase[1] as number);
    expect(served.decision_phase[1]).toBeGreaterThan(served.decision_phase[0] as number);
  });
});
