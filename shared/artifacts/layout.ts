/** Fixed file names inside one artifact version, and the JSON shapes stored in them (snake_case on disk). */
import type { FromSchema } from 'json-schema-to-ts';
import type manifestSchema from '../../schemas/manifest.schema.js';
import type { FeatureSpec } from '../features/feature-set.js';
import type { CalibrationMethod } from '../math/calibration.js';
import type { StoredDtype } from './binary.js';
import type { TypePrior } from '../heads/type-prior.js';

export const MANIFEST_FILE = 'manifest.json';
export const CURRENT_FILE = 'current.json';
export const REPORT_JSON_FILE = 'report.json';
export const REPORT_MD_FILE = 'report.md';
export const AD_CONTENT_HEAD = 'ad_content';
/** The ad_content classifier's companion over tier-1 categories only: votes in top-down decoding. */
export const AD_CONTENT_TIER1_HEAD = 'ad_content_tier1';

export const headFile = (head: string) => `heads/${head}.json`;
export const headWeightsFile = (head: string) => `heads/${head}.weights.bin`;
export const calibrationFile = (head: string) => `calibration/${head}.json`;
export const INDEX_FILE = 'taxonomy_index/index.json';
export const INDEX_VECTORS_FILE = 'taxonomy_index/vectors.bin';
export const RESOLVER_FILE = 'ad_content/resolver.json';

export const MANIFEST_SCHEMA_VERSION = 1;

/** heads/<head>.json: everything but the weight matrix. */
export interface StoredHead {
  head: string;
  labels: string[];
  input_dim: number;
  feature_set: FeatureSpec;
  weights_file: string;
  weights_dtype: StoredDtype;
  bias: number[];
  /** intent_subtype and decision_phase: the type prior they decode with (shared/heads/type-prior.ts); absent = none. */
  type_prior?: TypePrior;
}

/** calibration/<head>.json */
export interface StoredCalibration {
  head: string;
  method: CalibrationMethod;
  scale: number[];
  bias: number[];
  held_out_nll: Record<CalibrationMethod, number>;
  calibration_rows: number;
  /** The temperature fitted on rows from writers the heads never saw, already folded into scale and bias. */
  unseen_writers?: { temperature: number; rows: number };
}

/** taxonomy_index/index.json: entry i of vectors.bin belongs to node entry_node[i]. */
export interface StoredIndex {
  node_ids: string[];
  entry_node: number[];
  dim: number;
  vectors_file: string;
  vectors_dtype: StoredDtype;
}

/** ad_content/resolver.json: resolution parameters chosen on the ad_content calibration split. */
export interface StoredResolver {
  index_weight: number;
  index_temperature: number;
  lexical_weight: number;
  /** Absent in resolvers stored before the gate existed (read as 0: every candidate reranked). */
  lexical_gate?: number;
  candidates: number;
  /** Top-down decoding (absent in older resolvers: false). */
  tier_first?: boolean;
  /** Exponent of the tier-1 head's probability in top-down decoding (absent in older resolvers: 0, not used). */
  tier1_head_weight?: number;
  walk_up_threshold: number;
  /** Queries that rule a topic out decode node-first (absent in older resolvers: false). */
  contrast_node_first?: boolean;
  /** Calibration-split accuracy of every parameter set tried. */
  search: Array<{ index_weight: number; lexical_weight: number; lexical_gate?: number; tier_first?: boolean; tier1_head_weight?: number; contrast_node_first?: boolean; walk_up_threshold: number; exact: number; tier1?: number; parent_safe: number }>;
}

/** manifest.json, typed from its schema (schemas/manifest.schema.ts). */
export type Manifest = FromSchema<typeof manifestSchema>;
/** Optional files may be absent (the head then serves uncalibrated); present ones must match. */
export type ManifestFile = Manifest['files'][number];
export type ThresholdRecord = Manifest['thresholds'][string];

/** artifacts/current.json */
export interface CurrentPointer {
  version: string;
}
