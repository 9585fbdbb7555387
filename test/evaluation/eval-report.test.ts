import { identityAdContentParts } from '../helpers/ad-content-fixture.js';
import { describe, expect, it } from 'vitest';
import { buildAdContentModel, chooseAdContent, scoreAdContent, type ResolverParams } from '../../shared/ad-content/resolve-ad-content.js';
import type { Envelope } from '../../shared/envelope/envelope-types.js';
import type { IntentHead } from '../../shared/labels.js';
import { adContentReport, envelopeReport, intentHeadReport } from '../../evaluation/eval-report.js';
import type { EvalRow } from '../../evaluation/eval-rows.js';
import type { EvaluatedRow } from '../../evaluation/run-pipeline.js';
import { taxonomyFixture } from '../helpers/training-fixture.js';

const TOLERANCE = 10; // decimal digits for toBeCloseTo
/** Embeddings and weights are float32, so probabilities derived from them agree to about 7 digits. */
const FLOAT32_TOLERANCE = 6;

interface FakeEnvelope {
  type?: string;
  fallbackReason?: string;
  eligibility?: string;
  tiers?: Array<{ id: string; label: string }>;
  mode?: string;
}

/** Only the envelope fields the report reads. */
function envelope(e: FakeEnvelope): Envelope {
  const ad: Record<string, unknown> = { mapping_mode: e.mode ?? 'exact', mapping_confidence: 0 };
  (e.tiers ?? []).forEach((t, i) => (ad[`tier${i + 1}`] = t));
  return {
    model_output: {
      classification: { intent: { type: e.type ?? 'informational', subtype: 'education', decision_phase: 'awareness' }, ad_content: ad },
      fallback: e.fallbackReason ? { applied: true, reason: e.fallbackReason } : null,
    },
    system_decision: { policy: { monetization_eligibility: e.eligibility ?? 'allowed', eligibility_reason: 'commercial_signal_below_threshold' } },
    meta: { ad_content_mapping_is_placeholder: (e.tiers ?? []).length === 0 },
  } as unknown as Envelope;
}

const f64 = (xs: number[]) => Float64Array.from(xs);

function row(gold: EvalRow['gold'], adContent: EvalRow['adContent'] | undefined, difficulty: string | undefined, line: number): EvalRow {
  return { file: 'fixture.jsonl', line, text: `row ${line}`, gold, ...(adContent ? { adContent } : {}), ...(difficulty ? { difficulty } : {}) };
}

describe('intent head report on a hand-computed fixture', () => {
  // Labels a, b, c, d (d never appears). Gold a, b, c, c; served (argmax calibrated) a, b, b, c.
  const LABELS = ['a', 'b', 'c', 'd'];
  const HEAD: IntentHead = 'intent_type';
  const fixture = [
    { gold: 'a', served: 'a', calibrated: [0.8, 0.1, 0.1, 0], raw: [0.6, 0.3, 0.1, 0], fallback: undefined, difficulty: 'easy' },
    { gold: 'b', served: 'b', calibrated: [0.2, 0.6, 0.2, 0], raw: [0.3, 0.4, 0.3, 0], fallback: undefined, difficulty: 'easy' },
    { gold: 'c', served: 'b', calibrated: [0.1, 0.5, 0.4, 0], raw: [0.2, 0.3, 0.5, 0], fallback: 'confidence_below_threshold', difficulty: 'hard' },
    { gold: 'c', served: 'c', calibrated: [0.05, 0.05, 0.9, 0], raw: [0.1, 0.2, 0.7, 0], fallback: undefined, difficulty: 'hard' },
  ];
  const rows: EvaluatedRow[] = fixture.map((r, i) => {
    const probabilities = { raw: f64(r.raw), calibrated: f64(r.calibrated) };
    return {
      row: row({ [HEAD]: r.gold }, undefined, r.difficulty, i + 1),
      envelope: envelope({ type: r.served, ...(r.fallback ? { fallbackReason: r.fallback } : {}) }),
      probabilities: { intent_type: probabilities, intent_subtype: probabilities, decision_phase: probabilities },
    };
  });
  const THRESHOLD = 0.55;
  const report = intentHeadReport(rows, HEAD, LABELS, THRESHOLD)!;

  it('accuracy and macro-F1 both ways', () => {
    expect(report.n).toBe(4);
    expect(report.accuracy).toBe(0.75);
    // F1: a 1, b 2/3 (precision 1/2, recall 1), c 2/3 (precision 1, recall 1/2), d 0.
    expect(report.macro_f1).toBeCloseTo((1 + 2 / 3 + 2 / 3 + 0) / 4, TOLERANCE);
    expect(report.macro_f1_present).toBeCloseTo((1 + 2 / 3 + 2 / 3) / 3, TOLERANCE);
    expect(report.per_label.map((l) => [l.label, l.support, l.predicted])).toEqual([
      ['a', 1, 1],
      ['b', 1, 2],
      ['c', 2, 1],
      ['d', 0, 0],
    ]);
    expect(report.confusion).toEqual([
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 1, 1, 0],
      [0, 0, 0, 0],
    ]);
  });

  it('NLL, Brier and ECE for calibrated and raw probabilities', () => {
    expect(report.nll).toBeCloseTo(-(Math.log(0.8) + Math.log(0.6) + Math.log(0.4) + Math.log(0.9)) / 4, TOLERANCE);
    expect(report.nll_raw).toBeCloseTo(-(Math.log(0.6) + Math.log(0.4) + Math.log(0.5) + Math.log(0.7)) / 4, TOLERANCE);
    expect(report.brier).toBeCloseTo((0.06 + 0.24 + 0.62 + 0.015) / 4, TOLERANCE);
    // raw: .16+.09+.01; .09+.36+.09; .04+.09+.25; .01+.04+.09
    expect(report.brier_raw).toBeCloseTo((0.26 + 0.54 + 0.38 + 0.14) / 4, TOLERANCE);
    // calibrated top-label: .8 ok, .6 ok, .5 wrong, .9 ok -> (.2 + .4 + .5 + .1) / 4
    expect(report.ece).toBeCloseTo(0.3, TOLERANCE);
    // raw top-label: .6 ok (a), .4 ok (b), .5 ok (c), .7 ok (c) -> (.4 + .6 + .5 + .3) / 4; raw argmax is right 4 of 4
    expect(report.ece_raw).toBeCloseTo(0.45, TOLERANCE);
    expect(report.accuracy_raw).toBe(1);
    expect(report.reliability.calibrated.map((b) => b.count)).toEqual([0, 0, 0, 0, 0, 1, 1, 0, 1, 1]);
    expect(report.reliability.raw.map((b) => b.count)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 0, 0]);
  });

  it('coverage, accepted accuracy and fallback rate at the threshold, and the curve over thresholds', () => {
    // .8, .6, .9 meet .55 (all right); .5 does not.
    expect(report.threshold).toBe(THRESHOLD);
    expect(report.coverage).toBe(0.75);
    expect(report.accepted_accuracy).toBe(1);
    expect(report.fallback_rate).toBe(0.25);
    expect(report.threshold_curve).toHaveLength(101);
    expect(report.threshold_curve[50]).toEqual({ threshold: 0.5, coverage: 1, accepted_accuracy: 0.75 });
    expect(report.threshold_curve[95]).toEqual({ threshold: 0.95, coverage: 0, accepted_accuracy: 0 });
  });

  it('brackets accuracy, macro-F1, ECE and the confident-error share with bootstrap intervals of the same rows', () => {
    // 4 rows, one wrong (served .5): a resample's accuracy is a multiple of 1/4, its one wrong answer is never confident.
    const { accuracy, macro_f1, ece, confident_error_share } = report.intervals;
    expect(accuracy.low).toBeGreaterThanOrEqual(0);
    expect(accuracy.low).toBeLessThanOrEqual(report.accuracy);
    expect(accuracy.high).toBe(1);
    expect(macro_f1.low).toBeLessThanOrEqual(report.macro_f1);
    expect(macro_f1.high).toBeGreaterThanOrEqual(report.macro_f1);
    expect(ece.low).toBeLessThanOrEqual(ece.high);
    expect(confident_error_share).toEqual({ low: 0, high: 0 });
    expect(intentHeadReport(rows, HEAD, LABELS, THRESHOLD)!.intervals).toEqual(report.intervals);
  });

  it('breaks the figures down by difficulty', () => {
    const { easy, hard } = report.by_difficulty!;
    expect(easy).toMatchObject({ n: 2, accuracy: 1, macro_f1: 0.5, macro_f1_present: 1, coverage: 1, accepted_accuracy: 1, fallback_rate: 0 });
    // hard: gold c, c; served b, c. F1 b 0, c 2/3; present labels b and c.
    expect(hard).toMatchObject({ n: 2, accuracy: 0.5, coverage: 0.5, accepted_accuracy: 1, fallback_rate: 0.5 });
    expect(hard?.macro_f1).toBeCloseTo(2 / 3 / 4, TOLERANCE);
    expect(hard?.macro_f1_present).toBeCloseTo(1 / 3, TOLERANCE);
    expect(hard?.ece).toBeCloseTo((0.5 + 0.1) / 2, TOLERANCE);
  });

  it('is absent for a head no row is labelled with, and refuses a served label that is not the argmax', () => {
    expect(intentHeadReport(rows, 'decision_phase', LABELS, THRESHOLD)).toBeUndefined();
    const bad = [{ ...rows[0]!, envelope: envelope({ type: 'b' }) }];
    expect(() => intentHeadReport(bad, HEAD, LABELS, THRESHOLD)).toThrow('served label differs');
  });
});

describe('ad_content report on a hand-computed fixture', () => {
  // Fixture taxonomy: 1 Technology, 2 Technology > Laptops, 3 Travel, 4 Travel > Hotels. An identity
  // classifier (logit of node k = 10 * embedding[k]), no index, no lexical rerank.
  const { taxonomy } = taxonomyFixture();
  const ids = taxonomy.nodes.map((n) => n.id);
  const { classifier, index } = identityAdContentParts(taxonomy);
  const params: ResolverParams = { indexWeight: 0, indexTemperature: 0.05, lexicalWeight: 0, lexicalGate: 0, candidates: 4, tierFirst: false, tier1HeadWeight: 0, walkUpThreshold: 0.5, contrastNodeFirst: false };
  const THRESHOLD = 0.5;
  const model = buildAdContentModel({ classifier, index, taxonomy, regulated: new Map(), threshold: THRESHOLD, params });
  const logitsTo = (logits: Partial<Record<string, number>>) => Float32Array.from(ids, (id) => (logits[id] ?? 0) / 10);

  const node = (id: string) => taxonomy.byId.get(id)!;
  const cases = [
    // Laptops with logit 8: p = e^8 / (e^8 + 3) -> exact, right.
    { gold: '2', logits: { '2': 8 }, difficulty: 'easy' },
    // Hotels with logit 1: p(Hotels) = e / (e + 3) < .5, Travel mass (1 + e) / (e + 3) >= .5 -> Travel: parent-safe, not exact.
    { gold: '4', logits: { '4': 1 }, difficulty: 'hard' },
    // Hotels with logit 8 for a Technology row: wrong at every tier.
    { gold: '1', logits: { '4': 8 }, difficulty: 'hard' },
  ];
  const rows: EvaluatedRow[] = cases.map((c, i) => {
    const scores = scoreAdContent(model, `row ${i}`, logitsTo(c.logits));
    const served = chooseAdContent(model, scores, THRESHOLD);
    const probabilities = { raw: f64([1]), calibrated: f64([1]) };
    return {
      row: row({}, { id: c.gold, path: node(c.gold).path }, c.difficulty, i + 1),
      envelope: envelope({ tiers: served.tiers, mode: served.mapping_mode }),
      probabilities: { intent_type: probabilities, intent_subtype: probabilities, decision_phase: probabilities },
      adScores: scores,
    };
  });
  const report = adContentReport(rows, model, THRESHOLD)!;
  const high = Math.exp(8) / (Math.exp(8) + 3);
  const travel = (1 + Math.E) / (Math.E + 3);

  it('exact, tier, parent-safe and depth figures', () => {
    expect(report.n).toBe(3);
    expect(report.exact).toBeCloseTo(1 / 3, TOLERANCE);
    // tier 1: rows 1 and 2 right of 3; tier 2: gold depth 2 for rows 1 and 2, right for row 1.
    expect([report.tier1, report.tier2, report.tier3, report.tier4]).toEqual([2 / 3, 0.5, 0, 0]);
    expect(report.tier_rows).toEqual({ tier1: 3, tier2: 2, tier3: 0, tier4: 0 });
    expect(report.parent_safe).toBeCloseTo(2 / 3, TOLERANCE);
    expect(report.average_depth).toBeCloseTo((2 + 1 + 2) / 3, TOLERANCE);
    expect(report.average_gold_depth).toBeCloseTo((2 + 2 + 1) / 3, TOLERANCE);
    expect(report.mapping_mode).toEqual({ exact: 2, nearest_equivalent: 1, internal_extension: 0 });
  });

  it('coverage, accepted exact accuracy and ECE of mapping_confidence against parent-safe correctness', () => {
    // confidences: high (row 1, parent-safe), travel mass (row 2, parent-safe), high (row 3, wrong): all >= .5.
    expect(report.coverage).toBe(1);
    expect(report.accepted_exact).toBeCloseTo(1 / 3, TOLERANCE);
    // bin 5: row 2 alone, |1 - travel|; bin 9: rows 1 and 3, |1/2 - high|.
    expect(report.ece).toBeCloseTo((1 / 3) * Math.abs(1 - travel) + (2 / 3) * Math.abs(0.5 - high), FLOAT32_TOLERANCE);
    expect(report.by_difficulty?.hard).toMatchObject({ n: 2, exact: 0, tier1: 0.5, parent_safe: 0.5 });
  });

  it('re-resolves every row along the threshold curve', () => {
    const at = (t: number) => report.threshold_curve[Math.round(t * 100)]!;
    // At .7 row 2 resolves to Travel with mass travel (~.64) < .7: not accepted; rows 1 and 3 are.
    expect(travel).toBeLessThan(0.7);
    expect(at(0.7)).toMatchObject({ coverage: 2 / 3, accepted_accuracy: 0.5, accepted_parent_safe: 0.5 });
    // The walk-up threshold (.5) fixes the path: at .3 row 2 stays at Travel, now accepted (parent-safe, not exact).
    expect(at(0.3)).toMatchObject({ coverage: 1, accepted_accuracy: 1 / 3, accepted_parent_safe: 2 / 3 });
  });

  it('puts gold tier 1 against predicted tier 1 in the confusion matrix', () => {
    expect(report.tier1_confusion).toEqual({ labels: ['Technology', 'Travel'], matrix: [[1, 1], [0, 1]] });
  });
});

describe('envelope-level distributions', () => {
  it('counts monetization_eligibility and fallback reasons, "none" for no fallback', () => {
    const report = envelopeReport([
      envelope({ eligibility: 'allowed' }),
      envelope({ eligibility: 'not_allowed', fallbackReason: 'ambiguous_query' }),
      envelope({ eligibility: 'not_allowed', fallbackReason: 'policy_default' }),
      envelope({ eligibility: 'restricted' }),
    ]);
    expect(report.rows).toBe(4);
    expect(report.fallback_rate).toBe(0.5);
    expect(report.monetization_eligibility).toEqual({ allowed: 1, allowed_with_caution: 0, restricted: 1, not_allowed: 2 });
    expect(report.fallback_reason).toEqual({ none: 2, confidence_below_threshold: 0, ambiguous_query: 1, policy_default: 1 });
  });
});
