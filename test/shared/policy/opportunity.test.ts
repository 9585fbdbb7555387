import { describe, expect, it } from 'vitest';
import { decide } from '../../../shared/envelope/build-envelope.js';
import { defaultPolicy } from '../../../shared/policy/decision-policy.js';
import { evaluateOpportunity, OPPORTUNITY_RULES, type OpportunityRuleId } from '../../../shared/policy/opportunity.js';
import type { MonetizationEligibility } from '../../../shared/policy/policy.js';
import { context, input, type InputOptions, type Labels } from './fixtures.js';

const L = (type: string, subtype: string, phase: string): Labels => ({ type, subtype, phase });

describe('opportunity rule table', () => {
  it('lists the rows in the documented order, the (new) eligibility override first', () => {
    expect(OPPORTUNITY_RULES.map((r) => r.id)).toEqual([
      'eligibility_not_monetizable',
      'fallback_or_safe_family',
      'transaction_trigger',
      'decision_moment',
      'comparison',
      'evaluation',
      'soft_recommendation',
      'onboarding_setup',
      'no_opportunity',
    ]);
  });

  // Each row on its own: the subtype with monetizable eligibility (as the policy step would allow it).
  it.each<[string, Labels, MonetizationEligibility, OpportunityRuleId, string, string]>([
    ['signup', L('transactional', 'signup', 'action'), 'allowed', 'transaction_trigger', 'transaction_trigger', 'high'],
    ['purchase', L('transactional', 'purchase', 'action'), 'allowed', 'transaction_trigger', 'transaction_trigger', 'high'],
    ['booking', L('transactional', 'booking', 'action'), 'allowed_with_caution', 'transaction_trigger', 'transaction_trigger', 'high'],
    ['contact_sales', L('transactional', 'contact_sales', 'action'), 'allowed', 'transaction_trigger', 'transaction_trigger', 'high'],
    ['provider_selection', L('commercial', 'provider_selection', 'decision'), 'allowed', 'decision_moment', 'decision_moment', 'high'],
    ['comparison', L('commercial', 'comparison', 'consideration'), 'allowed_with_caution', 'comparison', 'comparison_slot', 'high'],
    ['evaluation', L('commercial', 'evaluation', 'consideration'), 'allowed_with_caution', 'evaluation', 'comparison_slot', 'medium'],
    ['product_discovery', L('commercial', 'product_discovery', 'consideration'), 'allowed_with_caution', 'soft_recommendation', 'soft_recommendation', 'medium'],
    ['deal_seeking', L('commercial', 'deal_seeking', 'consideration'), 'allowed_with_caution', 'soft_recommendation', 'soft_recommendation', 'medium'],
    ['download', L('transactional', 'download', 'consideration'), 'allowed_with_caution', 'soft_recommendation', 'soft_recommendation', 'medium'],
    ['onboarding_setup', L('commercial', 'onboarding_setup', 'post_purchase'), 'allowed_with_caution', 'onboarding_setup', 'soft_recommendation', 'low'],
    ['otherwise: education', L('commercial', 'education', 'research'), 'allowed_with_caution', 'no_opportunity', 'none', 'low'],
    ['otherwise: task_execution', L('commercial', 'task_execution', 'action'), 'allowed_with_caution', 'no_opportunity', 'none', 'low'],
    ['safe family: troubleshooting', L('commercial', 'troubleshooting', 'support'), 'allowed', 'fallback_or_safe_family', 'none', 'low'],
    ['safe family: follow_up', L('commercial', 'follow_up', 'support'), 'allowed', 'fallback_or_safe_family', 'none', 'low'],
    ['safe family: emotional_reflection', L('commercial', 'emotional_reflection', 'support'), 'allowed', 'fallback_or_safe_family', 'none', 'low'],
  ])('%s', (_name, labels, eligibility, rule, type, strength) => {
    expect(evaluateOpportunity(context(labels), { fallback: null, monetization_eligibility: eligibility })).toEqual({ rule, type, strength });
  });

  it('gives none/low when a fallback is present', () => {
    const fallback = { applied: true as const, reason: 'confidence_below_threshold' as const, fallback_intent_type: 'ambiguous' as const, fallback_monetization_eligibility: 'not_allowed' as const, failed_components: [] };
    expect(evaluateOpportunity(context(L('transactional', 'purchase', 'action')), { fallback, monetization_eligibility: 'allowed' })).toEqual({ rule: 'fallback_or_safe_family', type: 'none', strength: 'low' });
  });

  it.each<MonetizationEligibility>(['not_allowed', 'restricted'])('(new) %s eligibility forces none/low over every row', (eligibility) => {
    for (const subtype of ['purchase', 'provider_selection', 'comparison', 'product_discovery', 'onboarding_setup']) {
      expect(evaluateOpportunity(context(L('transactional', subtype, 'action')), { fallback: null, monetization_eligibility: eligibility })).toEqual({ rule: 'eligibility_not_monetizable', type: 'none', strength: 'low' });
    }
  });
});

describe('opportunity through the whole decision', () => {
  it.each<[string, Labels, InputOptions | undefined, string, string, string]>([
    ['high intent purchase', L('transactional', 'purchase', 'action'), undefined, 'allowed', 'transaction_trigger', 'high'],
    ['regulated purchase keeps the trigger', L('transactional', 'purchase', 'action'), { ad: { regulated: true } }, 'allowed_with_caution', 'transaction_trigger', 'high'],
    ['comparison', L('commercial', 'comparison', 'consideration'), undefined, 'allowed_with_caution', 'comparison_slot', 'high'],
    ['download row', L('transactional', 'download', 'consideration'), undefined, 'allowed_with_caution', 'soft_recommendation', 'medium'],
    ['restricted onboarding_setup is forced to none/low', L('commercial', 'onboarding_setup', 'post_purchase'), undefined, 'restricted', 'none', 'low'],
    ['restricted sensitive content', L('informational', 'comparison', 'research'), { ad: { sensitive: true } }, 'restricted', 'none', 'low'],
    ['not_allowed fallback', L('commercial', 'comparison', 'consideration'), { confidence: { phase: 0.1 } }, 'not_allowed', 'none', 'low'],
  ])('%s', (_name, labels, options, eligibility, type, strength) => {
    const d = decide(input(labels, options), defaultPolicy());
    expect([d.policy.monetization_eligibility, d.opportunity.type, d.opportunity.strength]).toEqual([eligibility, type, strength]);
  });
});
