import { describe, expect, it } from 'vitest';
import { DEFAULT_TRAINING_CONFIG } from '../../shared/training-config.js';
import { fitAtChosenL2sEach, fitGrid, type HeadSpec, type LabelledSplit } from '../../training/fit-head-group.js';

/** A seeded split of `rows` texts with 8-d embeddings and two heads, one of them not labelled on every row. */
function split(rows: number, salt: number): LabelledSplit {
  let state = 9876 + salt;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  return {
    texts: Array.from({ length: rows }, (_, i) => `query ${salt} ${i}`),
    embeddings: Array.from({ length: rows }, () => Float32Array.from({ length: 8 }, next)),
    targets: { a: Int32Array.from({ length: rows }, (_, i) => i % 3), b: Int32Array.from({ length: rows }, (_, i) => (i % 4 === 0 ? -1 : i % 2)) },
  };
}

const heads: HeadSpec[] = [
  { name: 'a', labels: ['x', 'y', 'z'], targetPrecision: 0.9 },
  { name: 'b', labels: ['p', 'q'], targetPrecision: 0.9 },
];
const spec = { kind: 'embedding+ngrams' as const, ngrams: { buckets: 64, wordNgrams: [1], charNgrams: [3] }, ngramWeight: 1 };
const options = { config: { ...DEFAULT_TRAINING_CONFIG.intent, epochs: 2, batchSize: 8 }, seed: 7, thresholdFloor: 0.2 };
const l2ByHead = { a: 1e-4, b: 1e-2 };

describe('fitAtChosenL2sEach', () => {
  it('gives each training split, fitted together, the bits its own fit at its own seed gives', async () => {
    const sets = [
      { train: split(30, 1), seed: 8 },
      { train: split(24, 2), seed: 9 },
    ];
    const together = await fitAtChosenL2sEach(sets, heads, spec, l2ByHead, options);
    expect(together).toHaveLength(2);
    for (const [s, { train, seed }] of sets.entries()) {
      const alone = (await fitAtChosenL2sEach([{ train, seed }], heads, spec, l2ByHead, { ...options, seed: 1 }))[0]!;
      // Each head comes from the fit at its own L2 (one grid point per distinct L2).
      const [atA, atB] = await fitGrid(train, heads, [1e-4, 1e-2].map((l2) => ({ label: `l2=${l2}`, spec, l2 })), { ...options, seed });
      for (const h of ['a', 'b'] as const) {
        expect(Array.from(together[s]![h]!.weights)).toEqual(Array.from(alone[h]!.weights));
        expect(Array.from(together[s]![h]!.weights)).toEqual(Array.from((h === 'a' ? atA : atB)![h]!.weights));
      }
    }
    // Different splits and seeds give different weights, so the checks above are not vacuous.
    expect(Array.from(together[0]!.a!.weights)).not.toEqual(Array.from(together[1]!.a!.weights));
  });
});
