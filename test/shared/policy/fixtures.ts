/** Constructed inputs for the rule-table tests: no model involved. */
import type { AdContentResult, EnvelopeInput, HeadResult } from '../../../shared/envelope/envelope-types.js';
import { buildDecisionContext, type DecisionContext } from '../../../shared/policy/decision-context.js';
import { defaultPolicy, parseDecisionPolicy, type DecisionPolicy } from '../../../shared/policy/decision-policy.js';

/** A head result; meets_threshold derived the way the model code derives it. */
export function head(label: string, confidence = 0.9, threshold = 0.4, calibrated = false): HeadResult {
  return { label, confidence, raw_confidence: confidence, confidence_threshold: threshold, calibrated, meets_threshold: confidence >= threshold };
}

export function adContent(overrides: Partial<AdContentResult> = {}): AdContentResult {
  return {
    taxonomy: 'IAB Content Taxonomy',
    taxonomy_version: '3.1',
    tiers: [{ id: '1', label: 'Automotive' }],
    mapping_mode: 'exact',
    mapping_confidence: 0.8,
    sensitive: false,
    regulated: false,
    is_placeholder: false,
    ...overrides,
  };
}

export interface Labels {
  type: string;
  subtype: string;
  phase: string;
}

export interface InputOptions {
  /** Confidence per head (default 0.9 each, above every default threshold). */
  confidence?: Partial<Record<'type' | 'subtype' | 'phase', number>>;
  ad?: Partial<AdContentResult>;
}

/** Heads at the default thresholds (0.5 / 0.4 / 0.4). */
export function input(labels: Labels, options: InputOptions = {}): EnvelopeInput {
  const c = options.confidence ?? {};
  return {
    heads: {
      intent_type: head(labels.type, c.type ?? 0.9, 0.5),
      intent_subtype: head(labels.subtype, c.subtype ?? 0.9, 0.4),
      decision_phase: head(labels.phase, c.phase ?? 0.9, 0.4),
    },
    adContent: adContent(options.ad),
  };
}

export function context(labels: Labels, options: InputOptions = {}, policy: DecisionPolicy = defaultPolicy()): DecisionContext {
  return buildDecisionContext(input(labels, options), policy);
}

/** The default policy with some top-level sections replaced, validated like a file would be. */
export function policyWith(patch: Partial<Record<keyof DecisionPolicy, unknown>>): DecisionPolicy {
  return parseDecisionPolicy({ ...structuredClone(defaultPolicy()), ...patch }, 'test policy');
}

export const OVERRIDE_ON = policyWith({ commercial_override_enabled: true });
