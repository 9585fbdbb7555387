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

/** The objective in float64 on the densified matrix, written out plainly: the reference for the hand-written gradients. */
function referenceObjective(head: HeadTargets, l2: number): (w: Float64Array, b: Float64Array) => number {
  const width = matrix.denseDim + matrix.sparseDim;
  const xs = rows.map((r) => {
    const row = new Float64Array(width);
    for (let d = 0; d < 3; d++) row[d] = dense[r * 3 + d] as number;
    for (const [c, v] of sparseRows[r] ?? []) row[3 + c] = v;
    return row;
  });
  const classes = head.labels.length;
  const weightsOf = classWeights(head.targets, classes, true);
  const labelled = [...head.targets].filter((t) => t >= 0).length;
  return (w, b) => {
    let loss = 0;
    xs.forEach((x, i) => {
      const target = head.targets[i] as number;
      if (target < 0) return;
      const logits = Array.from({ length: classes }, (_, k) => x.reduce((sum, value, d) => sum + value * (w[d * classes + k] as number), b[k] as number));
      const max = Math.max(...logits);
      const logSumExp = max + Math.log(logits.reduce((sum, z) => sum + Math.exp(z - max), 0));
      loss += (weightsOf[target] as number) * (logSumExp - (logits[target] as number));
    });
    return loss / labelled + l2 * w.reduce((sum, v) => sum + v * v, 0);
  };
}

/** Central differences of `f` at `point`, one coordinate at a time. */
function numericGradient(f: (point: Float64Array) => number, point: Float64Array, step = 1e-6): Float64Array {
  return point.map((value, i) => {
    const shifted = Float64Array.from(point);
    shifted[i] = value + step;
    const up = f(shifted);
    shifted[i] = value - step;
    return (up - f(shifted)) / (2 * step);
  });
}

describe('headGradients', () => {
  it.each(heads)('matches central differences of the objective at a non-zero point (head $name: dense and sparse blocks, masked rows)', async (head) => {
    const classes = head.labels.length;
    const weights = Float32Array.from({ length: 8 * classes }, (_, i) => Math.sin(i + 1) * 0.5);
    const bias = Float32Array.from({ length: classes }, (_, i) => Math.cos(i) * 0.3);
    const batch = batchDense(matrix, rows);
    const ours = await headGradients(matrix, rows, batch, head, { weights, bias, classWeights: classWeights(head.targets, classes, true) }, 0.01);
    const objective = referenceObjective(head, 0.01);
    const w = Float64Array.from(weights);
    const b = Float64Array.from(bias);
    expect(ours.loss).toBeCloseTo(objective(w, b), 5);
    const expectedWeights = numericGradient((point) => objective(point, b), w);
    ours.weights.forEach((g, i) => expect(g).toBeCloseTo(expectedWeights[i] as number, 5));
    const expectedBias = numericGradient((point) => objective(w, point), b);
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

  it("gives a head the same bits whichever heads share its fit (what fitting each head only at its own L2 relies on)", async () => {
    const [together, alone] = [await fitLinearHeads(matrix, heads, options), await fitLinearHeads(matrix, [heads[1]!], options)];
    expect([...alone[0]!.weights]).toEqual([...together[1]!.weights]);
    expect([...alone[0]!.bias]).toEqual([...together[1]!.bias]);
  });

  it('gives the same weights on a rerun', async () => {
    const [first, second] = [await fitLinearHeads(matrix, heads, options), await fitLinearHeads(matrix, heads, options)];
    expect(first.map((h) => [...h.weights])).toEqual(second.map((h) => [...h.weights]));
  });
});
