/**
 * What every rule table looks at: the three labels, the commercial score, which heads failed their
 * thresholds and the facts about the chosen ad_content node. Built once per query from the head
 * results; every comparison uses unrounded confidences.
 */
import { INTENT_HEADS, SUBTYPE_FAMILY, type IntentHead, type IntentSubtype, type SubtypeFamily } from '../labels.js';
import type { AdContentResult, EnvelopeInput, HeadResult } from '../classifier-output.js';
import { commercialScore } from './commercial-score.js';
import type { DecisionPolicy } from './decision-policy.js';

export interface DecisionContext {
  readonly type: string;
  readonly subtype: string;
  readonly phase: string;
  /** Family of the subtype (labels.ts); undefined for a label outside the list. */
  readonly family: SubtypeFamily | undefined;
  /** round4 of the weighted sum, as decision-policy.md defines it. */
  readonly commercialScore: number;
  /** Heads that count towards overall confidence (the subtype only when it is not low-signal). */
  readonly requiredComponents: readonly IntentHead[];
  /** Required heads whose confidence is below their threshold, in INTENT_HEADS order. */
  readonly failedComponents: readonly IntentHead[];
  readonly adContent: Pick<AdContentResult, 'sensitive' | 'regulated' | 'is_placeholder' | 'commercially_buyable' | 'mapping_confidence'>;
  readonly policy: DecisionPolicy;
}

/** `list.includes(value)` for a typed list and a plain string. */
export function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function familyOf(subtype: string): SubtypeFamily | undefined {
  return Object.hasOwn(SUBTYPE_FAMILY, subtype) ? SUBTYPE_FAMILY[subtype as IntentSubtype] : undefined;
}

/** The comparison the spec calls "meets its threshold", on unrounded values. */
export function meetsThreshold(head: Pick<HeadResult, 'confidence' | 'confidence_threshold'>): boolean {
  return head.confidence >= head.confidence_threshold;
}

export function isLowSignal(subtype: string, policy: DecisionPolicy): boolean {
  return isOneOf(policy.subtype_sets.low_signal, subtype);
}

/** intent_type and decision_phase always; intent_subtype unless it is low-signal. */
export function requiredComponents(subtype: string, policy: DecisionPolicy): IntentHead[] {
  return INTENT_HEADS.filter((head) => head !== 'intent_subtype' || !isLowSignal(subtype, policy));
}

/** Overall confidence, strategy `min_required_component_confidence` (unrounded). */
export function overallConfidence(heads: EnvelopeInput['heads'], policy: DecisionPolicy): number {
  return Math.min(...requiredComponents(heads.intent_subtype.label, policy).map((head) => heads[head].confidence));
}

export function buildDecisionContext(input: EnvelopeInput, policy: DecisionPolicy): DecisionContext {
  const { heads, adContent } = input;
  const labels = { intent_type: heads.intent_type.label, intent_subtype: heads.intent_subtype.label, decision_phase: heads.decision_phase.label };
  const required = requiredComponents(labels.intent_subtype, policy);
  return {
    type: labels.intent_type,
    subtype: labels.intent_subtype,
    phase: labels.decision_phase,
    family: familyOf(labels.intent_subtype),
    commercialScore: commercialScore(labels, policy),
    requiredComponents: required,
    failedComponents: required.filter((head) => !meetsThreshold(heads[head])),
    adContent: {
      sensitive: adContent.sensitive,
      regulated: adContent.regulated,
      is_placeholder: adContent.is_placeholder,
      commercially_buyable: adContent.commercially_buyable,
      mapping_confidence: adContent.mapping_confidence,
    },
    policy,
  };
}
