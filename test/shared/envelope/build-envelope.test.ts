import { describe, expect, it } from 'vitest';
import { TAXONOMY_NAME, TAXONOMY_VERSION } from '../../../shared/taxonomy/taxonomy.js';
import { buildEnvelope, EnvelopeInputError, PLACEHOLDER_AD_CONTENT } from '../../../shared/envelope/build-envelope.js';
import type { EnvelopeInput } from '../../../shared/envelope/envelope-types.js';
import { EnvelopeValidationError } from '../../../shared/envelope/validate-envelope.js';
import { defaultPolicy } from '../../../shared/policy/decision-policy.js';
import { adContent, head, input } from '../policy/fixtures.js';

const META = { system_version: '0.1.0+a1' };

describe('buildEnvelope', () => {
  it('builds the full envelope for a regulated high-intent query', () => {
    const envelopeInput: EnvelopeInput = {
      heads: {
        intent_type: { label: 'transactional', confidence: 0.912345, raw_confidence: 0.87654321, confidence_threshold: 0.55, calibrated: true, meets_threshold: true },
        intent_subtype: { label: 'purchase', confidence: 0.80004, raw_confidence: 0.7, confidence_threshold: 0.35, calibrated: true, meets_threshold: true },
        decision_phase: { label: 'action', confidence: 0.66666666, raw_confidence: 0.66666666, confidence_threshold: 0.45, calibrated: false, meets_threshold: true },
      },
      adContent: adContent({
        tiers: [
          { id: '391', label: 'Personal Finance' },
          { id: '392', label: 'Personal Debt' },
          { id: '393', label: 'Credit Cards' },
        ],
        mapping_mode: 'nearest_equivalent',
        mapping_confidence: 0.734567,
        regulated: true,
      }),
    };
    const envelope = buildEnvelope(envelopeInput, defaultPolicy(), { system_version: '0.1.0+a1', artifact_version: 'a1', encoder_id: 'use-lite@1' });
    expect(envelope).toEqual({
      model_output: {
        classification: {
          ad_content: {
            taxonomy: 'IAB Content Taxonomy',
            taxonomy_version: '3.1',
            tier1: { id: '391', label: 'Personal Finance' },
            tier2: { id: '392', label: 'Personal Debt' },
            tier3: { id: '393', label: 'Credit Cards' },
            mapping_mode: 'nearest_equivalent',
            mapping_confidence: 0.7346,
          },
          intent: {
            type: 'transactional',
            subtype: 'purchase',
            decision_phase: 'action',
            confidence: 0.6667,
            commercial_score: 0.99,
            summary: 'Transactional query about buying or subscribing, at the action stage.',
            component_confidence: {
              intent_type: { label: 'transactional', confidence: 0.9123, raw_confidence: 0.8765, confidence_threshold: 0.55, calibrated: true, meets_threshold: true },
              intent_subtype: { label: 'purchase', confidence: 0.8, raw_confidence: 0.7, confidence_threshold: 0.35, calibrated: true, meets_threshold: true },
              decision_phase: { label: 'action', confidence: 0.6667, raw_confidence: 0.6667, confidence_threshold: 0.45, calibrated: false, meets_threshold: true },
              overall_strategy: 'min_required_component_confidence',
            },
          },
        },
        fallback: null,
      },
      system_decision: {
        policy: {
          monetization_eligibility: 'allowed_with_caution',
          eligibility_reason: 'regulated_vertical_caution',
          decision_basis: 'score_threshold',
          applied_thresholds: { commercial_score_min: 0.6, intent_type_confidence_min: 0.55, intent_subtype_confidence_min: 0.35, decision_phase_confidence_min: 0.45 },
          sensitivity: 'medium',
          regulated_vertical: true,
        },
        opportunity: { type: 'transaction_trigger', strength: 'high' },
        intent_trajectory: ['action'],
      },
      meta: {
        system_version: '0.1.0+a1',
        calibration_enabled: true,
        ad_content_mapping_is_placeholder: false,
        artifact_version: 'a1',
        encoder_id: 'use-lite@1',
        policy_version: '2026-11-21',
      },
    });
  });

  it('builds the fallback object for a low-confidence query', () => {
    const envelope = buildEnvelope(input({ type: 'commercial', subtype: 'comparison', phase: 'consideration' }, { confidence: { type: 0.31, phase: 0.2 } }), defaultPolicy(), META);
    expect(envelope.model_output.fallback).toEqual({
      applied: true,
      reason: 'confidence_below_threshold',
      fallback_intent_type: 'ambiguous',
      fallback_monetization_eligibility: 'not_allowed',
      failed_components: ['intent_type', 'decision_phase'],
    });
    expect(envelope.model_output.classification.intent.confidence).toBe(0.2);
    expect(envelope.system_decision.policy).toMatchObject({ monetization_eligibility: 'not_allowed', eligibility_reason: 'confidence_below_threshold', decision_basis: 'fallback_low_confidence', sensitivity: 'medium' });
    expect(envelope.system_decision.opportunity).toEqual({ type: 'none', strength: 'low' });
  });

  it('compares before rounding: 0.39996 shows as 0.4 yet misses a 0.4 threshold', () => {
    const i = input({ type: 'commercial', subtype: 'comparison', phase: 'consideration' }, { confidence: { subtype: 0.39996 } });
    const envelope = buildEnvelope(i, defaultPolicy(), META);
    expect(envelope.model_output.classification.intent.component_confidence.intent_subtype).toMatchObject({ confidence: 0.4, confidence_threshold: 0.4, meets_threshold: false });
    expect(envelope.model_output.fallback?.failed_components).toEqual(['intent_subtype']);
  });

  it('leaves a low-signal subtype out of the overall confidence', () => {
    const envelope = buildEnvelope(input({ type: 'informational', subtype: 'education', phase: 'research' }, { confidence: { type: 0.8, subtype: 0.1, phase: 0.7 } }), defaultPolicy(), META);
    expect(envelope.model_output.classification.intent.confidence).toBe(0.7);
    expect(envelope.model_output.fallback).toBeNull();
  });

  it('fills tiers down to the matched depth and omits deeper ones', () => {
    const tiers = [
      { id: 'a', label: 'A' },
      { id: 'b', label: 'B' },
      { id: 'c', label: 'C' },
      { id: 'd', label: 'D' },
    ];
    for (let depth = 1; depth <= 4; depth++) {
      const envelope = buildEnvelope({ ...input({ type: 'commercial', subtype: 'comparison', phase: 'decision' }), adContent: adContent({ tiers: tiers.slice(0, depth) }) }, defaultPolicy(), META);
      const ad = envelope.model_output.classification.ad_content;
      expect(Object.keys(ad)).toEqual(['taxonomy', 'taxonomy_version', ...['tier1', 'tier2', 'tier3', 'tier4'].slice(0, depth), 'mapping_mode', 'mapping_confidence']);
    }
  });

  it('uses the documented placeholder: no tiers, confidence 0, flagged in meta', () => {
    expect(PLACEHOLDER_AD_CONTENT).toEqual({
      taxonomy: TAXONOMY_NAME,
      taxonomy_version: TAXONOMY_VERSION,
      tiers: [],
      mapping_mode: 'nearest_equivalent',
      mapping_confidence: 0,
      sensitive: false,
      regulated: false,
      is_placeholder: true,
      commercially_buyable: false,
    });
    expect(Object.isFrozen(PLACEHOLDER_AD_CONTENT)).toBe(true);
    const envelope = buildEnvelope({ ...input({ type: 'transactional', subtype: 'purchase', phase: 'action' }), adContent: PLACEHOLDER_AD_CONTENT }, defaultPolicy(), META);
    expect(envelope.model_output.classification.ad_content).toEqual({ taxonomy: 'IAB Content Taxonomy', taxonomy_version: '3.1', mapping_mode: 'nearest_equivalent', mapping_confidence: 0 });
    expect(envelope.meta.ad_content_mapping_is_placeholder).toBe(true);
    expect(envelope.system_decision.policy.regulated_vertical).toBe(false);
    expect(envelope.system_decision.policy.monetization_eligibility).toBe('allowed');
  });

  it('reports calibration_enabled when any intent head is calibrated, and the meta extras it is given', () => {
    const i = input({ type: 'commercial', subtype: 'comparison', phase: 'decision' });
    expect(buildEnvelope(i, defaultPolicy(), META).meta).toEqual({ system_version: '0.1.0+a1', calibration_enabled: false, ad_content_mapping_is_placeholder: false, policy_version: '2026-11-21' });
    const calibrated = { ...i, heads: { ...i.heads, decision_phase: head('decision', 0.9, 0.4, true) } };
    expect(buildEnvelope(calibrated, defaultPolicy(), { ...META, policy_version: 'custom-1' }).meta).toEqual({ system_version: '0.1.0+a1', calibration_enabled: true, ad_content_mapping_is_placeholder: false, policy_version: 'custom-1' });
  });

  it('refuses inputs that contradict themselves', () => {
    const i = input({ type: 'commercial', subtype: 'comparison', phase: 'decision' });
    const lying = { ...i, heads: { ...i.heads, intent_type: { ...i.heads.intent_type, confidence: 0.3, meets_threshold: true } } };
    expect(() => buildEnvelope(lying, defaultPolicy(), META)).toThrow(EnvelopeInputError);
    expect(() => buildEnvelope(lying, defaultPolicy(), META)).toThrow('intent_type: meets_threshold is true but confidence 0.3 < threshold 0.5');
    const deep = { ...i, adContent: adContent({ tiers: Array.from({ length: 5 }, (_, k) => ({ id: `${k}`, label: `T${k}` })) }) };
    expect(() => buildEnvelope(deep, defaultPolicy(), META)).toThrow('ad_content: 5 tiers given, max 4');
  });

  it('refuses, by schema, what the model code must never produce', () => {
    const i = input({ type: 'commercial', subtype: 'comparison', phase: 'decision' });
    expect(() => buildEnvelope({ ...i, heads: { ...i.heads, intent_type: head('shopping') } }, defaultPolicy(), META)).toThrow(EnvelopeValidationError);
    expect(() => buildEnvelope({ ...i, heads: { ...i.heads, intent_type: head('commercial', 1.2) } }, defaultPolicy(), META)).toThrow(/component_confidence\/intent_type\/confidence must be <= 1/);
    expect(() => buildEnvelope({ ...i, heads: { ...i.heads, intent_type: head('commercial', Number.NaN) } }, defaultPolicy(), META)).toThrow(EnvelopeValidationError);
    expect(() => buildEnvelope({ ...i, adContent: adContent({ tiers: [] }) }, defaultPolicy(), META)).toThrow(/ad_content must have required property 'tier1'/);
    expect(() => buildEnvelope(i, defaultPolicy(), { system_version: '' })).toThrow(/\/meta\/system_version must NOT have fewer than 1 characters/);
  });
});
