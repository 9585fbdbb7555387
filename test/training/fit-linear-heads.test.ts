import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { headLogits } from '../../shared/heads/linear-head.js';
import { argmax } from '../../shared/math/softmax.js';
import { batchDense, classWeights, fitLinearHeads, headGradients, type DesignMatrix, type HeadTargets } from '../../training/fit-linear-heads.js';

// 6 rows: 3 dense columns and a 5-column sparse block in CSR form.
const dense = Float32Array.from([0.5, -0.2, 0.1, 0.3, 0.8, -0.5, -0.7, 0.1, 0.4, 0.2, 0.2, 0.9, -0.1, -0.6, 0.3, 0.6, 0.0, -0.3]);
const sparseRows: Array<Array<[number, number]>> = [[[0, 0.6], [3, -0.8]], [[1, 1]], [], [[2, 0.5], [4, 0.5], [0, -0.7]], [[4, 1]], [[1, 0.3], [3, 0.9]]];
const rowStart = Int32Array.from([0, ...sparseRows.map((_, i) => sparseRows.slice(0, i + 1).flat().length)]);
const matrix: DesignMatrix = {
  rows: 6,
  denseDim: 3,
  dense,
  sparseDim: 5,
  rowStart,
  columns: Int32Array.from(sparseRows.flat().map(([c]) => c)),
  values: Float32Array.from(sparseRows.flat().map(([, v]) => v)),
};
const heads: HeadTargets[] = [
  { name: 'a', labels: ['x', 'y', 'z'], targets: Int32Array.from([0, 1, 2, 0, 1, 1]) },
  { name: 'b', labels: ['p', 'q'], targets: Int32Array.from([1, -1, 0, -1, 1, 0]) },
];
const options = { l2: 0.01, epochs: 2, batchSize: 4, learningRate: 0.05, seed: 7, classBalanced: true };
const rows = [0, 1, 2, 3, 4, 5];

/** The objective written with tfjs autodiff on the densified matrix: the reference for the hand-written gradients. */
function autodiffObjective(head: HeadTargets, l2: number): (w: tf.Tensor, b: tf.Tensor) => tf.Scalar {
  const width = matrix.denseDim + matrix.sparseDim;
  const xs = tf.tensor2d(
    rows.map((r) => {
      const row = new Array<number>(width).fill(0);
      for (let d = 0; d < 3; d++) row[d] = dense[r * 3 + d] as number;
      for (const [c, v] of sparseRows[r] ?? []) row[3 + c] = v;
      return row;
    }),
  );
  const weightsOf = classWeights(head.targets, head.labels.length, true);
  const targets = [...head.targets];
  const rowWeights = tf.tensor1d(targets.map((t) => (t >= 0 ? (weightsOf[t] as number) : 0)));
  const oneHot = tf.oneHot(tf.tensor1d(targets.map((t) => Math.max(t, 0)), 'int32'), head.labels.length);
  const labelled = targets.filter((t) => t >= 0).length;
  return (w, b) => {
    const logProbs = tf.logSoftmax(xs.matMul(w as tf.Tensor2D).add(b));
    const rowLoss = oneHot.mul(logProbs).sum(1).neg().mul(rowWeights);
    return rowLoss.sum().div(labelled).add(w.square().sum().mul(l2)) as tf.Scalar;
  };
}

describe('headGradients', () => {
  it.each(heads)('matches tfjs autodiff at a non-zero point (head $name: dense and sparse blocks, masked rows)', async (head) => {
    const classes = head.labels.length;
    const weights = Float32Array.from({ length: 8 * classes }, (_, i) => Math.sin(i + 1) * 0.5);
    const bias = Float32Array.from({ length: classes }, (_, i) => Math.cos(i) * 0.3);
    const batch = batchDense(matrix, rows);
    const ours = await headGradients(matrix, rows, batch, head, { weights, bias, classWeights: classWeights(head.targets, classes, true) }, 0.01);
    const objective = autodiffObjective(head, 0.01);
    const w = tf.tensor2d(weights, [8, classes]);
    const b = tf.tensor1d(bias);
    const [gw, gb] = tf.grads(objective)([w, b]);
    expect(ours.loss).toBeCloseTo((await objective(w, b).data())[0] as number, 5);
    const expectedWeights = (await gw!.data()) as Float32Array;
    ours.weights.forEach((g, i) => expect(g).toBeCloseTo(expectedWeights[i] as number, 5));
    const expectedBias = (await gb!.data()) as Float32Array;
    ours.bias.forEach((g, i) => expect(g).toBeCloseTo(expectedBias[i] as number, 5));
  });
});

describe('fitLinearHeads', () => {
  it('lowers the objective and fits the training rows', async () => {
    const losses: number[] = [];
    const fitted = await fitLinearHeads(matrix, heads, { ...options, l2: 1e-4, epochs: 100, learningRate: 0.1, onEpoch: (_, loss) => losses.push(loss) });
    expect(losses.at(-1)).toBeLessThan((losses[0] as number) / 4);
    const head = fitted[0]!;
    expect(head.inputDim).toBe(8);
    const predicted = rows.map((r) => {
      const features = {
        embedding: dense.subarray(r * 3, r * 3 + 3),
        ngrams: { indices: Int32Array.from((sparseRows[r] ?? []).map(([c]) => c)), values: Float32Array.from((sparseRows[r] ?? []).map(([, v]) => v)) },
      };
      return argmax(headLogits(head, features));
    });
    expect(predicted).toEqual([...(heads[0]!.targets)]);
  });

  it('gives the same weights on a rerun', async () => {
    const [first, second] = [await fitLinearHeads(matrix, heads, options), await fitLinearHeads(matrix, heads, options)];
    expect(first.map((h) => [...h.weights])).toEqual(second.map((h) => [...h.weights]));
  });
});
