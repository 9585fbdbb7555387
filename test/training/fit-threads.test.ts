import { describe, expect, it } from 'vitest';
import type { DesignMatrix, HeadTargets } from '../../training/fit-linear-heads.js';
import { fitJobs, type FitJob } from '../../training/fit-threads.js';

/** A small seeded problem: 40 rows, 8 dense columns, a sparse block of 6 columns with one non-zero a row. */
function problem(): { matrix: DesignMatrix; heads: HeadTargets[] } {
  let state = 12345;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const rows = 40;
  return {
    matrix: {
      rows,
      denseDim: 8,
      dense: Float32Array.from({ length: rows * 8 }, next),
      sparseDim: 6,
      rowStart: Int32Array.from({ length: rows + 1 }, (_, i) => i),
      columns: Int32Array.from({ length: rows }, (_, i) => i % 6),
      values: Float32Array.from({ length: rows }, () => 1),
    },
    heads: [
      { name: 'a', labels: ['x', 'y', 'z'], targets: Int32Array.from({ length: rows }, (_, i) => i % 3) },
      { name: 'b', labels: ['p', 'q'], targets: Int32Array.from({ length: rows }, (_, i) => (i % 5 === 0 ? -1 : i % 2)) },
    ],
  };
}

describe('fitJobs', () => {
  it('gives every job the same weights on worker threads as in-process, in job order', async () => {
    const { matrix, heads } = problem();
    const jobs: FitJob[] = [1e-4, 1e-2, 1e-1].map((l2) => ({ label: `l2=${l2}`, matrix, heads, options: { l2, epochs: 3, batchSize: 16, learningRate: 0.05, seed: 3, classBalanced: true } }));
    const epochs: string[] = [];
    const here = await fitJobs(jobs, { threads: 1, backend: 'wasm' });
    const threaded = await fitJobs(jobs, { threads: 2, backend: 'wasm', onEpoch: (job, epoch) => epochs.push(`${job}:${epoch}`) });
    expect(threaded).toHaveLength(3);
    threaded.forEach((fitted, j) =>
      fitted.forEach((head, h) => {
        expect(Array.from(head.weights)).toEqual(Array.from((here[j] as typeof fitted)[h]!.weights));
        expect(Array.from(head.bias)).toEqual(Array.from((here[j] as typeof fitted)[h]!.bias));
      }),
    );
    // Different L2s give different weights, so the order check above is not vacuous.
    expect(Array.from(here[0]![0]!.weights)).not.toEqual(Array.from(here[2]![0]!.weights));
    expect(epochs.filter((e) => e.endsWith(':3')).sort()).toEqual(['l2=0.0001:3', 'l2=0.01:3', 'l2=0.1:3']);
  }, 60_000);
});
