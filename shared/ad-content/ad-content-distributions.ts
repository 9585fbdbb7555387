/**
 * The parameter-free part of ad_content scoring for labelled rows: the classifier's probabilities,
 * the index distribution and the rerank's words of each text, computed once so that resolver fitting
 * and the ablation can try many parameter sets cheaply.
 */
import { classifierDistribution, classifierFeatures, indexDistribution, queryWords, tier1HeadDistribution, type AdContentModel, type QueryWords } from './resolve-ad-content.js';
import { splitContrast } from '../features/contrast.js';

export interface ResolverRows {
  texts: readonly string[];
  embeddings: readonly Float32Array[];
  goldIds: readonly string[];
}

export interface RowDistributions {
  words: QueryWords;
  classifier: Float64Array;
  index: Float64Array;
  /** The tier-1 head's distribution, when the model has the head. */
  tier1: Float64Array | undefined;
}

export function rowDistributions(model: AdContentModel, rows: Pick<ResolverRows, 'texts' | 'embeddings'>): RowDistributions[] {
  return rows.texts.map((text, i) => {
    const embedding = rows.embeddings[i] as Float32Array;
    const contrast = splitContrast(text);
    const features = classifierFeatures(model, text, embedding, contrast);
    return {
      words: queryWords(contrast),
      classifier: classifierDistribution(model, text, embedding, contrast, features),
      index: indexDistribution(model.index, embedding, model.params.indexTemperature),
      tier1: tier1HeadDistribution(model, text, embedding, contrast, features),
    };
  });
}

/**
 * The n-gram ablation of `distributions` (rowDistributions of the same rows): the classifier's
 * probabilities from its embedding block alone; words, index and tier-1 head as they were.
 */
export function withoutNgramClassifier(model: AdContentModel, rows: Pick<ResolverRows, 'texts' | 'embeddings'>, distributions: readonly RowDistributions[]): RowDistributions[] {
  const ablated = { ...model, classifier: { ...model.classifier, featureSet: { kind: 'embedding' as const } } };
  return distributions.map((d, i) => ({ ...d, classifier: classifierDistribution(ablated, rows.texts[i] as string, rows.embeddings[i] as Float32Array) }));
}
