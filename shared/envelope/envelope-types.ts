/**
 * TypeScript shapes of the decision envelope (spec 2.2) and of the inputs `buildEnvelope` takes.
 * Hand-written to read well; test/envelope/envelope-schema-drift.test.ts checks them against
 * schemas/envelope.schema.json key by key (compile time: a key tree typed from `Envelope`; run
 * time: that tree and every enum against the schema), so the two cannot drift apart.
 */
import type { DecisionPhase, IntentHead, IntentSubtype, IntentType } from '../labels.js';
import type { Fallback } from '../policy/fallback.js';
import type { OpportunityStrength, OpportunityType } from '../policy/opportunity.js';
import type { DecisionBasis, EligibilityReason, MonetizationEligibility, Sensitivity } from '../policy/policy.js';

export const MAPPING_MODES = ['exact', 'nearest_equivalent', 'internal_extension'] as const;
export type MappingMode = (typeof MAPPING_MODES)[number];

export const OVERALL_STRATEGIES = ['min_required_component_confidence'] as const;
export type OverallStrategy = (typeof OVERALL_STRATEGIES)[number];

/** Deepest supported tier. */
export const MAX_TIER_DEPTH = 4;

// ---------------------------------------------------------------- inputs (from the model code)

/** One intent head's output, as the model code produces it. Labels are plain strings here. */
export interface HeadResult {
  label: string;
  /** Calibrated confidence (equals `raw_confidence` when the head has no calibration). */
  confidence: number;
  raw_confidence: number;
  confidence_threshold: number;
  calibrated: boolean;
  /** Must equal `confidence >= confidence_threshold` on the unrounded values. */
  meets_threshold: boolean;
}

export interface TierRef {
  id: string;
  label: string;
}

export interface AdContentResult {
  taxonomy: string;
  taxonomy_version: string;
  /** Tier 1 first, 1..4 entries; may be empty only for a placeholder. */
  tiers: readonly TierRef[];
  mapping_mode: MappingMode;
  mapping_confidence: number;
  /** The chosen node carries the sensitive-category marker. */
  sensitive: boolean;
  /** The chosen node or an ancestor is a regulated vertical. */
  regulated: boolean;
  is_placeholder: boolean;
  /** The node is a path advertisers can buy against (used only by the commercial override). */
  commercially_buyable?: boolean;
}

export interface EnvelopeInput {
  heads: { [H in IntentHead]: HeadResult };
  adContent: AdContentResult;
}

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
