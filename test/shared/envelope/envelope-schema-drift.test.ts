/**
 * The hand-written `Envelope` and `DecisionPolicy` types against their JSON Schemas. The literals
 * below must satisfy `KeyTree<...>` (compile time, `tsc --noEmit`) and equal the trees derived from
 * the schemas (run time); the enum table ties every closed value set in the schema to the `as const`
 * array its TypeScript union is built from (expectTypeOf checks the unions at compile time).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { MAPPING_MODES, OVERALL_STRATEGIES, type Envelope } from '../../../shared/envelope/envelope-types.js';
import { readSchema } from '../../../shared/schema-ajv.js';
import { INTENT_HEADS, DECISION_PHASES, INTENT_SUBTYPES, INTENT_TYPES, type DecisionPhase, type IntentHead, type IntentSubtype, type IntentType, type SubtypeFamily } from '../../../shared/labels.js';
import type { DecisionPolicy } from '../../../shared/policy/decision-policy.js';
import { FALLBACK_INTENT_TYPES, FALLBACK_REASONS, type Fallback } from '../../../shared/policy/fallback.js';
import { OPPORTUNITY_STRENGTHS, OPPORTUNITY_TYPES } from '../../../shared/policy/opportunity.js';
import { DECISION_BASES, ELIGIBILITY_REASONS, MONETIZATION_ELIGIBILITIES, SENSITIVITIES } from '../../../shared/policy/policy.js';
import { schemaEnums, schemaKeyTree, type KeyTree } from './schema-shape.js';

const HEAD = ['object', { label: 'enum', confidence: 'number', raw_confidence: 'number', confidence_threshold: 'number', calibrated: 'boolean', meets_threshold: 'boolean' }] as const;
const TIER = (flag: 'object?') => [flag, { id: 'string', label: 'string' }] as const;

const ENVELOPE_TREE: KeyTree<Envelope> = {
  model_output: [
    'object',
    {
      classification: [
        'object',
        {
          ad_content: [
            'object',
            {
              taxonomy: 'string',
              taxonomy_version: 'string',
              tier1: TIER('object?'),
              tier2: TIER('object?'),
              tier3: TIER('object?'),
              tier4: TIER('object?'),
              mapping_mode: 'enum',
              mapping_confidence: 'number',
            },
          ],
          intent: [
            'object',
            {
              type: 'enum',
              subtype: 'enum',
              decision_phase: 'enum',
              confidence: 'number',
              commercial_score: 'number',
              summary: 'string',
              component_confidence: ['object', { intent_type: HEAD, intent_subtype: HEAD, decision_phase: HEAD, overall_strategy: 'enum' }],
            },
          ],
        },
      ],
      fallback: [
        'object|null',
        { applied: 'boolean', reason: 'enum', fallback_intent_type: 'enum', fallback_monetization_eligibility: 'enum', failed_components: 'array<enum>' },
      ],
    },
  ],
  system_decision: [
    'object',
    {
      policy: [
        'object',
        {
          monetization_eligibility: 'enum',
          eligibility_reason: 'enum',
          decision_basis: 'enum',
          applied_thresholds: ['object', { commercial_score_min: 'number', intent_type_confidence_min: 'number', intent_subtype_confidence_min: 'number', decision_phase_confidence_min: 'number' }],
          sensitivity: 'enum',
          regulated_vertical: 'boolean',
        },
      ],
      opportunity: ['object', { type: 'enum', strength: 'enum' }],
      intent_trajectory: 'array<enum>',
    },
  ],
  meta: [
    'object',
    {
      system_version: 'string',
      calibration_enabled: 'boolean',
      ad_content_mapping_is_placeholder: 'boolean',
      artifact_version: 'string?',
      encoder_id: 'string?',
      policy_version: 'string?',
    },
  ],
};

const numbers = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 'number'])) as { [k in K]: 'number' };

const POLICY_TREE: KeyTree<DecisionPolicy> = {
  $schema: 'string?',
  $comment: 'string?',
  policy_version: 'string',
  commercial_score: [
    'object',
    {
      coefficients: ['object', { intent_type: 'number', decision_phase: 'number', intent_subtype: 'number' }],
      unknown_label_weight: 'number',
      weights: ['object', { intent_type: ['object', numbers(INTENT_TYPES)], decision_phase: ['object', numbers(DECISION_PHASES)], intent_subtype: ['object', numbers(INTENT_SUBTYPES)] }],
    },
  ],
  subtype_sets: ['object', { high_intent: 'array<enum>', cautionary: 'array<enum>', low_signal: 'array<enum>' }],
  safe_families: 'array<enum>',
  score_thresholds: ['object', { commercial_score_min: 'number', high_intent_score_min: 'number', download_score_min: 'number' }],
  default_thresholds: ['object', { intent_type: 'number', intent_subtype: 'number', decision_phase: 'number', ad_content: 'number' }],
  commercial_override_enabled: 'boolean',
  commercial_override: [
    'object',
    { intent_types: 'array<enum>', decision_phases: 'array<enum>', subtype_families: 'array<enum>', min_commercial_score: 'number', min_mapping_confidence: 'number' },
  ],
};

/** JSON round trip turns the readonly tuples into plain arrays, as the schema walk produces. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('Envelope type <-> envelope.schema.json', () => {
  const schema = readSchema('envelope.schema.json');

  it('has the same keys, optionality, nullability and value kinds', () => {
    expect(schemaKeyTree(schema)).toEqual(plain(ENVELOPE_TREE));
  });

  it('closes every value set with the array its TypeScript union comes from', () => {
    type Intent = Envelope['model_output']['classification']['intent'];
    type Policy = Envelope['system_decision']['policy'];
    expectTypeOf<Intent['type']>().toEqualTypeOf<IntentType>();
    expectTypeOf<Intent['subtype']>().toEqualTypeOf<IntentSubtype>();
    expectTypeOf<Intent['decision_phase']>().toEqualTypeOf<DecisionPhase>();
    expectTypeOf<Intent['component_confidence']['intent_type']['label']>().toEqualTypeOf<IntentType>();
    expectTypeOf<Intent['component_confidence']['intent_subtype']['label']>().toEqualTypeOf<IntentSubtype>();
    expectTypeOf<Intent['component_confidence']['decision_phase']['label']>().toEqualTypeOf<DecisionPhase>();
    expectTypeOf<Intent['component_confidence']['overall_strategy']>().toEqualTypeOf<(typeof OVERALL_STRATEGIES)[number]>();
    expectTypeOf<Envelope['model_output']['classification']['ad_content']['mapping_mode']>().toEqualTypeOf<(typeof MAPPING_MODES)[number]>();
    expectTypeOf<Fallback['reason']>().toEqualTypeOf<(typeof FALLBACK_REASONS)[number]>();
    expectTypeOf<Fallback['fallback_intent_type']>().toEqualTypeOf<(typeof FALLBACK_INTENT_TYPES)[number]>();
    expectTypeOf<Fallback['fallback_monetization_eligibility']>().toEqualTypeOf<'not_allowed'>();
    expectTypeOf<Fallback['failed_components']>().toEqualTypeOf<IntentHead[]>();
    expectTypeOf<Policy['monetization_eligibility']>().toEqualTypeOf<(typeof MONETIZATION_ELIGIBILITIES)[number]>();
    expectTypeOf<Policy['eligibility_reason']>().toEqualTypeOf<(typeof ELIGIBILITY_REASONS)[number]>();
    expectTypeOf<Policy['decision_basis']>().toEqualTypeOf<(typeof DECISION_BASES)[number]>();
    expectTypeOf<Policy['sensitivity']>().toEqualTypeOf<(typeof SENSITIVITIES)[number]>();
    expectTypeOf<Envelope['system_decision']['opportunity']['type']>().toEqualTypeOf<(typeof OPPORTUNITY_TYPES)[number]>();
    expectTypeOf<Envelope['system_decision']['opportunity']['strength']>().toEqualTypeOf<(typeof OPPORTUNITY_STRENGTHS)[number]>();
    expectTypeOf<Envelope['system_decision']['intent_trajectory']>().toEqualTypeOf<DecisionPhase[]>();

    const mo = 'model_output';
    const ad = `${mo}.classification.ad_content`;
    const intent = `${mo}.classification.intent`;
    const cc = `${intent}.component_confidence`;
    const pol = 'system_decision.policy';
    expect(schemaEnums(schema)).toEqual({
      [`${ad}.mapping_mode`]: [...MAPPING_MODES],
      [`${intent}.type`]: [...INTENT_TYPES],
      [`${intent}.subtype`]: [...INTENT_SUBTYPES],
      [`${intent}.decision_phase`]: [...DECISION_PHASES],
      [`${cc}.intent_type.label`]: [...INTENT_TYPES],
      [`${cc}.intent_subtype.label`]: [...INTENT_SUBTYPES],
      [`${cc}.decision_phase.label`]: [...DECISION_PHASES],
      [`${cc}.overall_strategy`]: [...OVERALL_STRATEGIES],
      [`${mo}.fallback.reason`]: [...FALLBACK_REASONS],
      [`${mo}.fallback.fallback_intent_type`]: [...FALLBACK_INTENT_TYPES],
      [`${mo}.fallback.fallback_monetization_eligibility`]: ['not_allowed'],
      [`${mo}.fallback.failed_components[]`]: [...INTENT_HEADS],
      [`${pol}.monetization_eligibility`]: [...MONETIZATION_ELIGIBILITIES],
      [`${pol}.eligibility_reason`]: [...ELIGIBILITY_REASONS],
      [`${pol}.decision_basis`]: [...DECISION_BASES],
      [`${pol}.sensitivity`]: [...SENSITIVITIES],
      'system_decision.opportunity.type': [...OPPORTUNITY_TYPES],
      'system_decision.opportunity.strength': [...OPPORTUNITY_STRENGTHS],
      'system_decision.intent_trajectory[]': [...DECISION_PHASES],
    });
  });

  it('has additionalProperties false on every object it defines', () => {
    const open: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${path}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const s = node as Record<string, unknown>;
      const isDefinition = s.properties !== undefined && !path.includes('/if') && !path.includes('/then') && !/\/component_confidence\/properties\/[a-z_]+$/.test(path);
      if (isDefinition && s.additionalProperties !== false) open.push(path);
      for (const [k, v] of Object.entries(s)) walk(v, `${path}/${k}`);
    };
    walk(schema, '#');
    expect(open).toEqual([]);
  });
});

describe('DecisionPolicy type <-> decision-policy.schema.json', () => {
  const schema = readSchema('decision-policy.schema.json');

  it('has the same keys, optionality and value kinds', () => {
    expect(schemaKeyTree(schema)).toEqual(plain(POLICY_TREE));
  });

  it('closes the label and family lists', () => {
    expectTypeOf<DecisionPolicy['subtype_sets']['high_intent'][number]>().toEqualTypeOf<IntentSubtype>();
    expectTypeOf<DecisionPolicy['safe_families'][number]>().toEqualTypeOf<SubtypeFamily>();
    expectTypeOf<DecisionPolicy['commercial_override']['intent_types'][number]>().toEqualTypeOf<IntentType>();
    expectTypeOf<DecisionPolicy['commercial_override']['decision_phases'][number]>().toEqualTypeOf<DecisionPhase>();
    const enums = schemaEnums(schema);
    for (const key of ['subtype_sets.high_intent[]', 'subtype_sets.cautionary[]', 'subtype_sets.low_signal[]']) expect(enums[key]).toEqual([...INTENT_SUBTYPES]);
    expect(enums['commercial_override.intent_types[]']).toEqual([...INTENT_TYPES]);
    expect(enums['commercial_override.decision_phases[]']).toEqual([...DECISION_PHASES]);
    expect(Object.keys(enums).sort()).toEqual([
      'commercial_override.decision_phases[]',
      'commercial_override.intent_types[]',
      'commercial_override.subtype_families[]',
      'safe_families[]',
      'subtype_sets.cautionary[]',
      'subtype_sets.high_intent[]',
      'subtype_sets.low_signal[]',
    ]);
  });
});
