/**
 * Fit linear softmax heads on a shared, frozen design matrix: masked, class-balanced cross-entropy
 * (a row may carry any subset of the heads' labels), L2 penalty, Adam on seeded mini-batches from
 * zero initial weights, so the same inputs give the same weights. Gradients are written out by hand
 * (the loss is a linear softmax): dense products on @tensorflow/tfjs, sparse ones as loops over the
 * non-zeros, since tfjs-wasm lacks the op sparse gradients need and densifying the n-gram block made
 * every step a [batch, 4608] x [4608, classes] product.
 */
import * as tf from '../shared/tfjs.js';
import type { LinearHead } from '../shared/heads/linear-head.js';
import { Rng } from '../shared/random.js';
import { Adam } from './adam.js';

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

/** One mini-batch's dense block, row-major and transposed (tfjs-wasm's matMul with a transposed operand is far slower). */
export function batchDense(matrix: DesignMatrix, rows: readonly number[]): { xs: tf.Tensor2D; xsT: tf.Tensor2D } {
  const { denseDim } = matrix;
  const data = new Float32Array(rows.length * denseDim);
  const transposed = new Float32Array(rows.length * denseDim);
  rows.forEach((row, i) => {
    for (let d = 0; d < denseDim; d++) {
      const value = matrix.dense[row * denseDim + d] as number;
      data[i * denseDim + d] = value;
      transposed[d * rows.length + i] = value;
    }
  });
  return { xs: tf.tensor2d(data, [rows.length, denseDim]), xsT: tf.tensor2d(transposed, [denseDim, rows.length]) };
}

interface HeadState {
  /** Input-major [denseDim + sparseDim, classes], the LinearHead layout. */
  weights: Float32Array;
  bias: Float32Array;
  classWeights: Float32Array;
  weightOptimizer: Adam;
  biasOptimizer: Adam;
}

/** The batch objective and its gradients for one head at its current weights. */
export interface HeadGradients {
  loss: number;
  weights: Float32Array;
  bias: Float32Array;
}

/**
 * The masked, class-weighted cross-entropy over one mini-batch's labelled rows plus the L2 penalty,
 * and its gradients. The dense block's products run on tfjs; the sparse n-gram block is a few dozen
 * non-zeros a row, so its products are loops over them.
 */
export async function headGradients(
  matrix: DesignMatrix,
  rows: readonly number[],
  dense: { xs: tf.Tensor2D; xsT: tf.Tensor2D },
  head: HeadTargets,
  params: { weights: Float32Array; bias: Float32Array; classWeights: Float32Array },
  l2: number,
): Promise<HeadGradients> {
  const classes = head.labels.length;
  const { denseDim } = matrix;
  const { weights, bias } = params;
  const denseWeights = tf.tensor2d(weights.subarray(0, denseDim * classes), [denseDim, classes]);
  const logitsTensor = tf.matMul(dense.xs, denseWeights);
  const logits = (await logitsTensor.data()) as Float32Array;
  tf.dispose([denseWeights, logitsTensor]);

  const targets = rows.map((row) => head.targets[row] as number);
  const denominator = Math.max(targets.filter((t) => t >= 0).length, 1);
  const gradLogits = new Float32Array(rows.length * classes);
  let loss = 0;
  rows.forEach((row, i) => {
    const out = logits.subarray(i * classes, (i + 1) * classes);
    for (let k = matrix.rowStart[row] as number; k < (matrix.rowStart[row + 1] as number); k++) {
      const value = matrix.values[k] as number;
      const offset = (denseDim + (matrix.columns[k] as number)) * classes;
      for (let c = 0; c < classes; c++) out[c] = (out[c] as number) + value * (weights[offset + c] as number);
    }
    const target = targets[i] as number;
    if (target < 0) return;
    let max = -Infinity;
    for (let c = 0; c < classes; c++) max = Math.max(max, (out[c] as number) + (bias[c] as number));
    let sum = 0;
    for (let c = 0; c < classes; c++) sum += Math.exp((out[c] as number) + (bias[c] as number) - max);
    const rowWeight = (params.classWeights[target] as number) / denominator;
    loss -= rowWeight * ((out[target] as number) + (bias[target] as number) - max - Math.log(sum));
    for (let c = 0; c < classes; c++) {
      const p = Math.exp((out[c] as number) + (bias[c] as number) - max) / sum;
      gradLogits[i * classes + c] = rowWeight * (p - (c === target ? 1 : 0));
    }
  });

  const gradTensor = tf.tensor2d(gradLogits, [rows.length, classes]);
  const denseGradTensor = tf.matMul(dense.xsT, gradTensor);
  const weightGrads = new Float32Array(weights.length);
  weightGrads.set((await denseGradTensor.data()));
  tf.dispose([gradTensor, denseGradTensor]);
  rows.forEach((row, i) => {
    const g = gradLogits.subarray(i * classes, (i + 1) * classes);
    for (let k = matrix.rowStart[row] as number; k < (matrix.rowStart[row + 1] as number); k++) {
      const value = matrix.values[k] as number;
      const offset = (denseDim + (matrix.columns[k] as number)) * classes;
      for (let c = 0; c < classes; c++) weightGrads[offset + c] = (weightGrads[offset + c] as number) + value * (g[c] as number);
    }
  });
  let penalty = 0;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] as number;
    penalty += w * w;
    weightGrads[i] = (weightGrads[i] as number) + 2 * l2 * w;
  }
  const biasGrads = new Float32Array(classes);
  for (let i = 0; i < rows.length; i++) for (let c = 0; c < classes; c++) biasGrads[c] = (biasGrads[c] as number) + (gradLogits[i * classes + c] as number);
  return { loss: loss + l2 * penalty, weights: weightGrads, bias: biasGrads };
}

export async function fitLinearHeads(matrix: DesignMatrix, heads: readonly HeadTargets[], options: FitOptions): Promise<LinearHead[]> {
  const rng = new Rng(options.seed);
  const inputDim = matrix.denseDim + matrix.sparseDim;
  const states: HeadState[] = heads.map((head) => ({
    weights: new Float32Array(inputDim * head.labels.length),
    bias: new Float32Array(head.labels.length),
    classWeights: classWeights(head.targets, head.labels.length, options.classBalanced),
    weightOptimizer: new Adam(inputDim * head.labels.length, { learningRate: options.learningRate }),
    biasOptimizer: new Adam(head.labels.length, { learningRate: options.learningRate }),
  }));
  const order = Array.from({ length: matrix.rows }, (_, i) => i);

  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const shuffled = rng.shuffle(order);
    let epochLoss = 0;
    for (let start = 0; start < shuffled.length; start += options.batchSize) {
      const rows = shuffled.slice(start, start + options.batchSize);
      const dense = batchDense(matrix, rows);
      for (const [h, head] of heads.entries()) {
        const state = states[h] as HeadState;
        const gradients = await headGradients(matrix, rows, dense, head, state, options.l2);
        state.weightOptimizer.apply(state.weights, gradients.weights);
        state.biasOptimizer.apply(state.bias, gradients.bias);
        epochLoss += gradients.loss;
      }
      tf.dispose([dense.xs, dense.xsT]);
    }
    options.onEpoch?.(epoch + 1, epochLoss / Math.ceil(shuffled.length / options.batchSize));
  }
  return heads.map((head, h) => ({ labels: head.labels, inputDim, weights: (states[h] as HeadState).weights, bias: (states[h] as HeadState).bias }));
}
