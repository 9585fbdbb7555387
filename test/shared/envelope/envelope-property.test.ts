import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEnvelope, PLACEHOLDER_AD_CONTENT } from '../../../shared/envelope/build-envelope.js';
import { MAPPING_MODES, type AdContentResult, type Envelope, type EnvelopeInput, type HeadResult } from '../../../shared/envelope/envelope-types.js';
import { isValidEnvelope, validateEnvelope } from '../../../shared/envelope/validate-envelope.js';
import { DECISION_PHASES, INTENT_HEADS, INTENT_SUBTYPES, INTENT_TYPES } from '../../../shared/labels.js';
import { defaultPolicy } from '../../../shared/policy/decision-policy.js';
import { OVERRIDE_ON } from '../policy/fixtures.js';

const NUM_RUNS = 3000;

/** Values in [0, 1], with the edges, tiny values and near-threshold values well represented. */
const unit = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.constantFrom(0, 1, 0.4, 0.5, 0.39996, 0.99996, 0.00004, 1e-300, 0.03125),
  fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10_000),
);

const headResult = (labels: readonly string[]): fc.Arbitrary<HeadResult> =>
  fc
    .record({ label: fc.constantFrom(...labels), confidence: unit, raw_confidence: unit, confidence_threshold: unit, calibrated: fc.boolean() })
    .map((h) => ({ ...h, meets_threshold: h.confidence >= h.confidence_threshold }));

const tier = fc.record({ id: fc.string({ minLength: 1, maxLength: 12 }), label: fc.string({ minLength: 1, maxLength: 40 }) });

const mappedAdContent: fc.Arbitrary<AdContentResult> = fc.boolean().chain((is_placeholder) =>
  fc.record(
    {
      taxonomy: fc.constantFrom('IAB Content Taxonomy', 'Other Taxonomy'),
      taxonomy_version: fc.constantFrom('3.1', '3.0'),
      tiers: fc.array(tier, { minLength: is_placeholder ? 0 : 1, maxLength: 4 }),
      mapping_mode: fc.constantFrom(...MAPPING_MODES),
      mapping_confidence: unit,
      sensitive: fc.boolean(),
      regulated: fc.boolean(),
      is_placeholder: fc.constant(is_placeholder),
      commercially_buyable: fc.boolean(),
    },
    { requiredKeys: ['taxonomy', 'taxonomy_version', 'tiers', 'mapping_mode', 'mapping_confidence', 'sensitive', 'regulated', 'is_placeholder'] },
  ),
);

const envelopeInput: fc.Arbitrary<EnvelopeInput> = fc.record({
  heads: fc.record({ intent_type: headResult(INTENT_TYPES), intent_subtype: headResult(INTENT_SUBTYPES), decision_phase: headResult(DECISION_PHASES) }),
  adContent: fc.oneof({ weight: 9, arbitrary: mappedAdContent }, { weight: 1, arbitrary: fc.constant(PLACEHOLDER_AD_CONTENT) }),
});

const meta = fc.record(
  { system_version: fc.string({ minLength: 1, maxLength: 20 }), artifact_version: fc.string({ minLength: 1 }), encoder_id: fc.string({ minLength: 1 }) },
  { requiredKeys: ['system_version'] },
);

function numbersIn(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => numbersIn(v, out));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((v) => numbersIn(v, out));
  return out;
}

const hasAtMost4Decimals = (x: number) => Number(x.toFixed(4)) === x;

describe('buildEnvelope on arbitrary head and ad_content results', () => {
  it('always yields a schema-valid envelope with every number rounded to 4 decimals', () => {
    fc.assert(
      fc.property(envelopeInput, fc.constantFrom(defaultPolicy(), OVERRIDE_ON), meta, (input, policy, metaInput) => {
        const envelope: Envelope = buildEnvelope(input, policy, metaInput);
        validateEnvelope(envelope);
        expect(isValidEnvelope(JSON.parse(JSON.stringify(envelope)))).toBe(true);

        for (const x of numbersIn(envelope)) expect(hasAtMost4Decimals(x)).toBe(true);

        const intent = envelope.model_output.classification.intent;
        for (const head of INTENT_HEADS) {
          const given = input.heads[head];
          const shown = intent.component_confidence[head];
          expect(shown.meets_threshold).toBe(given.confidence >= given.confidence_threshold); // unrounded comparison
          expect(Math.abs(shown.confidence - given.confidence)).toBeLessThanOrEqual(0.00005 + 1e-12);
        }
        expect(envelope.meta.calibration_enabled).toBe(INTENT_HEADS.some((h) => input.heads[h].calibrated));
        expect(envelope.meta.ad_content_mapping_is_placeholder).toBe(input.adContent.is_placeholder);
        const tierKeys = Object.keys(envelope.model_output.classification.ad_content).filter((k) => k.startsWith('tier'));
        expect(tierKeys).toEqual(['tier1', 'tier2', 'tier3', 'tier4'].slice(0, input.adContent.tiers.length));
        expect(envelope.system_decision.intent_trajectory).toEqual([intent.decision_phase]);

        const fallback = envelope.model_output.fallback;
        const { policy: p, opportunity } = envelope.system_decision;
        expect(fallback !== null).toBe(p.monetization_eligibility === 'not_allowed');
        if (fallback !== null) expect(p.eligibility_reason).toBe(fallback.reason);
        if (p.monetization_eligibility === 'not_allowed' || p.monetization_eligibility === 'restricted') expect(opportunity).toEqual({ type: 'none', strength: 'low' });
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
