/** Label sets of the spec (section 2.1), in the canonical order every artifact uses. */
import envelopeSchema from '../schemas/envelope.schema.js';

// The canonical order is the envelope schema's (schemas/envelope.schema.ts): artifacts store labels in it.
export const INTENT_TYPES = envelopeSchema.$defs.intent_type.enum;
export const INTENT_SUBTYPES = envelopeSchema.$defs.intent_subtype.enum;
export const DECISION_PHASES = envelopeSchema.$defs.decision_phase.enum;

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
