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

/** `withoutNgrams`: the classifier's probabilities from its embedding block alone (the n-gram ablation). */
export function rowDistributions(model: AdContentModel, rows: Pick<ResolverRows, 'texts' | 'embeddings'>, withoutNgrams = false): RowDistributions[] {
  const classifierModel = withoutNgrams ? { ...model, classifier: { ...model.classifier, featureSet: { kind: 'embedding' as const } } } : model;
  return rows.texts.map((text, i) => {
    const embedding = rows.embeddings[i] as Float32Array;
    const contrast = splitContrast(text);
    // Features under the classifier's feature set as it is ablated: the tier-1 head reuses them only unablated.
    const features = classifierFeatures(classifierModel, text, embedding, contrast);
    return {
      words: queryWords(contrast),
      classifier: classifierDistribution(classifierModel, text, embedding, contrast, features),
      index: indexDistribution(model.index, embedding, model.params.indexTemperature),
      tier1: tier1HeadDistribution(model, text, embedding, contrast, withoutNgrams ? undefined : features),
    };
  });
}
