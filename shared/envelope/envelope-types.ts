/**
 * TypeScript shapes of the decision envelope (spec 2.2), derived from its JSON Schema
 * (schemas/envelope.schema.ts) with json-schema-to-ts, and of the inputs `buildEnvelope` takes.
 */
import type { FromSchema } from 'json-schema-to-ts';
import envelopeSchema from '../../schemas/envelope.schema.js';

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

// ---------------------------------------------------------------- the envelope, typed from its schema

export type Envelope = FromSchema<typeof envelopeSchema>;
export type ModelOutput = Envelope['model_output'];
export type IntentClassification = ModelOutput['classification']['intent'];
/**
 * Tiers are filled down to the depth of the matched path; deeper tiers are omitted (never null).
 * tier1 is present unless `meta.ad_content_mapping_is_placeholder` is true.
 */
export type AdContentClassification = ModelOutput['classification']['ad_content'];
export type ComponentConfidence = IntentClassification['component_confidence'];
/** One head's block of component_confidence, with its label narrowed to the head's labels. */
export type HeadComponent<L extends string = string> = Omit<ComponentConfidence['intent_type'], 'label'> & { label: L };
export type SystemDecision = Envelope['system_decision'];
export type PolicyBlock = SystemDecision['policy'];
export type AppliedThresholds = PolicyBlock['applied_thresholds'];
export type EnvelopeMeta = Envelope['meta'];

export const OVERALL_STRATEGIES = envelopeSchema.$defs.intent.properties.component_confidence.properties.overall_strategy.enum;
export type OverallStrategy = (typeof OVERALL_STRATEGIES)[number];
