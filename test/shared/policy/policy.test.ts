import { describe, expect, it } from 'vitest';
import { decide } from '../../../shared/envelope/build-envelope.js';
import { defaultPolicy } from '../../../shared/policy/decision-policy.js';
import { POLICY_RULES, type PolicyRuleId } from '../../../shared/policy/policy.js';
import { input, type InputOptions, type Labels } from './fixtures.js';

const L = (type: string, subtype: string, phase: string): Labels => ({ type, subtype, phase });

type Expected = [rule: PolicyRuleId, eligibility: string, reason: string, basis: string, sensitivity: string];

function policyOf(labels: Labels, options?: InputOptions) {
  const d = decide(input(labels, options), defaultPolicy());
  return [d.policy.rule, d.policy.monetization_eligibility, d.policy.eligibility_reason, d.policy.decision_basis, d.policy.sensitivity];
}

const regulated: InputOptions = { ad: { regulated: true } };
const sensitive: InputOptions = { ad: { sensitive: true } };

describe('policy rule table', () => {
  it('lists the rows in the documented order', () => {
    expect(POLICY_RULES.map((r) => r.id)).toEqual([
      'fallback_present',
      'sensitive_content',
      'high_intent_subtype',
      'commercial_intent',
      'download',
      'onboarding_setup',
      'task_execution',
      'below_threshold',
    ]);
  });

  it.each<[string, Labels, InputOptions | undefined, Expected]>([
    // fallback present (ref): reason from the fallback; high for support/reflection families, else medium
    ['fallback: low confidence', L('commercial', 'comparison', 'consideration'), { confidence: { type: 0.3 } }, ['fallback_present', 'not_allowed', 'confidence_below_threshold', 'fallback_low_confidence', 'medium']],
    ['fallback: ambiguous query', L('ambiguous', 'education', 'awareness'), undefined, ['fallback_present', 'not_allowed', 'ambiguous_query', 'fallback_ambiguous_intent', 'medium']],
    ['fallback: follow_up (ambiguous family) is medium', L('commercial', 'follow_up', 'decision'), undefined, ['fallback_present', 'not_allowed', 'ambiguous_query', 'fallback_ambiguous_intent', 'medium']],
    ['fallback: prohibited', L('prohibited', 'education', 'awareness'), undefined, ['fallback_present', 'not_allowed', 'policy_default', 'fallback_policy_default', 'medium']],
    ['fallback: support family is high', L('support', 'troubleshooting', 'support'), undefined, ['fallback_present', 'not_allowed', 'policy_default', 'fallback_policy_default', 'high']],
    ['fallback: reflection family is high', L('informational', 'emotional_reflection', 'awareness'), undefined, ['fallback_present', 'not_allowed', 'policy_default', 'fallback_policy_default', 'high']],
    ['fallback: chit_chat', L('chit_chat', 'education', 'awareness'), undefined, ['fallback_present', 'not_allowed', 'policy_default', 'fallback_policy_default', 'medium']],
    ['fallback beats sensitive content', L('ambiguous', 'education', 'research'), sensitive, ['fallback_present', 'not_allowed', 'ambiguous_query', 'fallback_ambiguous_intent', 'medium']],

    // (new) sensitive node, intent not commercial/transactional
    ['sensitive: informational', L('informational', 'education', 'research'), sensitive, ['sensitive_content', 'restricted', 'sensitive_content', 'content_sensitivity', 'high']],
    ['sensitive: exploratory product discovery', L('exploratory', 'product_discovery', 'research'), sensitive, ['sensitive_content', 'restricted', 'sensitive_content', 'content_sensitivity', 'high']],
    ['sensitive but commercial intent falls through (0.728)', L('commercial', 'comparison', 'consideration'), sensitive, ['commercial_intent', 'allowed_with_caution', 'commercial_comparison_signal_present', 'score_threshold', 'low']],
    ['sensitive but transactional intent falls through (0.99)', L('transactional', 'purchase', 'action'), sensitive, ['high_intent_subtype', 'allowed', 'high_intent_subtype_signal', 'score_threshold', 'low']],

    // high-intent subtype, score >= 0.72, (new) type commercial/transactional
    ['high intent: purchase 0.99', L('transactional', 'purchase', 'action'), undefined, ['high_intent_subtype', 'allowed', 'high_intent_subtype_signal', 'score_threshold', 'low']],
    ['high intent: signup 0.954', L('transactional', 'signup', 'action'), undefined, ['high_intent_subtype', 'allowed', 'high_intent_subtype_signal', 'score_threshold', 'low']],
    ['high intent: booking 0.963', L('transactional', 'booking', 'action'), undefined, ['high_intent_subtype', 'allowed', 'high_intent_subtype_signal', 'score_threshold', 'low']],
    ['high intent: contact_sales 0.9675', L('transactional', 'contact_sales', 'action'), undefined, ['high_intent_subtype', 'allowed', 'high_intent_subtype_signal', 'score_threshold', 'low']],
    ['high intent: provider_selection, commercial 0.8525', L('commercial', 'provider_selection', 'decision'), undefined, ['high_intent_subtype', 'allowed', 'high_intent_subtype_signal', 'score_threshold', 'low']],
    ['(new) high intent, regulated vertical', L('transactional', 'purchase', 'action'), regulated, ['high_intent_subtype', 'allowed_with_caution', 'regulated_vertical_caution', 'score_threshold', 'medium']],
    ['(new) type gate: exploratory provider_selection at exactly 0.72', L('exploratory', 'provider_selection', 'consideration'), undefined, ['below_threshold', 'restricted', 'commercial_signal_below_threshold', 'score_threshold', 'low']],
    ['high intent below 0.72, transactional (0.639)', L('transactional', 'signup', 'awareness'), undefined, ['below_threshold', 'restricted', 'commercial_signal_below_threshold', 'score_threshold', 'low']],

    // intent_type commercial, score >= 0.6
    ['commercial: product_discovery 0.656', L('commercial', 'product_discovery', 'consideration'), undefined, ['commercial_intent', 'allowed_with_caution', 'commercial_discovery_signal_present', 'score_threshold', 'low']],
    ['commercial: comparison 0.728', L('commercial', 'comparison', 'consideration'), undefined, ['commercial_intent', 'allowed_with_caution', 'commercial_comparison_signal_present', 'score_threshold', 'low']],
    ['commercial: evaluation 0.701', L('commercial', 'evaluation', 'consideration'), undefined, ['commercial_intent', 'allowed_with_caution', 'commercial_comparison_signal_present', 'score_threshold', 'low']],
    ['commercial: deal_seeking 0.7145 is medium', L('commercial', 'deal_seeking', 'consideration'), undefined, ['commercial_intent', 'allowed_with_caution', 'commercial_comparison_signal_present', 'score_threshold', 'medium']],
    ['commercial: download 0.602 (cautionary)', L('commercial', 'download', 'consideration'), undefined, ['commercial_intent', 'allowed_with_caution', 'commercial_comparison_signal_present', 'score_threshold', 'low']],
    ['commercial: signup below the high-intent bar 0.6865', L('commercial', 'signup', 'research'), undefined, ['commercial_intent', 'allowed_with_caution', 'commercial_decision_signal_present', 'score_threshold', 'low']],
    ['commercial: purchase at exactly 0.6', L('commercial', 'purchase', 'support'), undefined, ['commercial_intent', 'allowed_with_caution', 'commercial_decision_signal_present', 'score_threshold', 'low']],
    ['commercial: regulated is medium', L('commercial', 'product_discovery', 'consideration'), regulated, ['commercial_intent', 'allowed_with_caution', 'commercial_discovery_signal_present', 'score_threshold', 'medium']],
    ['commercial below 0.6 (0.5335)', L('commercial', 'product_discovery', 'research'), undefined, ['below_threshold', 'restricted', 'commercial_signal_below_threshold', 'score_threshold', 'low']],
    ['commercial signup 0.599 just below 0.6', L('commercial', 'signup', 'awareness'), undefined, ['below_threshold', 'restricted', 'commercial_signal_below_threshold', 'score_threshold', 'low']],

    // subtype download, score >= 0.42
    ['download: transactional 0.642', L('transactional', 'download', 'consideration'), undefined, ['download', 'allowed_with_caution', 'download_signal_present', 'score_threshold', 'low']],
    ['download: informational 0.482', L('informational', 'download', 'consideration'), undefined, ['download', 'allowed_with_caution', 'download_signal_present', 'score_threshold', 'low']],
    ['download: regulated stays low', L('transactional', 'download', 'consideration'), regulated, ['download', 'allowed_with_caution', 'download_signal_present', 'score_threshold', 'low']],
    ['download below 0.42 (0.3995)', L('exploratory', 'download', 'research'), undefined, ['below_threshold', 'restricted', 'commercial_signal_below_threshold', 'score_threshold', 'low']],

    // onboarding_setup, task_execution, otherwise
    ['onboarding_setup', L('commercial', 'onboarding_setup', 'post_purchase'), undefined, ['onboarding_setup', 'restricted', 'post_purchase_setup_query', 'score_threshold', 'low']],
    ['task_execution', L('exploratory', 'task_execution', 'action'), undefined, ['task_execution', 'restricted', 'operational_task_query', 'score_threshold', 'low']],
    ['otherwise: informational education', L('informational', 'education', 'research'), undefined, ['below_threshold', 'restricted', 'commercial_signal_below_threshold', 'score_threshold', 'low']],
    ['otherwise: creative generation', L('creative_generation', 'comparison', 'awareness'), undefined, ['below_threshold', 'restricted', 'commercial_signal_below_threshold', 'score_threshold', 'low']],
  ])('%s', (_name, labels, options, expected) => {
    expect(policyOf(labels, options)).toEqual(expected);
  });
});
