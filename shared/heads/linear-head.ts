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

export function headLogits(head: LinearHead, features: QueryFeatures): Float64Array {
  const classes = head.labels.length;
  const logits = Float64Array.from(head.bias);
  const { embedding, ngrams } = features;
  for (let i = 0; i < embedding.length; i++) {
    const x = embedding[i] as number;
    if (x === 0) continue;
    const row = i * classes;
    for (let k = 0; k < classes; k++) logits[k] = (logits[k] as number) + x * (head.weights[row + k] as number);
  }
  const ngramOffset = embedding.length;
  for (let j = 0; j < ngrams.indices.length; j++) {
    const x = ngrams.values[j] as number;
    const row = (ngramOffset + (ngrams.indices[j] as number)) * classes;
    for (let k = 0; k < classes; k++) logits[k] = (logits[k] as number) + x * (head.weights[row + k] as number);
  }
  return logits;
}

export function predictProba(head: LinearHead, features: QueryFeatures): Float64Array {
  return softmaxRow(headLogits(head, features));
}

export function predict(head: LinearHead, features: QueryFeatures): string {
  return head.labels[argmax(predictProba(head, features))] as string;
}
