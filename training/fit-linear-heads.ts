/**
 * Fit linear softmax heads on a shared, frozen design matrix with @tensorflow/tfjs: masked,
 * class-balanced cross-entropy (a row may carry any subset of the heads' labels), L2 penalty,
 * Adam on seeded mini-batches from zero initial weights, so the same inputs give the same weights.
 */
import * as tf from '@tensorflow/tfjs';
import type { LinearHead } from '../shared/heads/linear-head.js';
import { Rng } from '../shared/random.js';

/**
 * Training inputs: a dense block (the embeddings, row-major [rows, denseDim]) followed by a sparse
 * block of `sparseDim` columns in CSR form (the hashed n-grams; empty when sparseDim is 0).
 */
export interface DesignMatrix {
  rows: number;
  denseDim: number;
  dense: Float32Array;
  sparseDim: number;
  /** CSR row pointers, length rows + 1. */
  rowStart: Int32Array;
  columns: Int32Array;
  values: Float32Array;
}

export interface HeadTargets {
  name: string;
  labels: readonly string[];
  /** Label index per row, -1 where the row carries no label for this head. */
  targets: Int32Array;
}

export interface FitOptions {
  l2: number;
  epochs: number;
  batchSize: number;
  learningRate: number;
  seed: number;
  classBalanced: boolean;
  onEpoch?: (epoch: number, loss: number) => void;
}

/** Per-class weights n / (C * n_c), so every label contributes equally to the loss. */
export function classWeights(targets: Int32Array, classes: number, balanced: boolean): Float32Array {
  const counts = new Float64Array(classes);
  let total = 0;
  for (const t of targets) if (t >= 0) {
    counts[t] = (counts[t] as number) + 1;
    total += 1;
  }
  return Float32Array.from(counts, (c) => (!balanced ? 1 : c > 0 ? total / (classes * c) : 0));
}

/**
 * One mini-batch as a dense [batch, denseDim + sparseDim] tensor. The n-gram block is densified per
 * batch: tfjs's wasm backend has no UnsortedSegmentSum (the gradient of gather), and its dense matmul
 * beats the cpu backend's sparse ops by far.
 */
function batchTensor(matrix: DesignMatrix, indices: readonly number[]): tf.Tensor2D {
  const width = matrix.denseDim + matrix.sparseDim;
  const data = new Float32Array(indices.length * width);
  indices.forEach((row, i) => {
    data.set(matrix.dense.subarray(row * matrix.denseDim, (row + 1) * matrix.denseDim), i * width);
    for (let k = matrix.rowStart[row] as number; k < (matrix.rowStart[row + 1] as number); k++) {
      data[i * width + matrix.denseDim + (matrix.columns[k] as number)] = matrix.values[k] as number;
    }
  });
  return tf.tensor2d(data, [indices.length, width]);
}

export async function fitLinearHeads(matrix: DesignMatrix, heads: readonly HeadTargets[], options: FitOptions): Promise<LinearHead[]> {
  const rng = new Rng(options.seed);
  const variables = heads.map((head) => ({
    weights: tf.variable(tf.zeros([matrix.denseDim + matrix.sparseDim, head.labels.length]), true, `${head.name}_w`),
    bias: tf.variable(tf.zeros([head.labels.length]), true, `${head.name}_b`),
    classWeights: classWeights(head.targets, head.labels.length, options.classBalanced),
  }));
  const optimizer = tf.train.adam(options.learningRate);
  const order = Array.from({ length: matrix.rows }, (_, i) => i);

  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const shuffled = rng.shuffle(order);
    let epochLoss = 0;
    for (let start = 0; start < shuffled.length; start += options.batchSize) {
      const batch = shuffled.slice(start, start + options.batchSize);
      const xs = batchTensor(matrix, batch);
      const perHead = heads.map((head, h) => {
        const targets = batch.map((row) => head.targets[row] as number);
        const rowWeights = targets.map((t) => (t >= 0 ? (variables[h]!.classWeights[t] as number) : 0));
        const labelled = targets.filter((t) => t >= 0).length;
        return {
          oneHot: tf.tidy(() => tf.oneHot(tf.tensor1d(targets.map((t) => Math.max(t, 0)), 'int32'), head.labels.length)),
          rowWeights: tf.tensor1d(rowWeights),
          denominator: Math.max(labelled, 1),
        };
      });
      const loss = optimizer.minimize(
        () =>
          tf.tidy(() => {
            let total: tf.Scalar = tf.scalar(0);
            heads.forEach((_, h) => {
              const { weights, bias } = variables[h]!;
              const { oneHot, rowWeights, denominator } = perHead[h]!;
              const logProbs = tf.logSoftmax(xs.matMul(weights).add(bias));
              const rowLoss = oneHot.mul(logProbs).sum(1).neg().mul(rowWeights);
              const penalty = weights.square().sum().mul(options.l2);
              total = total.add(rowLoss.sum().div(denominator)).add(penalty) as tf.Scalar;
            });
            return total;
          }),
        true,
      );
      epochLoss += (await loss!.data())[0] as number;
      tf.dispose([xs, loss!, ...perHead.flatMap((p) => [p.oneHot, p.rowWeights])]);
    }
    options.onEpoch?.(epoch + 1, epochLoss / Math.ceil(shuffled.length / options.batchSize));
  }

  const fitted = await Promise.all(
    heads.map(async (head, h): Promise<LinearHead> => ({
      labels: head.labels,
      inputDim: matrix.denseDim + matrix.sparseDim,
      weights: (await variables[h]!.weights.data()) as Float32Array,
      bias: (await variables[h]!.bias.data()) as Float32Array,
    })),
  );
  optimizer.dispose();
  tf.dispose(variables.flatMap((v) => [v.weights, v.bias]));
  return fitted;
}
