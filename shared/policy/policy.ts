/**
 * Policy evaluation (decision-policy.md, "Policy"): `monetization_eligibility`, `eligibility_reason`,
 * `decision_basis` and `sensitivity` of `system_decision.policy`. First matching row of POLICY_RULES
 * wins; rows marked (new) close gaps the reference implementation leaves open.
 */
import { isOneOf, type DecisionContext } from './decision-context.js';
import { FALLBACK_REASONS, type Fallback, type FallbackReason } from './fallback.js';

export const MONETIZATION_ELIGIBILITIES = ['allowed', 'allowed_with_caution', 'restricted', 'not_allowed'] as const;
export type MonetizationEligibility = (typeof MONETIZATION_ELIGIBILITIES)[number];

export const ELIGIBILITY_REASONS = [
  ...FALLBACK_REASONS,
  'sensitive_content',
  'high_intent_subtype_signal',
  'regulated_vertical_caution',
  'commercial_discovery_signal_present',
  'commercial_comparison_signal_present',
  'commercial_decision_signal_present',
  'download_signal_present',
  'post_purchase_setup_query',
  'operational_task_query',
  'commercial_signal_below_threshold',
] as const;
export type EligibilityReason = (typeof ELIGIBILITY_REASONS)[number];

export const DECISION_BASES = ['score_threshold', 'content_sensitivity', 'fallback_ambiguous_intent', 'fallback_policy_default', 'fallback_low_confidence'] as const;
export type DecisionBasis = (typeof DECISION_BASES)[number];

export const SENSITIVITIES = ['low', 'medium', 'high'] as const;
export type Sensitivity = (typeof SENSITIVITIES)[number];

export const FALLBACK_DECISION_BASIS: { readonly [R in FallbackReason]: DecisionBasis } = {
  ambiguous_query: 'fallback_ambiguous_intent',
  policy_default: 'fallback_policy_default',
  confidence_below_threshold: 'fallback_low_confidence',
};

export interface PolicyDecision {
  monetization_eligibility: MonetizationEligibility;
  eligibility_reason: EligibilityReason;
  decision_basis: DecisionBasis;
  sensitivity: Sensitivity;
}

export type PolicyRuleId =
  | 'fallback_present'
  | 'sensitive_content'
  | 'high_intent_subtype'
  | 'commercial_intent'
  | 'download'
  | 'onboarding_setup'
  | 'task_execution'
  | 'below_threshold';

export interface PolicyRule {
  readonly id: PolicyRuleId;
  readonly when: (ctx: DecisionContext, fallback: Fallback | null) => boolean;
  readonly then: (ctx: DecisionContext, fallback: Fallback | null) => PolicyDecision;
}

const COMMERCIAL_OR_TRANSACTIONAL = ['commercial', 'transactional'] as const;
const HIGH_SENSITIVITY_FAMILIES = ['support', 'reflection'] as const;

function commercialReason(ctx: DecisionContext): EligibilityReason {
  if (ctx.subtype === 'product_discovery') return 'commercial_discovery_signal_present';
  if (isOneOf(ctx.policy.subtype_sets.cautionary, ctx.subtype)) return 'commercial_comparison_signal_present';
  return 'commercial_decision_signal_present';
}

const restricted = (eligibility_reason: EligibilityReason): PolicyDecision => ({
  monetization_eligibility: 'restricted',
  eligibility_reason,
  decision_basis: 'score_threshold',
  sensitivity: 'low',
});

export const POLICY_RULES: readonly PolicyRule[] = [
  {
    id: 'fallback_present', // (ref)
    when: (_ctx, fallback) => fallback !== null,
    then: (ctx, fallback) => {
      const reason = (fallback as Fallback).reason;
      return {
        monetization_eligibility: 'not_allowed',
        eligibility_reason: reason,
        decision_basis: FALLBACK_DECISION_BASIS[reason],
        sensitivity: ctx.family !== undefined && isOneOf(HIGH_SENSITIVITY_FAMILIES, ctx.family) ? 'high' : 'medium',
      };
    },
  },
  {
    id: 'sensitive_content', // (new)
    when: (ctx) => ctx.adContent.sensitive && !isOneOf(COMMERCIAL_OR_TRANSACTIONAL, ctx.type),
    then: () => ({ monetization_eligibility: 'restricted', eligibility_reason: 'sensitive_content', decision_basis: 'content_sensitivity', sensitivity: 'high' }),
  },
  {
    id: 'high_intent_subtype', // (ref) + (new) type gate and regulated caution
    when: (ctx) =>
      isOneOf(ctx.policy.subtype_sets.high_intent, ctx.subtype) &&
      ctx.commercialScore >= ctx.policy.score_thresholds.high_intent_score_min &&
      isOneOf(COMMERCIAL_OR_TRANSACTIONAL, ctx.type),
    then: (ctx) =>
      ctx.adContent.regulated
        ? { monetization_eligibility: 'allowed_with_caution', eligibility_reason: 'regulated_vertical_caution', decision_basis: 'score_threshold', sensitivity: 'medium' }
        : { monetization_eligibility: 'allowed', eligibility_reason: 'high_intent_subtype_signal', decision_basis: 'score_threshold', sensitivity: 'low' },
  },
  {
    id: 'commercial_intent',
    when: (ctx) => ctx.type === 'commercial' && ctx.commercialScore >= ctx.policy.score_thresholds.commercial_score_min,
    then: (ctx) => ({
      monetization_eligibility: 'allowed_with_caution',
      eligibility_reason: commercialReason(ctx),
      decision_basis: 'score_threshold',
      sensitivity: ctx.subtype === 'deal_seeking' || ctx.adContent.regulated ? 'medium' : 'low',
    }),
  },
  {
    id: 'download',
    when: (ctx) => ctx.subtype === 'download' && ctx.commercialScore >= ctx.policy.score_thresholds.download_score_min,
    then: () => ({ monetization_eligibility: 'allowed_with_caution', eligibility_reason: 'download_signal_present', decision_basis: 'score_threshold', sensitivity: 'low' }),
  },
  { id: 'onboarding_setup', when: (ctx) => ctx.subtype === 'onboarding_setup', then: () => restricted('post_purchase_setup_query') },
  { id: 'task_execution', when: (ctx) => ctx.subtype === 'task_execution', then: () => restricted('operational_task_query') },
  { id: 'below_threshold', when: () => true, then: () => restricted('commercial_signal_below_threshold') },
];

export function evaluatePolicy(ctx: DecisionContext, fallback: Fallback | null): PolicyDecision & { rule: PolicyRuleId } {
  const rule = POLICY_RULES.find((r) => r.when(ctx, fallback));
  if (!rule) throw new Error('policy rule table has no catch-all row');
  return { rule: rule.id, ...rule.then(ctx, fallback) };
}
