/**
 * What the model code hands to the decision policy and the envelope builder: each head's result and the
 * ad_content result. Below both shared/policy/ and shared/envelope/, so neither imports the other for it.
 */
import envelopeSchema from '../schemas/envelope.schema.js';
import type { IntentHead } from './labels.js';

export const MAPPING_MODES = envelopeSchema.$defs.ad_content.properties.mapping_mode.enum;
export type MappingMode = (typeof MAPPING_MODES)[number];

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

