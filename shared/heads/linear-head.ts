/**
 * A linear softmax head: logits = x W + b with W stored input-major ([inputDim, classes]).
 * predictProba is the served score; predict is always its argmax.
 */
import type { QueryFeatures } from '../features/feature-set.js';
import { argmax, softmaxRow } from '../math/softmax.js';

export interface LinearHead {
  labels: readonly string[];
  inputDim: number;
  /** Row-major [inputDim, labels.length]. */
  weights: Float32Array;
  bias: Float32Array;
}

/** The dense (embedding) block of W transposed to [classes, dim]: contiguous dot products are ~3x faster. */
const classMajorCache = new WeakMap<LinearHead, { dim: number; weights: Float32Array }>();

export function classMajorDense(head: LinearHead, dim: number): Float32Array {
  const cached = classMajorCache.get(head);
  if (cached?.dim === dim) return cached.weights;
  const classes = head.labels.length;
  const weights = new Float32Array(classes * dim);
  for (let i = 0; i < dim; i++) for (let k = 0; k < classes; k++) weights[k * dim + i] = head.weights[i * classes + k] as number;
  classMajorCache.set(head, { dim, weights });
  return weights;
}

export function headLogits(head: LinearHead, features: QueryFeatures): Float64Array {
  const classes = head.labels.length;
  const logits = Float64Array.from(head.bias);
  const { embedding } = features;
  const dim = embedding.length;
  const dense = classMajorDense(head, dim);
  for (let k = 0; k < classes; k++) {
    let a = 0;
    let b = 0;
    const offset = k * dim;
    let i = 0;
    for (; i + 1 < dim; i += 2) {
      a += (embedding[i] as number) * (dense[offset + i] as number);
      b += (embedding[i + 1] as number) * (dense[offset + i + 1] as number);
    }
    if (i < dim) a += (embedding[i] as number) * (dense[offset + i] as number);
    logits[k] = (logits[k] as number) + a + b;
  }
  addSparseLogits(head, features, logits);
  return logits;
}

/** Add the n-gram block's contribution (input-major rows of W, one per non-zero bucket) to `logits`. */
export function addSparseLogits(head: LinearHead, features: QueryFeatures, logits: Float64Array): void {
  const classes = head.labels.length;
  const { weights } = head;
  const { embedding, ngrams } = features;
  const ngramOffset = embedding.length;
  for (let j = 0; j < ngrams.indices.length; j++) {
    const x = ngrams.values[j] as number;
    const start = (ngramOffset + (ngrams.indices[j] as number)) * classes;
    // A view of the row: V8 then hoists the bounds check out of the inner loop (about 2x faster at 722 classes).
    const row = weights.subarray(start, start + classes);
    for (let k = 0; k < classes; k++) logits[k] = (logits[k] as number) + x * (row[k] as number);
  }
}

export function predictProba(head: LinearHead, features: QueryFeatures): Float64Array {
  return softmaxRow(headLogits(head, features));
}

export function predict(head: LinearHead, features: QueryFeatures): string {
  return head.labels[argmax(predictProba(head, features))] as string;
}
