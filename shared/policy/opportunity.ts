/**
 * Opportunity evaluation (decision-policy.md, "Opportunity"): `system_decision.opportunity`.
 * First matching row of OPPORTUNITY_RULES wins. The (new) rule that `not_allowed` or `restricted`
 * eligibility forces none/low is the first row, so it overrides every other row.
 */
import { isOneOf, type DecisionContext } from './decision-context.js';
import type { Fallback } from './fallback.js';
import type { MonetizationEligibility } from './policy.js';

export const OPPORTUNITY_TYPES = ['none', 'transaction_trigger', 'decision_moment', 'comparison_slot', 'soft_recommendation'] as const;
export type OpportunityType = (typeof OPPORTUNITY_TYPES)[number];

export const OPPORTUNITY_STRENGTHS = ['low', 'medium', 'high'] as const;
export type OpportunityStrength = (typeof OPPORTUNITY_STRENGTHS)[number];

export interface Opportunity {
  type: OpportunityType;
  strength: OpportunityStrength;
}

export type OpportunityRuleId =
  | 'eligibility_not_monetizable'
  | 'fallback_or_safe_family'
  | 'transaction_trigger'
  | 'decision_moment'
  | 'comparison'
  | 'evaluation'
  | 'soft_recommendation'
  | 'onboarding_setup'
  | 'no_opportunity';

export interface OpportunityInputs {
  fallback: Fallback | null;
  monetization_eligibility: MonetizationEligibility;
}

export interface OpportunityRule {
  readonly id: OpportunityRuleId;
  readonly when: (ctx: DecisionContext, inputs: OpportunityInputs) => boolean;
  readonly then: Opportunity;
}

const NOT_MONETIZABLE = ['not_allowed', 'restricted'] as const;
const TRANSACTION_TRIGGER_SUBTYPES = ['signup', 'purchase', 'booking', 'contact_sales'] as const;
const SOFT_RECOMMENDATION_SUBTYPES = ['product_discovery', 'deal_seeking', 'download'] as const;

export const OPPORTUNITY_RULES: readonly OpportunityRule[] = [
  { id: 'eligibility_not_monetizable', when: (_ctx, i) => isOneOf(NOT_MONETIZABLE, i.monetization_eligibility), then: { type: 'none', strength: 'low' } }, // (new)
  {
    id: 'fallback_or_safe_family',
    when: (ctx, i) => i.fallback !== null || (ctx.family !== undefined && ctx.policy.safe_families.includes(ctx.family)),
    then: { type: 'none', strength: 'low' },
  },
  { id: 'transaction_trigger', when: (ctx) => isOneOf(TRANSACTION_TRIGGER_SUBTYPES, ctx.subtype), then: { type: 'transaction_trigger', strength: 'high' } },
  { id: 'decision_moment', when: (ctx) => ctx.subtype === 'provider_selection', then: { type: 'decision_moment', strength: 'high' } },
  { id: 'comparison', when: (ctx) => ctx.subtype === 'comparison', then: { type: 'comparison_slot', strength: 'high' } },
  { id: 'evaluation', when: (ctx) => ctx.subtype === 'evaluation', then: { type: 'comparison_slot', strength: 'medium' } },
  { id: 'soft_recommendation', when: (ctx) => isOneOf(SOFT_RECOMMENDATION_SUBTYPES, ctx.subtype), then: { type: 'soft_recommendation', strength: 'medium' } },
  { id: 'onboarding_setup', when: (ctx) => ctx.subtype === 'onboarding_setup', then: { type: 'soft_recommendation', strength: 'low' } },
  { id: 'no_opportunity', when: () => true, then: { type: 'none', strength: 'low' } },
];

export function evaluateOpportunity(ctx: DecisionContext, inputs: OpportunityInputs): Opportunity & { rule: OpportunityRuleId } {
  const rule = OPPORTUNITY_RULES.find((r) => r.when(ctx, inputs));
  if (!rule) throw new Error('opportunity rule table has no catch-all row');
  return { rule: rule.id, ...rule.then };
}
