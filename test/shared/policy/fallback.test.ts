import { describe, expect, it } from 'vitest';
import { evaluateFallback, FALLBACK_RULES, type FallbackRuleId } from '../../../shared/policy/fallback.js';
import { context, OVERRIDE_ON, policyWith, type InputOptions, type Labels } from './fixtures.js';
import { defaultPolicy, type DecisionPolicy } from '../../../shared/policy/decision-policy.js';

interface Row {
  name: string;
  labels: Labels;
  options?: InputOptions;
  policy?: DecisionPolicy;
  rule: FallbackRuleId;
  fallback: null | { reason: string; fallback_intent_type: string; failed_components: string[] };
}

const L = (type: string, subtype: string, phase: string): Labels => ({ type, subtype, phase });

function check(row: Row): void {
  const result = evaluateFallback(context(row.labels, row.options, row.policy ?? defaultPolicy()));
  expect(result.rule).toBe(row.rule);
  expect(result.fallback).toEqual(row.fallback === null ? null : { applied: true, fallback_monetization_eligibility: 'not_allowed', ...row.fallback });
}

describe('fallback rule table', () => {
  it('lists the rows in the documented order', () => {
    expect(FALLBACK_RULES.map((r) => r.id)).toEqual([
      'ambiguous_query',
      'prohibited',
      'support_or_chit_chat',
      'reflection_or_safe_family',
      'commercial_override',
      'confidence_below_threshold',
      'no_fallback',
    ]);
  });

  const rows: Row[] = [
    // Rule 1
    { name: '1: intent_type ambiguous', labels: L('ambiguous', 'education', 'awareness'), rule: 'ambiguous_query', fallback: { reason: 'ambiguous_query', fallback_intent_type: 'ambiguous', failed_components: [] } },
    { name: '1: subtype follow_up', labels: L('commercial', 'follow_up', 'consideration'), rule: 'ambiguous_query', fallback: { reason: 'ambiguous_query', fallback_intent_type: 'ambiguous', failed_components: [] } },
    // Rule 2
    { name: '2: prohibited', labels: L('prohibited', 'education', 'awareness'), rule: 'prohibited', fallback: { reason: 'policy_default', fallback_intent_type: 'prohibited', failed_components: [] } },
    // Rule 3
    { name: '3: support', labels: L('support', 'troubleshooting', 'support'), rule: 'support_or_chit_chat', fallback: { reason: 'policy_default', fallback_intent_type: 'support', failed_components: [] } },
    { name: '3: chit_chat', labels: L('chit_chat', 'education', 'awareness'), rule: 'support_or_chit_chat', fallback: { reason: 'policy_default', fallback_intent_type: 'chit_chat', failed_components: [] } },
    // Rule 4
    { name: '4: personal_reflection + reflection family', labels: L('personal_reflection', 'emotional_reflection', 'awareness'), rule: 'reflection_or_safe_family', fallback: { reason: 'policy_default', fallback_intent_type: 'personal_reflection', failed_components: [] } },
    { name: '4: personal_reflection + non-reflection family -> ambiguous (as written)', labels: L('personal_reflection', 'education', 'awareness'), rule: 'reflection_or_safe_family', fallback: { reason: 'policy_default', fallback_intent_type: 'ambiguous', failed_components: [] } },
    { name: '4: support family subtype', labels: L('informational', 'troubleshooting', 'support'), rule: 'reflection_or_safe_family', fallback: { reason: 'policy_default', fallback_intent_type: 'ambiguous', failed_components: [] } },
    { name: '4: account_help (support family)', labels: L('exploratory', 'account_help', 'post_purchase'), rule: 'reflection_or_safe_family', fallback: { reason: 'policy_default', fallback_intent_type: 'ambiguous', failed_components: [] } },
    { name: '4: billing_help (support family)', labels: L('commercial', 'billing_help', 'post_purchase'), rule: 'reflection_or_safe_family', fallback: { reason: 'policy_default', fallback_intent_type: 'ambiguous', failed_components: [] } },
    { name: '4: reflection family subtype', labels: L('informational', 'emotional_reflection', 'awareness'), rule: 'reflection_or_safe_family', fallback: { reason: 'policy_default', fallback_intent_type: 'personal_reflection', failed_components: [] } },
    // Rule 5
    { name: '5: intent_type below threshold', labels: L('commercial', 'comparison', 'consideration'), options: { confidence: { type: 0.3 } }, rule: 'confidence_below_threshold', fallback: { reason: 'confidence_below_threshold', fallback_intent_type: 'ambiguous', failed_components: ['intent_type'] } },
    { name: '5: subtype below threshold', labels: L('commercial', 'comparison', 'consideration'), options: { confidence: { subtype: 0.39 } }, rule: 'confidence_below_threshold', fallback: { reason: 'confidence_below_threshold', fallback_intent_type: 'ambiguous', failed_components: ['intent_subtype'] } },
    { name: '5: phase below threshold', labels: L('transactional', 'purchase', 'action'), options: { confidence: { phase: 0.1 } }, rule: 'confidence_below_threshold', fallback: { reason: 'confidence_below_threshold', fallback_intent_type: 'ambiguous', failed_components: ['decision_phase'] } },
    { name: '5: all three below, in head order', labels: L('informational', 'comparison', 'research'), options: { confidence: { type: 0.2, subtype: 0.2, phase: 0.2 } }, rule: 'confidence_below_threshold', fallback: { reason: 'confidence_below_threshold', fallback_intent_type: 'ambiguous', failed_components: ['intent_type', 'intent_subtype', 'decision_phase'] } },
    { name: '5: a low-signal subtype below threshold does not count', labels: L('informational', 'education', 'awareness'), options: { confidence: { subtype: 0.05 } }, rule: 'no_fallback', fallback: null },
    { name: '5: low-signal subtype is left out of failed_components', labels: L('exploratory', 'task_execution', 'action'), options: { confidence: { type: 0.1, subtype: 0.1 } }, rule: 'confidence_below_threshold', fallback: { reason: 'confidence_below_threshold', fallback_intent_type: 'ambiguous', failed_components: ['intent_type'] } },
    { name: '5: confidence equal to the threshold meets it', labels: L('commercial', 'comparison', 'consideration'), options: { confidence: { type: 0.5, subtype: 0.4, phase: 0.4 } }, rule: 'no_fallback', fallback: null },
    // No fallback
    { name: 'none: confident commercial query', labels: L('commercial', 'comparison', 'consideration'), rule: 'no_fallback', fallback: null },
  ];
  it.each(rows.map((r) => [r.name, r] as const))('%s', (_name, row) => check(row));
});

describe('fallback precedence (first match wins)', () => {
  const rows: Row[] = [
    { name: '1 before 2: prohibited + follow_up', labels: L('prohibited', 'follow_up', 'awareness'), rule: 'ambiguous_query', fallback: { reason: 'ambiguous_query', fallback_intent_type: 'ambiguous', failed_components: [] } },
    { name: '1 before 3: support + follow_up', labels: L('support', 'follow_up', 'support'), rule: 'ambiguous_query', fallback: { reason: 'ambiguous_query', fallback_intent_type: 'ambiguous', failed_components: [] } },
    { name: '2 before 4: prohibited + troubleshooting', labels: L('prohibited', 'troubleshooting', 'support'), rule: 'prohibited', fallback: { reason: 'policy_default', fallback_intent_type: 'prohibited', failed_components: [] } },
    { name: '3 before 4: support + emotional_reflection', labels: L('support', 'emotional_reflection', 'support'), rule: 'support_or_chit_chat', fallback: { reason: 'policy_default', fallback_intent_type: 'support', failed_components: [] } },
    { name: '1 before 5, failures still listed', labels: L('ambiguous', 'comparison', 'research'), options: { confidence: { type: 0.2 } }, rule: 'ambiguous_query', fallback: { reason: 'ambiguous_query', fallback_intent_type: 'ambiguous', failed_components: ['intent_type'] } },
    { name: '4 before 5, failures still listed', labels: L('personal_reflection', 'emotional_reflection', 'awareness'), options: { confidence: { type: 0.2, subtype: 0.1 } }, rule: 'reflection_or_safe_family', fallback: { reason: 'policy_default', fallback_intent_type: 'personal_reflection', failed_components: ['intent_type', 'intent_subtype'] } },
  ];
  it.each(rows.map((r) => [r.name, r] as const))('%s', (_name, row) => check(row));
});

describe('commercial override (cancels rule 5 only, behind commercial_override_enabled)', () => {
  // commercial / consideration / comparison scores 0.728 (>= 0.72); the subtype head fails.
  const clear: Labels = L('commercial', 'comparison', 'consideration');
  const failing: InputOptions = { confidence: { subtype: 0.2 }, ad: { commercially_buyable: true, mapping_confidence: 0.8 } };
  const below = { reason: 'confidence_below_threshold', fallback_intent_type: 'ambiguous', failed_components: ['intent_subtype'] };
  /** Score bar out of the way, to isolate the other conditions. */
  const anyScore = policyWith({ commercial_override_enabled: true, commercial_override: { ...defaultPolicy().commercial_override, min_commercial_score: 0 } });

  it('is off by default', () => {
    expect(defaultPolicy().commercial_override_enabled).toBe(false);
    check({ name: '', labels: clear, options: failing, rule: 'confidence_below_threshold', fallback: below });
  });

  it('cancels rule 5 for a clearly commercial query when enabled', () => {
    check({ name: '', labels: clear, options: failing, policy: OVERRIDE_ON, rule: 'commercial_override', fallback: null });
    check({ name: '', labels: L('commercial', 'provider_selection', 'decision'), options: { confidence: { type: 0.45 }, ad: { commercially_buyable: true, mapping_confidence: 0.5 } }, policy: OVERRIDE_ON, rule: 'commercial_override', fallback: null });
  });

  it.each([
    ['intent type not commercial', L('transactional', 'comparison', 'consideration'), failing, anyScore],
    ['phase not consideration/decision/action', L('commercial', 'comparison', 'research'), failing, anyScore],
    ['subtype not in the commercial family', L('commercial', 'purchase', 'consideration'), failing, anyScore],
    ['commercial score below 0.72 (0.656)', L('commercial', 'product_discovery', 'consideration'), failing, OVERRIDE_ON],
    ['ad_content not buyable (flag absent)', clear, { confidence: { subtype: 0.2 }, ad: { mapping_confidence: 0.8 } }, OVERRIDE_ON],
    ['ad_content not buyable (false)', clear, { confidence: { subtype: 0.2 }, ad: { commercially_buyable: false, mapping_confidence: 0.8 } }, OVERRIDE_ON],
    ['ad_content is the placeholder', clear, { confidence: { subtype: 0.2 }, ad: { commercially_buyable: true, mapping_confidence: 0.8, is_placeholder: true } }, OVERRIDE_ON],
    ['ad_content is sensitive', clear, { confidence: { subtype: 0.2 }, ad: { commercially_buyable: true, mapping_confidence: 0.8, sensitive: true } }, OVERRIDE_ON],
    ['mapping confidence below 0.5', clear, { confidence: { subtype: 0.2 }, ad: { commercially_buyable: true, mapping_confidence: 0.49 } }, OVERRIDE_ON],
  ] as const)('does not apply when %s', (_name, labels, options, policy) => {
    const result = evaluateFallback(context(labels, options, policy));
    expect(result.rule).toBe('confidence_below_threshold');
    expect(result.fallback?.reason).toBe('confidence_below_threshold');
  });

  it('does not touch rules 1-4 or a query without failures', () => {
    check({ name: '', labels: L('commercial', 'follow_up', 'decision'), options: failing, policy: OVERRIDE_ON, rule: 'ambiguous_query', fallback: { reason: 'ambiguous_query', fallback_intent_type: 'ambiguous', failed_components: [] } });
    check({ name: '', labels: clear, options: { ad: { commercially_buyable: true } }, policy: OVERRIDE_ON, rule: 'no_fallback', fallback: null });
  });
});
