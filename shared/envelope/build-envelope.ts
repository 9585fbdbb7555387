/**
 * Head results -> decision envelope. Pure and model-independent: the model code produces the
 * `EnvelopeInput`; this module applies the commercial score, fallback, policy and opportunity rule
 * tables of decision-policy.md, rounds every confidence and score to 4 decimals (all comparisons
 * are made before rounding) and validates the result against schemas/envelope.schema.ts.
 */
import { TAXONOMY_NAME, TAXONOMY_VERSION } from '../taxonomy/taxonomy.js';
import { INTENT_HEADS, type IntentHead } from '../labels.js';
import { round4 } from '../policy/commercial-score.js';
import { buildDecisionContext, meetsThreshold, overallConfidence, type DecisionContext } from '../policy/decision-context.js';
import type { DecisionPolicy } from '../policy/decision-policy.js';
import { evaluateFallback, type FallbackDecision } from '../policy/fallback.js';
import { evaluateOpportunity, type Opportunity, type OpportunityRuleId } from '../policy/opportunity.js';
import { evaluatePolicy, type PolicyDecision, type PolicyRuleId } from '../policy/policy.js';
import { summarize } from '../policy/summary.js';
import {
  MAX_TIER_DEPTH,
  type AdContentClassification,
  type AdContentResult,
  type Envelope,
  type EnvelopeInput,
  type EnvelopeMeta,
  type EnvelopeMetaInput,
  type HeadComponent,
  type HeadResult,
} from './envelope-types.js';
import { validateEnvelope } from './validate-envelope.js';

export type { AdContentResult, Envelope, EnvelopeInput, EnvelopeMetaInput, HeadResult } from './envelope-types.js';

/**
 * The ad_content result used when no taxonomy node can be chosen (no index, or nothing clears the
 * ad_content threshold). No tier is invented: tiers are empty, so the envelope carries no tier keys;
 * mapping_confidence is 0 and mapping_mode `nearest_equivalent` (the enum has no "none"; nothing was
 * matched exactly). Not sensitive, not regulated, not buyable; meta.ad_content_mapping_is_placeholder
 * becomes true. Taxonomy name and version are those of taxonomy/taxonomy.ts.
 */
export const PLACEHOLDER_AD_CONTENT: Readonly<AdContentResult> = Object.freeze({
  taxonomy: TAXONOMY_NAME,
  taxonomy_version: TAXONOMY_VERSION,
  tiers: Object.freeze([]),
  mapping_mode: 'nearest_equivalent',
  mapping_confidence: 0,
  sensitive: false,
  regulated: false,
  is_placeholder: true,
  commercially_buyable: false,
});

/** The caller passed inputs that contradict themselves (a bug in the model code). */
export class EnvelopeInputError extends Error {
  override readonly name = 'EnvelopeInputError';
}

/** Every decision with the rule that produced it, for tests and evaluation reports. */
export interface Decision {
  context: DecisionContext;
  fallback: FallbackDecision;
  policy: PolicyDecision & { rule: PolicyRuleId };
  opportunity: Opportunity & { rule: OpportunityRuleId };
}

function checkInput(input: EnvelopeInput): void {
  for (const head of INTENT_HEADS) {
    const result = input.heads[head];
    if (result.meets_threshold !== meetsThreshold(result)) {
      throw new EnvelopeInputError(
        `${head}: meets_threshold is ${result.meets_threshold} but confidence ${result.confidence} ${meetsThreshold(result) ? '>=' : '<'} threshold ${result.confidence_threshold}`,
      );
    }
  }
  if (input.adContent.tiers.length > MAX_TIER_DEPTH) {
    throw new EnvelopeInputError(`ad_content: ${input.adContent.tiers.length} tiers given, max ${MAX_TIER_DEPTH}`);
  }
}

/** Runs the rule tables; no rounding, no validation. */
export function decide(input: EnvelopeInput, policy: DecisionPolicy): Decision {
  const context = buildDecisionContext(input, policy);
  const fallback = evaluateFallback(context);
  const policyDecision = evaluatePolicy(context, fallback.fallback);
  const opportunity = evaluateOpportunity(context, { fallback: fallback.fallback, monetization_eligibility: policyDecision.monetization_eligibility });
  return { context, fallback, policy: policyDecision, opportunity };
}

function component<L extends string>(head: HeadResult): HeadComponent<L> {
  return {
    label: head.label as L,
    confidence: round4(head.confidence),
    raw_confidence: round4(head.raw_confidence),
    confidence_threshold: round4(head.confidence_threshold),
    calibrated: head.calibrated,
    meets_threshold: meetsThreshold(head),
  };
}

function adContentBlock(ad: AdContentResult): AdContentClassification {
  const block: AdContentClassification = { taxonomy: ad.taxonomy, taxonomy_version: ad.taxonomy_version, mapping_mode: ad.mapping_mode, mapping_confidence: round4(ad.mapping_confidence) };
  const tierKeys = ['tier1', 'tier2', 'tier3', 'tier4'] as const;
  ad.tiers.forEach((tier, i) => {
    const key = tierKeys[i];
    if (key) block[key] = { id: tier.id, label: tier.label };
  });
  // Key order as in the spec table: taxonomy, version, tiers, mode, confidence.
  const { mapping_mode, mapping_confidence, ...head } = block;
  return { ...head, mapping_mode, mapping_confidence };
}

function metaBlock(input: EnvelopeInput, policy: DecisionPolicy, meta: EnvelopeMetaInput): EnvelopeMeta {
  const block: EnvelopeMeta = {
    system_version: meta.system_version,
    // The spec: true when any intent head used calibrated confidence (what actually ran, per head, is in component_confidence).
    calibration_enabled: INTENT_HEADS.some((head: IntentHead) => input.heads[head].calibrated),
    ad_content_mapping_is_placeholder: input.adContent.is_placeholder,
  };
  if (meta.artifact_version !== undefined) block.artifact_version = meta.artifact_version;
  if (meta.encoder_id !== undefined) block.encoder_id = meta.encoder_id;
  block.policy_version = meta.policy_version ?? policy.policy_version;
  return block;
}

/**
 * Builds the envelope and validates it (EnvelopeValidationError when it does not match the schema,
 * e.g. a label outside the lists or a confidence outside 0..1; EnvelopeInputError when the input
 * contradicts itself).
 */
export function buildEnvelope(input: EnvelopeInput, policy: DecisionPolicy, meta: EnvelopeMetaInput): Envelope {
  checkInput(input);
  const decision = decide(input, policy);
  const { context, fallback } = decision;
  const { heads } = input;
  const envelope: Envelope = {
    model_output: {
      classification: {
        ad_content: adContentBlock(input.adContent),
        intent: {
          type: heads.intent_type.label as Envelope['model_output']['classification']['intent']['type'],
          subtype: heads.intent_subtype.label as Envelope['model_output']['classification']['intent']['subtype'],
          decision_phase: heads.decision_phase.label as Envelope['model_output']['classification']['intent']['decision_phase'],
          confidence: round4(overallConfidence(heads, policy)),
          commercial_score: round4(context.commercialScore),
          summary: summarize(context.type, context.subtype, context.phase),
          component_confidence: {
            intent_type: component(heads.intent_type),
            intent_subtype: component(heads.intent_subtype),
            decision_phase: component(heads.decision_phase),
            overall_strategy: 'min_required_component_confidence',
          },
        },
      },
      fallback: fallback.fallback,
    },
    system_decision: {
      policy: {
        monetization_eligibility: decision.policy.monetization_eligibility,
        eligibility_reason: decision.policy.eligibility_reason,
        decision_basis: decision.policy.decision_basis,
        applied_thresholds: {
          commercial_score_min: round4(policy.score_thresholds.commercial_score_min),
          intent_type_confidence_min: round4(heads.intent_type.confidence_threshold),
          intent_subtype_confidence_min: round4(heads.intent_subtype.confidence_threshold),
          decision_phase_confidence_min: round4(heads.decision_phase.confidence_threshold),
        },
        sensitivity: decision.policy.sensitivity,
        regulated_vertical: input.adContent.regulated,
      },
      opportunity: { type: decision.opportunity.type, strength: decision.opportunity.strength },
      intent_trajectory: [heads.decision_phase.label as Envelope['system_decision']['intent_trajectory'][number]],
    },
    meta: metaBlock(input, policy, meta),
  };
  validateEnvelope(envelope);
  return envelope;
}
