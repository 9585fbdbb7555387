/**
 * TypeScript shapes of the decision envelope (spec 2.2) and of the inputs `buildEnvelope` takes.
 * Hand-written to read well; test/envelope/envelope-schema-drift.test.ts checks them against
 * schemas/envelope.schema.json key by key (compile time: a key tree typed from `Envelope`; run
 * time: that tree and every enum against the schema), so the two cannot drift apart.
 */
import type { MappingMode, TierRef } from '../classifier-output.js';
import type { DecisionPhase, IntentSubtype, IntentType } from '../labels.js';
import type { Fallback } from '../policy/fallback.js';
import type { OpportunityStrength, OpportunityType } from '../policy/opportunity.js';
import type { DecisionBasis, EligibilityReason, MonetizationEligibility, Sensitivity } from '../policy/policy.js';

export const OVERALL_STRATEGIES = ['min_required_component_confidence'] as const;
export type OverallStrategy = (typeof OVERALL_STRATEGIES)[number];

/** Deepest supported tier. */
export const MAX_TIER_DEPTH = 4;

export { MAPPING_MODES, type AdContentResult, type EnvelopeInput, type HeadResult, type MappingMode, type TierRef } from '../classifier-output.js';

export interface EnvelopeMetaInput {
  system_version: string;
  artifact_version?: string;
  encoder_id?: string;
  /** Defaults to the `policy_version` of the policy passed to `buildEnvelope`. */
  policy_version?: string;
}

// ---------------------------------------------------------------- the envelope

export interface HeadComponent<L extends string> {
  label: L;
  confidence: number;
  raw_confidence: number;
  confidence_threshold: number;
  calibrated: boolean;
  meets_threshold: boolean;
}

export interface ComponentConfidence {
  intent_type: HeadComponent<IntentType>;
  intent_subtype: HeadComponent<IntentSubtype>;
  decision_phase: HeadComponent<DecisionPhase>;
  overall_strategy: OverallStrategy;
}

export interface IntentClassification {
  type: IntentType;
  subtype: IntentSubtype;
  decision_phase: DecisionPhase;
  confidence: number;
  commercial_score: number;
  summary: string;
  component_confidence: ComponentConfidence;
}

/**
 * Tiers are filled down to the depth of the matched path; deeper tiers are omitted (never null).
 * tier1 is present unless `meta.ad_content_mapping_is_placeholder` is true.
 */
export interface AdContentClassification {
  taxonomy: string;
  taxonomy_version: string;
  tier1?: TierRef;
  tier2?: TierRef;
  tier3?: TierRef;
  tier4?: TierRef;
  mapping_mode: MappingMode;
  mapping_confidence: number;
}

export interface ModelOutput {
  classification: {
    ad_content: AdContentClassification;
    intent: IntentClassification;
  };
  fallback: Fallback | null;
}

export interface AppliedThresholds {
  commercial_score_min: number;
  intent_type_confidence_min: number;
  intent_subtype_confidence_min: number;
  decision_phase_confidence_min: number;
}

export interface PolicyBlock {
  monetization_eligibility: MonetizationEligibility;
  eligibility_reason: EligibilityReason;
  decision_basis: DecisionBasis;
  applied_thresholds: AppliedThresholds;
  sensitivity: Sensitivity;
  regulated_vertical: boolean;
}

export interface SystemDecision {
  policy: PolicyBlock;
  opportunity: { type: OpportunityType; strength: OpportunityStrength };
  intent_trajectory: DecisionPhase[];
}

export interface EnvelopeMeta {
  system_version: string;
  calibration_enabled: boolean;
  ad_content_mapping_is_placeholder: boolean;
  artifact_version?: string;
  encoder_id?: string;
  policy_version?: string;
}

export interface Envelope {
  model_output: ModelOutput;
  system_decision: SystemDecision;
  meta: EnvelopeMeta;
}
