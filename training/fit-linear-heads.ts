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

/** One mini-batch's dense block, row-major and transposed (tfjs-wasm's matMul with a transposed operand is far slower; its transpose op is a plain copy). */
export function batchDense(matrix: DesignMatrix, rows: readonly number[]): { xs: tf.Tensor2D; xsT: tf.Tensor2D } {
  const { denseDim } = matrix;
  const data = new Float32Array(rows.length * denseDim);
  rows.forEach((row, i) => data.set(matrix.dense.subarray(row * denseDim, (row + 1) * denseDim), i * denseDim));
  const xs = tf.tensor2d(data, [rows.length, denseDim]);
  return { xs, xsT: tf.transpose(xs) };
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

/** One head's weights and the class weights of its loss. */
export interface HeadParams {
  weights: Float32Array;
  bias: Float32Array;
  classWeights: Float32Array;
}

/**
 * The masked, class-weighted cross-entropy over one mini-batch's labelled rows plus the L2 penalty,
 * and its gradients (the objective fitLinearHeads minimises, for checks against autodiff).
 */
export async function headGradients(matrix: DesignMatrix, rows: readonly number[], dense: { xs: tf.Tensor2D; xsT: tf.Tensor2D }, head: HeadTargets, params: HeadParams, l2: number): Promise<HeadGradients> {
  const [data] = (await batchGradients(matrix, rows, dense, [{ head, params }])) as [HeadGradients];
  let penalty = 0;
  const decay = 2 * l2;
  for (let i = 0; i < params.weights.length; i++) {
    const w = params.weights[i] as number;
    penalty += w * w;
    data.weights[i] = (data.weights[i] as number) + decay * w;
  }
  return { ...data, loss: data.loss + l2 * penalty };
}

/**
 * The masked, class-weighted cross-entropy of each head over one mini-batch's labelled rows and its
 * gradients, without the L2 penalty (fitLinearHeads adds its gradient inside the Adam step, one pass
 * over the weights instead of two). The heads' dense blocks side by side make one product each way
 * on tfjs (each output element comes out as the head's own product would give it); the sparse
 * n-gram block is a few dozen non-zeros a row, so its products are loops over them (hot loops: plain
 * indexed loops over locals, which V8 compiles several times faster than the same work in per-row
 * closures). `into`, when given, receives a head's weight gradients instead of a new array (the
 * ad_content head's is 13 MB).
 */
async function batchGradients(
  matrix: DesignMatrix,
  rows: readonly number[],
  dense: { xs: tf.Tensor2D; xsT: tf.Tensor2D },
  heads: ReadonlyArray<{ head: HeadTargets; params: HeadParams; into?: Float32Array }>,
): Promise<HeadGradients[]> {
  const { denseDim } = matrix;
  const widths = heads.map(({ head }) => head.labels.length);
  const logits = await denseProducts(dense.xs, widths, heads.map(({ params }) => params.weights));
  const softmaxes = heads.map(({ head, params }, h) => {
    const classes = widths[h] as number;
    sparseProducts('forward', rows, matrix, classes, params.weights, logits[h] as Float32Array);
    return softmaxGradients(head, rows, logits[h] as Float32Array, params);
  });
  const denseGrads = await denseProducts(dense.xsT, widths, softmaxes.map((s) => s.gradLogits));
  return heads.map(({ params, into }, h) => {
    const classes = widths[h] as number;
    const { gradLogits, loss } = softmaxes[h] as { gradLogits: Float32Array; loss: number };
    const weightGrads = into ?? new Float32Array(params.weights.length);
    weightGrads.set(denseGrads[h] as Float32Array);
    weightGrads.fill(0, denseDim * classes);
    sparseProducts('backward', rows, matrix, classes, weightGrads, gradLogits);
    const biasGrads = new Float32Array(classes);
    for (let i = 0; i < rows.length; i++) for (let c = 0; c < classes; c++) biasGrads[c] = (biasGrads[c] as number) + (gradLogits[i * classes + c] as number);
    return { loss, weights: weightGrads, bias: biasGrads };
  });
}

/**
 * left [n, k] times each head's right block (the first k rows of a row-major [*, width] matrix)
 * as one product of left with the blocks side by side; returns each head's [n, width] part.
 */
async function denseProducts(left: tf.Tensor2D, widths: readonly number[], rights: readonly Float32Array[]): Promise<Float32Array[]> {
  const [n, k] = left.shape;
  const total = widths.reduce((sum, w) => sum + w, 0);
  const joined = new Float32Array(k * total);
  let at = 0;
  widths.forEach((width, h) => {
    const right = rights[h] as Float32Array;
    for (let r = 0; r < k; r++) joined.set(right.subarray(r * width, (r + 1) * width), r * total + at);
    at += width;
  });
  const rightTensor = tf.tensor2d(joined, [k, total]);
  const product = tf.matMul(left, rightTensor);
  const flat = (await product.data()) as Float32Array;
  tf.dispose([rightTensor, product]);
  at = 0;
  return widths.map((width) => {
    const part = new Float32Array(n * width);
    for (let i = 0; i < n; i++) part.set(flat.subarray(i * total + at, i * total + at + width), i * width);
    at += width;
    return part;
  });
}

/** One head's loss over the batch's labelled rows and the loss's gradient with respect to the logits (bias added here). */
function softmaxGradients(head: HeadTargets, rows: readonly number[], logits: Float32Array, params: HeadParams): { loss: number; gradLogits: Float32Array } {
  const classes = head.labels.length;
  const { bias } = params;
  let labelled = 0;
  for (const row of rows) if ((head.targets[row] as number) >= 0) labelled += 1;
  const denominator = Math.max(labelled, 1);
  const gradLogits = new Float32Array(rows.length * classes);
  const exps = new Float64Array(classes);
  let loss = 0;
  for (let i = 0; i < rows.length; i++) {
    const target = head.targets[rows[i] as number] as number;
    if (target < 0) continue;
    const base = i * classes;
    let max = -Infinity;
    for (let c = 0; c < classes; c++) max = Math.max(max, (logits[base + c] as number) + (bias[c] as number));
    let sum = 0;
    for (let c = 0; c < classes; c++) {
      const e = Math.exp((logits[base + c] as number) + (bias[c] as number) - max);
      exps[c] = e;
      sum += e;
    }
    const rowWeight = (params.classWeights[target] as number) / denominator;
    loss -= rowWeight * ((logits[base + target] as number) + (bias[target] as number) - max - Math.log(sum));
    for (let c = 0; c < classes; c++) gradLogits[base + c] = rowWeight * ((exps[c] as number) / sum - (c === target ? 1 : 0));
  }
  return { loss, gradLogits };
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
      const gradients = await batchGradients(matrix, rows, dense, heads.map((head, h) => ({ head, params: states[h] as HeadState, into: (states[h] as HeadState).gradients })));
      gradients.forEach((g, h) => {
        const state = states[h] as HeadState;
        const penalty = state.weightOptimizer.applyDecayed(state.weights, g.weights, 2 * options.l2);
        state.biasOptimizer.apply(state.bias, g.bias);
        epochLoss += g.loss + options.l2 * penalty;
      });
      tf.dispose([dense.xs, dense.xsT]);
    }
    options.onEpoch?.(epoch + 1, epochLoss / Math.ceil(shuffled.length / options.batchSize));
  }
  return heads.map((head, h) => ({ labels: head.labels, inputDim, weights: (states[h] as HeadState).weights, bias: (states[h] as HeadState).bias }));
}
