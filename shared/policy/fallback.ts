/**
 * Fallback evaluation (decision-policy.md, "Fallback"). The result sits at `model_output.fallback`:
 * null, or `{applied, reason, fallback_intent_type, fallback_monetization_eligibility, failed_components}`.
 * First matching row of FALLBACK_RULES wins.
 */
import type { IntentHead } from '../labels.js';
import { isOneOf, type DecisionContext } from './decision-context.js';

export const FALLBACK_REASONS = ['confidence_below_threshold', 'ambiguous_query', 'policy_default'] as const;
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

/** The intent types a fallback can substitute (every value the rule table can produce). */
export const FALLBACK_INTENT_TYPES = ['ambiguous', 'prohibited', 'support', 'chit_chat', 'personal_reflection'] as const;
export type FallbackIntentType = (typeof FALLBACK_INTENT_TYPES)[number];

export const FALLBACK_MONETIZATION_ELIGIBILITY = 'not_allowed';

export interface Fallback {
  applied: true;
  reason: FallbackReason;
  fallback_intent_type: FallbackIntentType;
  fallback_monetization_eligibility: typeof FALLBACK_MONETIZATION_ELIGIBILITY;
  /** Heads below their threshold (the subtype only when it is not low-signal), INTENT_HEADS order. */
  failed_components: IntentHead[];
}

export type FallbackRuleId =
  | 'ambiguous_query'
  | 'prohibited'
  | 'support_or_chit_chat'
  | 'reflection_or_safe_family'
  | 'commercial_override'
  | 'confidence_below_threshold'
  | 'no_fallback';

interface FallbackOutcome {
  reason: FallbackReason;
  fallback_intent_type: FallbackIntentType;
}

export interface FallbackRule {
  readonly id: FallbackRuleId;
  readonly when: (ctx: DecisionContext) => boolean;
  /** null: no fallback. */
  readonly then: (ctx: DecisionContext) => FallbackOutcome | null;
}

const SUPPORT_OR_CHIT_CHAT = ['support', 'chit_chat'] as const;

/**
 * The narrow override for clearly commercial queries: a listed intent type, phase and subtype family,
 * a buyable, non-placeholder, non-sensitive ad_content node, and commercial score and mapping
 * confidence at or above their bars. Only consulted when `commercial_override_enabled` is true.
 */
export function isClearlyCommercial(ctx: DecisionContext): boolean {
  const o = ctx.policy.commercial_override;
  const ad = ctx.adContent;
  return (
    isOneOf(o.intent_types, ctx.type) &&
    isOneOf(o.decision_phases, ctx.phase) &&
    ctx.family !== undefined &&
    o.subtype_families.includes(ctx.family) &&
    ad.commercially_buyable === true &&
    !ad.is_placeholder &&
    !ad.sensitive &&
    ctx.commercialScore >= o.min_commercial_score &&
    ad.mapping_confidence >= o.min_mapping_confidence
  );
}

export const FALLBACK_RULES: readonly FallbackRule[] = [
  {
    id: 'ambiguous_query', // 1
    when: (ctx) => ctx.type === 'ambiguous' || ctx.subtype === 'follow_up',
    then: () => ({ reason: 'ambiguous_query', fallback_intent_type: 'ambiguous' }),
  },
  {
    id: 'prohibited', // 2
    when: (ctx) => ctx.type === 'prohibited',
    then: () => ({ reason: 'policy_default', fallback_intent_type: 'prohibited' }),
  },
  {
    id: 'support_or_chit_chat', // 3
    when: (ctx) => isOneOf(SUPPORT_OR_CHIT_CHAT, ctx.type),
    then: (ctx) => ({ reason: 'policy_default', fallback_intent_type: ctx.type as (typeof SUPPORT_OR_CHIT_CHAT)[number] }),
  },
  {
    id: 'reflection_or_safe_family', // 4
    when: (ctx) => ctx.type === 'personal_reflection' || (ctx.family !== undefined && ctx.policy.safe_families.includes(ctx.family)),
    then: (ctx) => ({ reason: 'policy_default', fallback_intent_type: ctx.family === 'reflection' ? 'personal_reflection' : 'ambiguous' }),
  },
  {
    id: 'commercial_override', // cancels rule 5 only; off unless the policy enables it
    when: (ctx) => ctx.policy.commercial_override_enabled && ctx.failedComponents.length > 0 && isClearlyCommercial(ctx),
    then: () => null,
  },
  {
    id: 'confidence_below_threshold', // 5
    when: (ctx) => ctx.failedComponents.length > 0,
    then: () => ({ reason: 'confidence_below_threshold', fallback_intent_type: 'ambiguous' }),
  },
  {
    id: 'no_fallback',
    when: () => true,
    then: () => null,
  },
];

export interface FallbackDecision {
  rule: FallbackRuleId;
  fallback: Fallback | null;
}

export function evaluateFallback(ctx: DecisionContext): FallbackDecision {
  const rule = FALLBACK_RULES.find((r) => r.when(ctx));
  if (!rule) throw new Error('fallback rule table has no catch-all row');
  const outcome = rule.then(ctx);
  return {
    rule: rule.id,
    fallback:
      outcome === null
        ? null
        : { applied: true, ...outcome, fallback_monetization_eligibility: FALLBACK_MONETIZATION_ELIGIBILITY, failed_components: [...ctx.failedComponents] },
  };
}
