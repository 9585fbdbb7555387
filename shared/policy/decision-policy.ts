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
import type { FromSchema } from 'json-schema-to-ts';
import type decisionPolicySchema from '../../schemas/decision-policy.schema.js';
import { formatAjvErrors, lazyValidator } from '../schema-ajv.js';

/** Beside this module's source (also when running the compiled dist/, which holds no JSON). */
export const DEFAULT_POLICY_PATH = join(PROJECT_ROOT, 'shared/policy/decision-policy.json');
export const DECISION_POLICY_SCHEMA_FILE = 'decision-policy.schema.json';
/** Tolerance for "the coefficients sum to 1". */
const COEFFICIENT_SUM_TOLERANCE = 1e-9;

type DeepReadonly<T> = T extends (infer E)[] ? readonly DeepReadonly<E>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** A validated, frozen decision policy, typed from its schema (schemas/decision-policy.schema.ts). */
export type DecisionPolicy = DeepReadonly<FromSchema<typeof decisionPolicySchema>>;
export type CommercialScorePolicy = DecisionPolicy['commercial_score'];
export type CommercialScoreCoefficients = CommercialScorePolicy['coefficients'];
export type SubtypeSets = DecisionPolicy['subtype_sets'];
export type ScoreThresholds = DecisionPolicy['score_thresholds'];
/** Defaults until a trained artifact overrides them; the envelope reports the thresholds used. */
export type HeadThresholds = DecisionPolicy['default_thresholds'];
export type CommercialOverridePolicy = DecisionPolicy['commercial_override'];

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
