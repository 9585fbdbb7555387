import { describe, expect, it } from 'vitest';
import { bootstrapIntervals, DEFAULT_BOOTSTRAP, headIntervals, macroF1IntervalHolds } from '../../../shared/math/bootstrap.js';

/** n answers of a 2-label head, the first `right` of them right, each served at `confidence`. */
function answers(n: number, right: number, confidence = 0.9) {
  const truth = Array.from({ length: n }, (_, i) => i % 2);
  const predicted = truth.map((t, i) => (i < right ? t : 1 - t));
  return { predicted, truth, confidence: truth.map(() => confidence), classes: 2 };
}

const mean = (values: readonly number[]) => (rows: Int32Array) => Array.from(rows, (i) => values[i] as number).reduce((a, b) => a + b, 0) / rows.length;

describe('bootstrapIntervals', () => {
  it('is fixed by the seed and moves with it', () => {
    const values = Array.from({ length: 60 }, (_, i) => (i * 37) % 11);
    const run = (seed: number) => bootstrapIntervals(values.length, { mean: mean(values) }, { ...DEFAULT_BOOTSTRAP, seed }).mean;
    expect(run(1)).toEqual(run(1));
    expect(run(1)).not.toEqual(run(2));
  });

  it('brackets the mean of 0/1 rows about as wide as the normal approximation', () => {
    // 280 of 400 right: p 0.7, standard error sqrt(.7 * .3 / 400) = 0.0229, so a 95% interval of about +-0.045.
    const values = Array.from({ length: 400 }, (_, i) => (i % 10 < 7 ? 1 : 0));
    const { low, high } = bootstrapIntervals(values.length, { mean: mean(values) }).mean;
    expect(low).toBeLessThan(0.7);
    expect(high).toBeGreaterThan(0.7);
    expect(high - low).toBeGreaterThan(0.075);
    expect(high - low).toBeLessThan(0.105);
  });

  it('narrows as rows are added', () => {
    const width = (n: number) => {
      const values = Array.from({ length: n }, (_, i) => (i % 10 < 7 ? 1 : 0));
      const { low, high } = bootstrapIntervals(n, { mean: mean(values) }).mean;
      return high - low;
    };
    expect(width(2000)).toBeLessThan(width(100) / 3);
  });

  it('refuses no rows and a level outside (0, 1)', () => {
    expect(() => bootstrapIntervals(0, { mean: () => 0 })).toThrow('at least one row');
    expect(() => bootstrapIntervals(5, { mean: () => 0 }, { ...DEFAULT_BOOTSTRAP, level: 1 })).toThrow('level');
  });
});

describe('headIntervals', () => {
  it('collapses to the point for a head that is always right', () => {
    const intervals = headIntervals(answers(50, 50), 0.8);
    expect(intervals.accuracy).toEqual({ low: 1, high: 1 });
    expect(intervals.macro_f1).toEqual({ low: 1, high: 1 });
    expect(intervals.confident_error_share).toEqual({ low: 0, high: 0 });
    // Every answer right at 0.9: ECE 0.1 on every resample.
    expect(intervals.ece.low).toBeCloseTo(0.1, 12);
    expect(intervals.ece.high).toBeCloseTo(0.1, 12);
  });

  it('counts only wrong answers above the confident level', () => {
    const sure = headIntervals(answers(100, 60, 0.95), 0.8);
    const unsure = headIntervals(answers(100, 60, 0.6), 0.8);
    expect(sure.confident_error_share).toEqual({ low: 1, high: 1 });
    expect(unsure.confident_error_share).toEqual({ low: 0, high: 0 });
    expect(sure.accuracy.low).toBeLessThan(0.6);
    expect(sure.accuracy.high).toBeGreaterThan(0.6);
  });
});

describe('macroF1IntervalHolds', () => {
  it('holds when every label with gold rows has enough of them', () => {
    expect(macroF1IntervalHolds([0, 10, 250])).toBe(true);
    expect(macroF1IntervalHolds([12, 9, 250])).toBe(false);
  });
});
