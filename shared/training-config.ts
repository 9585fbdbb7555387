/**
 * The training configuration (like SetFit's TrainingArguments): its JSON Schema is the one source of
 * its shape (the TypeScript types come from it through json-schema-to-ts), DEFAULT_TRAINING_CONFIG holds
 * every default, and a config file (`query-intent train --config FILE`) or a flag per field
 * (`--intent.epochs 20`) changes any of them (training/training-config-file.ts). The effective
 * configuration is recorded in the manifest.
 */
import type { FromSchema } from 'json-schema-to-ts';
import manifestSchema from '../schemas/manifest.schema.js';
import { NGRAM_SCOPES } from './features/feature-set.js';

export const FEATURE_KINDS = manifestSchema.$defs.featureSet.properties.kind.enum;
export type FeatureKindSetting = (typeof FEATURE_KINDS)[number];

const lengths = { type: 'array', items: { type: 'integer', minimum: 1, maximum: 8 } } as const;
const unit = { type: 'number', minimum: 0, maximum: 1 } as const;

const headTraining = {
  type: 'object',
  additionalProperties: false,
  required: ['features', 'ngramBuckets', 'ngramWeight', 'ngramScope', 'wordNgrams', 'charNgrams', 'epochs', 'batchSize', 'learningRate', 'l2Grid'],
  properties: {
    features: { enum: FEATURE_KINDS },
    ngramBuckets: { type: 'integer', minimum: 1 },
    ngramWeight: { type: 'number', minimum: 0, description: 'weight of the unit-norm n-gram block next to the unit-norm embedding' },
    ngramScope: { enum: NGRAM_SCOPES, description: 'wanted: n-grams skip the part of a query it rules out ("X, not Y")' },
    wordNgrams: { ...lengths, description: 'word n-gram lengths hashed into the n-gram block (empty: none)' },
    charNgrams: { ...lengths, description: 'character n-gram lengths hashed into the n-gram block (empty: none)' },
    epochs: { type: 'integer', minimum: 1 },
    batchSize: { type: 'integer', minimum: 1 },
    learningRate: { type: 'number', exclusiveMinimum: 0 },
    l2Grid: { type: 'array', minItems: 1, items: { type: 'number', minimum: 0 }, description: 'L2 penalties tried; the best on held-out rows wins per head' },
  },
} as const;

const featureCandidate = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'features', 'ngramWeight', 'wordNgrams', 'charNgrams'],
  properties: {
    name: { type: 'string', minLength: 1 },
    features: headTraining.properties.features,
    ngramBuckets: { ...headTraining.properties.ngramBuckets, description: 'hash buckets of the n-gram block (default: intent.ngramBuckets)' },
    ngramWeight: headTraining.properties.ngramWeight,
    wordNgrams: headTraining.properties.wordNgrams,
    charNgrams: headTraining.properties.charNgrams,
  },
} as const;

export const TRAINING_CONFIG_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  required: ['seed', 'intent', 'intentSelection', 'intentTypePrior', 'intentBagging', 'adContent', 'adContentResolver', 'targetPrecision', 'thresholdFloor'],
  properties: {
    seed: { type: 'integer' },
    intent: { ...headTraining, description: 'intent heads: the features here are the default; intentSelection picks the ones trained' },
    intentSelection: {
      type: 'object',
      additionalProperties: false,
      required: ['candidates', 'comparisonL2', 'l2Tolerance'],
      properties: {
        candidates: { type: 'array', minItems: 1, items: featureCandidate, description: 'feature sets compared by topic-held-out macro-F1 on the selection split' },
        comparisonL2: { type: 'number', minimum: 0, description: 'L2 used while comparing feature sets; the chosen set then tries every value of intent.l2Grid' },
        l2Tolerance: {
          type: 'number',
          minimum: 0,
          description: "L2 values within this macro-F1 of a head's best count as tied; of those, the one with the lowest held-out NLL wins (0: macro-F1 alone)",
        },
      },
    },
    intentTypePrior: {
      type: 'object',
      additionalProperties: false,
      required: ['weights', 'smoothing', 'subtypeConditions', 'phaseConditions', 'tolerance'],
      description: 'the type prior of intent_subtype and decision_phase (shared/heads/type-prior.ts), weight and condition chosen per head on the selection split',
      properties: {
        weights: { type: 'array', minItems: 1, items: { type: 'number', minimum: 0 }, description: "weights of log P(label | condition) tried (0: no prior)" },
        smoothing: { type: 'number', minimum: 0, description: 'pseudo-rows per condition spread over the labels, so no pairing is ruled out' },
        subtypeConditions: {
          type: 'array',
          minItems: 1,
          items: { enum: ['type', 'type_decoded'] },
          description: "what intent_subtype's prior is conditioned on, each tried: the intent_type mixed under p(type), or the served intent_type alone",
        },
        phaseConditions: {
          type: 'array',
          minItems: 1,
          items: { enum: ['type', 'type_subtype', 'type_subtype_decoded'] },
          description: "what decision_phase's prior is conditioned on, each tried: the intent_type, the (intent_type, intent_subtype) pairs mixed, or the served pair alone",
        },
        tolerance: {
          type: 'number',
          minimum: 0,
          description: "settings within this macro-F1 of a head's best count as tied; of those, the one with the lowest held-out NLL wins (0: macro-F1 alone)",
        },
      },
    },
    intentBagging: {
      type: 'object',
      additionalProperties: false,
      required: ['members'],
      description: 'the served intent heads are the mean of `members` fits, each on train + selection without one fold of topics (training/bag-intent-heads.ts); 1: one fit on every row',
      properties: { members: { type: 'integer', minimum: 1 } },
    },
    adContent: headTraining,
    adContentResolver: {
      type: 'object',
      additionalProperties: false,
      required: ['indexWeights', 'lexicalWeights', 'lexicalGates', 'tier1HeadWeights', 'walkUpThresholds'],
      description: 'the ad_content resolver grid searched on the ad_content calibration split (every combination, with node-first and tier-first decoding)',
      properties: {
        indexWeights: { type: 'array', minItems: 1, items: unit, description: 'share of the taxonomy index in the mixture with the classifier' },
        lexicalWeights: { type: 'array', minItems: 1, items: { type: 'number', minimum: 0 }, description: 'weight of label-word agreement in the rerank (0: no rerank)' },
        lexicalGates: { type: 'array', minItems: 1, items: unit, description: "a candidate gets lexical credit only at this share of the top candidate's probability" },
        tier1HeadWeights: { type: 'array', minItems: 1, items: { type: 'number', minimum: 0 }, description: "exponent of the tier-1 head's probability beside the classifier's tier-1 mass in tier-first decoding (0: not used)" },
        walkUpThresholds: { type: 'array', minItems: 1, items: unit, description: 'mass a node on the winner lineage needs to be chosen over its ancestors' },
      },
    },
    targetPrecision: {
      type: 'object',
      additionalProperties: false,
      required: ['intent_type', 'intent_subtype', 'decision_phase', 'ad_content'],
      description: 'target precision (accepted accuracy) per head when picking its confidence threshold',
      properties: { intent_type: unit, intent_subtype: unit, decision_phase: unit, ad_content: unit },
    },
    thresholdFloor: unit,
  },
} as const;

export type TrainingConfig = FromSchema<typeof TRAINING_CONFIG_SCHEMA>;
export type HeadTrainingConfig = TrainingConfig['intent'];
export type IntentSelectionConfig = TrainingConfig['intentSelection'];
/** One feature set the intent selection compares (the rest of the head config is shared). */
export type FeatureCandidate = IntentSelectionConfig['candidates'][number];
export type ResolverGridConfig = TrainingConfig['adContentResolver'];
export type TypePriorConfig = TrainingConfig['intentTypePrior'];
export type IntentBaggingConfig = TrainingConfig['intentBagging'];

export const DEFAULT_TRAINING_CONFIG: TrainingConfig = {
  seed: 20261121,
  intent: { features: 'embedding+ngrams', ngramBuckets: 4096, ngramWeight: 1, ngramScope: 'query', wordNgrams: [1, 2], charNgrams: [3, 4, 5], epochs: 15, batchSize: 256, learningRate: 0.01, l2Grid: [3e-7, 1e-6, 3e-6] },
  intentSelection: {
    candidates: [
      { name: 'embedding', features: 'embedding', ngramWeight: 0, wordNgrams: [], charNgrams: [] },
      { name: 'embedding+word', features: 'embedding+ngrams', ngramWeight: 1, wordNgrams: [1, 2], charNgrams: [] },
      { name: 'embedding+char', features: 'embedding+ngrams', ngramWeight: 1, wordNgrams: [], charNgrams: [3, 4, 5] },
      { name: 'embedding+word+char x1', features: 'embedding+ngrams', ngramWeight: 1, wordNgrams: [1, 2], charNgrams: [3, 4, 5] },
      { name: 'embedding+word+char x2', features: 'embedding+ngrams', ngramWeight: 2, wordNgrams: [1, 2], charNgrams: [3, 4, 5] },
      { name: 'embedding+word 1-3+char x2, 32768 buckets', features: 'embedding+ngrams', ngramBuckets: 32768, ngramWeight: 2, wordNgrams: [1, 2, 3], charNgrams: [3, 4, 5] },
    ],
    comparisonL2: 3e-6,
    l2Tolerance: 0.002,
  },
  intentTypePrior: { weights: [0, 0.5, 1, 2, 4], smoothing: 1, subtypeConditions: ['type', 'type_decoded'], phaseConditions: ['type', 'type_subtype', 'type_subtype_decoded'], tolerance: 0.005 },
  intentBagging: { members: 4 },
  adContent: { features: 'embedding+ngrams', ngramBuckets: 4096, ngramWeight: 2, ngramScope: 'wanted', wordNgrams: [1, 2], charNgrams: [3, 4, 5], epochs: 16, batchSize: 256, learningRate: 0.01, l2Grid: [1e-6] },
  adContentResolver: { indexWeights: [0, 0.15, 0.3], lexicalWeights: [0, 0.05, 0.1, 0.2], lexicalGates: [0, 0.25, 0.5], tier1HeadWeights: [0, 0.25, 0.5, 0.75, 1], walkUpThresholds: [0, 0.1, 0.2, 0.35, 0.5] },
  targetPrecision: { intent_type: 0.95, intent_subtype: 0.95, decision_phase: 0.95, ad_content: 0.7 },
  thresholdFloor: 0.2,
};
