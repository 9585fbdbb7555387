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
  /** Reused for every step's weight gradients. */
  gradients: Float32Array;
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
 * non-zeros a row, so its products are loops over them (hot loops: plain indexed loops over locals,
 * which V8 compiles several times faster than the same work in per-row closures). `into`, when
 * given, receives the weight gradients instead of a new array (the ad_content head's is 15 MB a step).
 */
export async function headGradients(
  matrix: DesignMatrix,
  rows: readonly number[],
  dense: { xs: tf.Tensor2D; xsT: tf.Tensor2D },
  head: HeadTargets,
  params: { weights: Float32Array; bias: Float32Array; classWeights: Float32Array },
  l2: number,
  into?: Float32Array,
): Promise<HeadGradients> {
  const classes = head.labels.length;
  const { denseDim } = matrix;
  const { weights, bias } = params;
  const denseWeights = tf.tensor2d(weights.subarray(0, denseDim * classes), [denseDim, classes]);
  const logitsTensor = tf.matMul(dense.xs, denseWeights);
  const logits = (await logitsTensor.data()) as Float32Array;
  tf.dispose([denseWeights, logitsTensor]);
  sparseProducts('forward', rows, matrix, classes, weights, logits);

  let labelled = 0;
  for (const row of rows) if ((head.targets[row] as number) >= 0) labelled += 1;
  const denominator = Math.max(labelled, 1);
  const gradLogits = new Float32Array(rows.length * classes);
  let loss = 0;
  for (let i = 0; i < rows.length; i++) {
    const target = head.targets[rows[i] as number] as number;
    if (target < 0) continue;
    const base = i * classes;
    let max = -Infinity;
    for (let c = 0; c < classes; c++) max = Math.max(max, (logits[base + c] as number) + (bias[c] as number));
    let sum = 0;
    for (let c = 0; c < classes; c++) sum += Math.exp((logits[base + c] as number) + (bias[c] as number) - max);
    const rowWeight = (params.classWeights[target] as number) / denominator;
    loss -= rowWeight * ((logits[base + target] as number) + (bias[target] as number) - max - Math.log(sum));
    for (let c = 0; c < classes; c++) {
      const p = Math.exp((logits[base + c] as number) + (bias[c] as number) - max) / sum;
      gradLogits[base + c] = rowWeight * (p - (c === target ? 1 : 0));
    }
  }

  const gradTensor = tf.tensor2d(gradLogits, [rows.length, classes]);
  const denseGradTensor = tf.matMul(dense.xsT, gradTensor);
  const weightGrads = into ?? new Float32Array(weights.length);
  const denseGrads = (await denseGradTensor.data()) as Float32Array;
  weightGrads.set(denseGrads);
  weightGrads.fill(0, denseGrads.length);
  tf.dispose([gradTensor, denseGradTensor]);
  sparseProducts('backward', rows, matrix, classes, weightGrads, gradLogits);
  let penalty = 0;
  const decay = 2 * l2;
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i] as number;
    penalty += w * w;
    weightGrads[i] = (weightGrads[i] as number) + decay * w;
  }
  const biasGrads = new Float32Array(classes);
  for (let i = 0; i < rows.length; i++) for (let c = 0; c < classes; c++) biasGrads[c] = (biasGrads[c] as number) + (gradLogits[i * classes + c] as number);
  return { loss: loss + l2 * penalty, weights: weightGrads, bias: biasGrads };
}

/** y[yAt..yAt+n) += a * x[xAt..xAt+n), unrolled by four (the innermost loop of both sparse products). */
function axpy(a: number, x: Float32Array, xAt: number, y: Float32Array, yAt: number, n: number): void {
  let c = 0;
  for (; c + 3 < n; c += 4) {
    y[yAt + c] = (y[yAt + c] as number) + a * (x[xAt + c] as number);
    y[yAt + c + 1] = (y[yAt + c + 1] as number) + a * (x[xAt + c + 1] as number);
    y[yAt + c + 2] = (y[yAt + c + 2] as number) + a * (x[xAt + c + 2] as number);
    y[yAt + c + 3] = (y[yAt + c + 3] as number) + a * (x[xAt + c + 3] as number);
  }
  for (; c < n; c++) y[yAt + c] = (y[yAt + c] as number) + a * (x[xAt + c] as number);
}

/**
 * The sparse block's two products over one batch (row i of the batch is design-matrix row rows[i]):
 * 'forward' adds x_i(sparse) W(sparse rows) to batch[i] (logits); 'backward' adds x_i(sparse)^T batch[i]
 * (logit gradients) to the sparse rows of `weights` (weight gradients).
 */
function sparseProducts(direction: 'forward' | 'backward', rows: readonly number[], matrix: DesignMatrix, classes: number, weights: Float32Array, batch: Float32Array): void {
  const { rowStart, columns, values, denseDim } = matrix;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as number;
    const base = i * classes;
    const end = rowStart[row + 1] as number;
    for (let k = rowStart[row] as number; k < end; k++) {
      const offset = (denseDim + (columns[k] as number)) * classes;
      if (direction === 'forward') axpy(values[k] as number, weights, offset, batch, base, classes);
      else axpy(values[k] as number, batch, base, weights, offset, classes);
    }
  }
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
    gradients: new Float32Array(inputDim * head.labels.length),
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
        const gradients = await headGradients(matrix, rows, dense, head, state, options.l2, state.gradients);
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
