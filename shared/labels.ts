/** Label sets of the spec (section 2.1), in the canonical order every artifact uses. */

export const INTENT_TYPES = [
  'informational',
  'exploratory',
  'commercial',
  'transactional',
  'support',
  'personal_reflection',
  'creative_generation',
  'chit_chat',
  'ambiguous',
  'prohibited',
] as const;

export const INTENT_SUBTYPES = [
  'education',
  'product_discovery',
  'comparison',
  'evaluation',
  'deal_seeking',
  'provider_selection',
  'signup',
  'purchase',
  'booking',
  'download',
  'contact_sales',
  'task_execution',
  'onboarding_setup',
  'troubleshooting',
  'account_help',
  'billing_help',
  'follow_up',
  'emotional_reflection',
] as const;

export const DECISION_PHASES = [
  'awareness',
  'research',
  'consideration',
  'decision',
  'action',
  'post_purchase',
  'support',
] as const;

export type IntentType = (typeof INTENT_TYPES)[number];
export type IntentSubtype = (typeof INTENT_SUBTYPES)[number];
export type DecisionPhase = (typeof DECISION_PHASES)[number];

/** The three heads that share the encoder. */
export const INTENT_HEADS = ['intent_type', 'intent_subtype', 'decision_phase'] as const;
export type IntentHead = (typeof INTENT_HEADS)[number];
export type HeadName = IntentHead | 'ad_content';

export const HEAD_LABELS: { readonly [H in IntentHead]: readonly string[] } = {
  intent_type: INTENT_TYPES,
  intent_subtype: INTENT_SUBTYPES,
  decision_phase: DECISION_PHASES,
};

export type SubtypeFamily =
  | 'informational'
  | 'commercial'
  | 'transactional'
  | 'post_purchase'
  | 'support'
  | 'ambiguous'
  | 'reflection';

/** Subtype -> family, from decision-policy.md. */
export const SUBTYPE_FAMILY: { readonly [S in IntentSubtype]: SubtypeFamily } = {
  education: 'informational',
  product_discovery: 'commercial',
  comparison: 'commercial',
  evaluation: 'commercial',
  deal_seeking: 'commercial',
  provider_selection: 'commercial',
  signup: 'transactional',
  purchase: 'transactional',
  booking: 'transactional',
  download: 'transactional',
  contact_sales: 'transactional',
  task_execution: 'transactional',
  onboarding_setup: 'post_purchase',
  troubleshooting: 'support',
  account_help: 'support',
  billing_help: 'support',
  follow_up: 'ambiguous',
  emotional_reflection: 'reflection',
};

export function isLabelOf(head: IntentHead, value: unknown): boolean {
  return typeof value === 'string' && HEAD_LABELS[head].includes(value);
}
