/**
 * The decision-policy values (weights, subtype sets, score bars, default head thresholds) as one
 * typed, versioned JSON file. The loader validates it against schemas/decision-policy.schema.ts
 * and refuses an invalid file; everything downstream takes a `DecisionPolicy` argument, so the
 * same values drive training, evaluation and serving.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../config.js';
import { ConfigError, IntegrityError } from '../errors.js';
import type { DecisionPhase, IntentHead, IntentSubtype, IntentType, SubtypeFamily } from '../labels.js';
import { formatAjvErrors, lazyValidator } from '../schema-ajv.js';

/** Beside this module's source (also when running the compiled dist/, which holds no JSON). */
export const DEFAULT_POLICY_PATH = join(PROJECT_ROOT, 'shared/policy/decision-policy.json');
export const DECISION_POLICY_SCHEMA_FILE = 'decision-policy.schema.json';
/** Tolerance for "the coefficients sum to 1". */
const COEFFICIENT_SUM_TOLERANCE = 1e-9;

export interface CommercialScoreCoefficients {
  readonly intent_type: number;
  readonly decision_phase: number;
  readonly intent_subtype: number;
}

export interface CommercialScorePolicy {
  readonly coefficients: CommercialScoreCoefficients;
  /** Weight of a label missing from the tables (0.2). */
  readonly unknown_label_weight: number;
  readonly weights: {
    readonly intent_type: Readonly<Record<IntentType, number>>;
    readonly decision_phase: Readonly<Record<DecisionPhase, number>>;
    readonly intent_subtype: Readonly<Record<IntentSubtype, number>>;
  };
}

export interface SubtypeSets {
  readonly high_intent: readonly IntentSubtype[];
  readonly cautionary: readonly IntentSubtype[];
  readonly low_signal: readonly IntentSubtype[];
}

export interface ScoreThresholds {
  /** Reported as `applied_thresholds.commercial_score_min` (0.6). */
  readonly commercial_score_min: number;
  /** High-intent subtype row of the policy table (0.72). */
  readonly high_intent_score_min: number;
  /** Download row of the policy table (0.42). */
  readonly download_score_min: number;
}

export type HeadThresholds = { readonly [H in IntentHead | 'ad_content']: number };

/** The narrow fallback override for clearly commercial queries (cancels fallback rule 5 only). */
export interface CommercialOverridePolicy {
  readonly intent_types: readonly IntentType[];
  readonly decision_phases: readonly DecisionPhase[];
  readonly subtype_families: readonly SubtypeFamily[];
  readonly min_commercial_score: number;
  readonly min_mapping_confidence: number;
}

export interface DecisionPolicy {
  readonly $schema?: string;
  readonly $comment?: string;
  readonly policy_version: string;
  readonly commercial_score: CommercialScorePolicy;
  readonly subtype_sets: SubtypeSets;
  readonly safe_families: readonly SubtypeFamily[];
  readonly score_thresholds: ScoreThresholds;
  /** Defaults until a trained artifact overrides them; the envelope reports the thresholds used. */
  readonly default_thresholds: HeadThresholds;
  readonly commercial_override_enabled: boolean;
  readonly commercial_override: CommercialOverridePolicy;
}

const policyValidator = lazyValidator(DECISION_POLICY_SCHEMA_FILE);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Validates a parsed policy object; `source` names it in the error. Returns a frozen copy. */
export function parseDecisionPolicy(value: unknown, source = 'decision policy'): DecisionPolicy {
  const copy: unknown = structuredClone(value);
  const validatePolicy = policyValidator();
  if (!validatePolicy(copy)) {
    throw new ConfigError(`${source} is not a valid decision policy: ${formatAjvErrors(validatePolicy.errors)}`);
  }
  const policy = copy as DecisionPolicy;
  const { intent_type, decision_phase, intent_subtype } = policy.commercial_score.coefficients;
  const sum = intent_type + decision_phase + intent_subtype;
  if (Math.abs(sum - 1) > COEFFICIENT_SUM_TOLERANCE) {
    throw new ConfigError(`${source} is not a valid decision policy: /commercial_score/coefficients must sum to 1; given ${Number(sum.toFixed(9))}`);
  }
  return deepFreeze(policy);
}

/** Reads, validates and freezes a policy file (default: shared/policy/decision-policy.json). */
export function loadDecisionPolicy(path: string = DEFAULT_POLICY_PATH): DecisionPolicy {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new IntegrityError(`cannot read decision policy ${path}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`decision policy ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseDecisionPolicy(parsed, `decision policy ${path}`);
}

let shipped: DecisionPolicy | undefined;

/** The shipped policy file, read and validated on first use. */
export function defaultPolicy(): DecisionPolicy {
  shipped ??= loadDecisionPolicy();
  return shipped;
}
