/**
 * The features a head sees: the encoder embedding, optionally followed by hashed n-grams.
 * Layout of the input vector: [embedding (dim) | n-gram buckets (scaled by ngramWeight)].
 */
import { splitContrast, type ContrastSplit } from './contrast.js';
import type { FromSchema } from 'json-schema-to-ts';
import manifestSchema from '../../schemas/manifest.schema.js';
import { hashedNgrams, type SparseVector } from './ngram-features.js';

/**
 * How a head's input is built, as the manifest stores it (schemas/manifest.schema.ts, `featureSet`):
 * `ngrams` is present when kind is `embedding+ngrams`; `ngramWeight` weighs the unit-norm n-gram block
 * against the unit-norm embedding; `ngramScope` says which words the n-grams see: the whole query
 * (default) or only what it asks for (contrast.ts).
 */
export type FeatureSpec = FromSchema<typeof manifestSchema>['feature_sets'][string];
export type FeatureKind = FeatureSpec['kind'];

export const NGRAM_SCOPES = manifestSchema.$defs.featureSet.properties.ngramScope.enum;
export type NgramScope = (typeof NGRAM_SCOPES)[number];

/** One query's features: the dense embedding plus the sparse n-gram block (empty when unused). */
export interface QueryFeatures {
  embedding: Float32Array;
  ngrams: SparseVector;
}

const EMPTY_SPARSE: SparseVector = { indices: new Int32Array(0), values: new Float32Array(0) };

export function inputDim(spec: FeatureSpec, embeddingDim: number): number {
  return embeddingDim + (spec.kind === 'embedding+ngrams' ? (spec.ngrams?.buckets ?? 0) : 0);
}

/** `contrast`: the query's contrast split when the caller already has it (it is computed otherwise). */
export function queryFeatures(spec: FeatureSpec, text: string, embedding: Float32Array, contrast?: ContrastSplit): QueryFeatures {
  if (spec.kind !== 'embedding+ngrams' || !spec.ngrams) return { embedding, ngrams: EMPTY_SPARSE };
  const sparse = hashedNgrams(spec.ngramScope === 'wanted' ? (contrast ?? splitContrast(text)).wanted : text, spec.ngrams);
  const weight = spec.ngramWeight ?? 1;
  return { embedding, ngrams: { indices: sparse.indices, values: sparse.values.map((v) => v * weight) } };
}

/** Whether two heads build their input the same way (then one computation serves both). */
export function sameFeatureSet(a: FeatureSpec, b: FeatureSpec): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** One text's features for several heads, computed once per distinct feature set (the intent heads share one). */
export function sharedFeatures(text: string, embedding: Float32Array, contrast?: ContrastSplit): (spec: FeatureSpec) => QueryFeatures {
  const computed: Array<{ spec: FeatureSpec; features: QueryFeatures }> = [];
  return (spec) => {
    const known = computed.find((entry) => sameFeatureSet(entry.spec, spec));
    if (known) return known.features;
    const features = queryFeatures(spec, text, embedding, contrast);
    computed.push({ spec, features });
    return features;
  };
}
