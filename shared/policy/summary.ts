/**
 * `intent.summary`: one short, deterministic sentence naming the type, subtype and phase in plain
 * words, e.g. "Commercial query about comparing alternatives, in the consideration phase."
 * Template: `<Type> query about <subtype phrase>, <phase phrase>.` A label outside the lists is
 * written with its underscores as spaces, so the sentence never fails.
 */
import type { DecisionPhase, IntentSubtype, IntentType } from '../labels.js';

export const TYPE_WORDS: { readonly [T in IntentType]: string } = {
  informational: 'Informational',
  exploratory: 'Exploratory',
  commercial: 'Commercial',
  transactional: 'Transactional',
  support: 'Support',
  personal_reflection: 'Personal reflection',
  creative_generation: 'Creative generation',
  chit_chat: 'Chit-chat',
  ambiguous: 'Ambiguous',
  prohibited: 'Prohibited',
};

export const SUBTYPE_WORDS: { readonly [S in IntentSubtype]: string } = {
  education: 'learning a concept',
  product_discovery: 'finding new products or services',
  comparison: 'comparing alternatives',
  evaluation: 'assessing one option in depth',
  deal_seeking: 'looking for deals or discounts',
  provider_selection: 'choosing a vendor or provider',
  signup: 'signing up or starting a trial',
  purchase: 'buying or subscribing',
  booking: 'reserving or scheduling',
  download: 'downloading software, content or resources',
  contact_sales: 'contacting a sales team',
  task_execution: 'performing an operational task',
  onboarding_setup: 'setting up or configuring a product',
  troubleshooting: 'diagnosing and fixing an issue',
  account_help: 'account access or settings',
  billing_help: 'billing or payment issues',
  follow_up: 'continuing an earlier thread',
  emotional_reflection: 'processing feelings or experiences',
};

export const PHASE_WORDS: { readonly [P in DecisionPhase]: string } = {
  awareness: 'at the awareness stage',
  research: 'in the research phase',
  consideration: 'in the consideration phase',
  decision: 'at the decision stage',
  action: 'at the action stage',
  post_purchase: 'after a purchase',
  support: 'in an ongoing support relationship',
};

function words<K extends string>(table: { readonly [k in K]: string }, label: string): string {
  return Object.hasOwn(table, label) ? table[label as K] : label.replaceAll('_', ' ');
}

export function summarize(type: string, subtype: string, phase: string): string {
  const typeWords = words(TYPE_WORDS, type);
  const capitalised = typeWords.charAt(0).toUpperCase() + typeWords.slice(1);
  return `${capitalised} query about ${words(SUBTYPE_WORDS, subtype)}, ${words(PHASE_WORDS, phase)}.`;
}
