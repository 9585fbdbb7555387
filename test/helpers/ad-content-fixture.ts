/** An identity ad_content classifier over a fixture taxonomy: the logit of node k is `scale * embedding[k]`. */
import type { LoadedHead, TaxonomyIndex } from '../../shared/artifacts/load-artifacts.js';
import type { Taxonomy } from '../../shared/taxonomy/taxonomy.js';

export function identityAdContentParts(taxonomy: Taxonomy, options: { scale?: number; indexVectors?: 'identity' | 'zero' } = {}): { classifier: LoadedHead; index: TaxonomyIndex } {
  const ids = taxonomy.nodes.map((n) => n.id);
  const dim = ids.length;
  const identity = (value: number) => {
    const matrix = new Float32Array(dim * dim);
    for (let k = 0; k < dim; k++) matrix[k * dim + k] = value;
    return matrix;
  };
  const classifier: LoadedHead = {
    head: { labels: ids, inputDim: dim, weights: identity(options.scale ?? 10), bias: new Float32Array(dim) },
    featureSet: { kind: 'embedding' },
    modelPath: 'heads/ad_content.json',
    calibration: undefined,
    calibrationPath: 'calibration/ad_content.json',
  };
  const index: TaxonomyIndex = { nodeIds: ids, entryNode: Int32Array.from(ids.keys()), dim, vectors: options.indexVectors === 'identity' ? identity(1) : new Float32Array(dim * dim) };
  return { classifier, index };
}
