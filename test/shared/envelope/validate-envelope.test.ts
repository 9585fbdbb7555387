import { describe, expect, it } from 'vitest';
import { buildEnvelope } from '../../../shared/envelope/build-envelope.js';
import { EnvelopeValidationError, isValidEnvelope, validateEnvelope } from '../../../shared/envelope/validate-envelope.js';
import { defaultPolicy } from '../../../shared/policy/decision-policy.js';
import { input } from '../policy/fixtures.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const valid = (): Json =>
  structuredClone(buildEnvelope(input({ type: 'commercial', subtype: 'comparison', phase: 'consideration' }, { ad: { tiers: [{ id: '1', label: 'Automotive' }, { id: '2', label: 'Cars' }] } }), defaultPolicy(), { system_version: '0.1.0' }));

function rejection(edit: (e: Json) => void): EnvelopeValidationError {
  const envelope = valid();
  edit(envelope);
  try {
    validateEnvelope(envelope);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvelopeValidationError);
    return error as EnvelopeValidationError;
  }
  throw new Error('expected the envelope to be rejected');
}

describe('validateEnvelope', () => {
  it('accepts a built envelope', () => {
    expect(() => validateEnvelope(valid())).not.toThrow();
    expect(isValidEnvelope(valid())).toBe(true);
  });

  it('rejects a missing field and carries ajv errors', () => {
    const error = rejection((e) => delete e.model_output.classification.intent.commercial_score);
    expect(error.name).toBe('EnvelopeValidationError');
    expect(error.errors).toContainEqual(expect.objectContaining({ keyword: 'required', instancePath: '/model_output/classification/intent', params: { missingProperty: 'commercial_score' } }));
    expect(error.message).toBe("envelope does not match envelope.schema.json: /model_output/classification/intent must have required property 'commercial_score'");
  });

  it.each<[string, (e: Json) => void, RegExp]>([
    ['meta', (e) => delete e.meta, /\(root\) must have required property 'meta'/],
    ['fallback (null is required, not absent)', (e) => delete e.model_output.fallback, /must have required property 'fallback'/],
    ['applied_thresholds key', (e) => delete e.system_decision.policy.applied_thresholds.decision_phase_confidence_min, /must have required property 'decision_phase_confidence_min'/],
    ['head entry field', (e) => delete e.model_output.classification.intent.component_confidence.decision_phase.raw_confidence, /must have required property 'raw_confidence'/],
    ['tier label', (e) => delete e.model_output.classification.ad_content.tier2.label, /must have required property 'label'/],
    ['tier1 under a deeper tier', (e) => delete e.model_output.classification.ad_content.tier1, /must have property tier1 when property tier2 is present/],
  ])('rejects a missing %s', (_name, edit, message) => {
    expect(rejection(edit).message).toMatch(message);
  });

  it.each<[string, (e: Json) => void]>([
    ['intent type', (e) => (e.model_output.classification.intent.type = 'shopping')],
    ['subtype', (e) => (e.model_output.classification.intent.subtype = 'browsing')],
    ['decision phase', (e) => (e.model_output.classification.intent.decision_phase = 'checkout')],
    ['head label', (e) => (e.model_output.classification.intent.component_confidence.intent_subtype.label = 'commercial')],
    ['mapping_mode', (e) => (e.model_output.classification.ad_content.mapping_mode = 'fuzzy')],
    ['monetization_eligibility', (e) => (e.system_decision.policy.monetization_eligibility = 'maybe')],
    ['eligibility_reason', (e) => (e.system_decision.policy.eligibility_reason = 'because')],
    ['decision_basis', (e) => (e.system_decision.policy.decision_basis = 'gut_feeling')],
    ['sensitivity', (e) => (e.system_decision.policy.sensitivity = 'extreme')],
    ['opportunity type', (e) => (e.system_decision.opportunity.type = 'banner')],
    ['opportunity strength', (e) => (e.system_decision.opportunity.strength = 'huge')],
    ['trajectory entry', (e) => (e.system_decision.intent_trajectory = ['checkout'])],
    ['overall_strategy', (e) => (e.model_output.classification.intent.component_confidence.overall_strategy = 'mean')],
    [
      'fallback reason',
      (e) => (e.model_output.fallback = { applied: true, reason: 'tired', fallback_intent_type: 'ambiguous', fallback_monetization_eligibility: 'not_allowed', failed_components: [] }),
    ],
  ])('rejects an unknown %s', (_name, edit) => {
    const error = rejection(edit);
    expect(error.errors.some((x) => x.keyword === 'enum' || x.keyword === 'const' || x.keyword === 'anyOf')).toBe(true);
  });

  it('names the allowed values for an enum', () => {
    expect(rejection((e) => (e.system_decision.policy.sensitivity = 'extreme')).message).toBe(
      'envelope does not match envelope.schema.json: /system_decision/policy/sensitivity must be one of low, medium, high',
    );
  });

  it.each<[string, (e: Json) => void, string]>([
    ['at the root', (e) => (e.debug = true), '(root) has unknown property "debug"'],
    ['in meta', (e) => (e.meta.hostname = 'x'), '/meta has unknown property "hostname"'],
    ['in a head entry', (e) => (e.model_output.classification.intent.component_confidence.intent_type.logits = [1]), '/model_output/classification/intent/component_confidence/intent_type has unknown property "logits"'],
    ['in a tier', (e) => (e.model_output.classification.ad_content.tier1.path = 'Automotive'), '/model_output/classification/ad_content/tier1 has unknown property "path"'],
    ['in ad_content (tier5)', (e) => (e.model_output.classification.ad_content.tier5 = { id: '5', label: 'Five' }), '/model_output/classification/ad_content has unknown property "tier5"'],
    ['in the policy block', (e) => (e.system_decision.policy.score = 0.7), '/system_decision/policy has unknown property "score"'],
    ['in applied_thresholds', (e) => (e.system_decision.policy.applied_thresholds.ad_content_confidence_min = 0.3), '/system_decision/policy/applied_thresholds has unknown property "ad_content_confidence_min"'],
  ])('rejects an extra property %s', (_name, edit, message) => {
    expect(rejection(edit).message).toContain(message);
  });

  it.each<[string, (e: Json) => void]>([
    ['a confidence above 1', (e) => (e.model_output.classification.intent.confidence = 1.0001)],
    ['a negative score', (e) => (e.model_output.classification.intent.commercial_score = -0.1)],
    ['a mapping confidence above 1', (e) => (e.model_output.classification.ad_content.mapping_confidence = 2)],
    ['a string for a number', (e) => (e.system_decision.policy.applied_thresholds.commercial_score_min = '0.6')],
    ['an empty trajectory', (e) => (e.system_decision.intent_trajectory = [])],
    ['a non-placeholder mapping without tiers', (e) => {
      delete e.model_output.classification.ad_content.tier2;
      delete e.model_output.classification.ad_content.tier1;
    }],
    ['duplicate failed components', (e) => (e.model_output.fallback = { applied: true, reason: 'confidence_below_threshold', fallback_intent_type: 'ambiguous', fallback_monetization_eligibility: 'not_allowed', failed_components: ['intent_type', 'intent_type'] })],
    ['a non-object', (e) => (e.model_output = 'x')],
  ])('rejects %s', (_name, edit) => {
    rejection(edit);
  });

  it('accepts a placeholder mapping without tiers', () => {
    const envelope = valid();
    delete envelope.model_output.classification.ad_content.tier1;
    delete envelope.model_output.classification.ad_content.tier2;
    envelope.meta.ad_content_mapping_is_placeholder = true;
    expect(isValidEnvelope(envelope)).toBe(true);
  });
});
