import { describe, expect, it } from 'vitest';
import {
  confidentErrorShare,
  expectedConfidentErrorShare,
  accuracy,
  brierScore,
  confusionMatrix,
  expectedCalibrationError,
  headMetrics,
  macroF1,
  negativeLogLikelihood,
  pathMetrics,
  perLabelScores,
  reliabilityBins,
  selectiveScores,
} from '../../../shared/math/metrics.js';
import { argmax, softmaxRow } from '../../../shared/math/softmax.js';

const TOLERANCE = 10; // decimal digits for toBeCloseTo

describe('softmax and argmax', () => {
  it('normalises and is shift invariant', () => {
    const p = softmaxRow([1, 2, 3]);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, TOLERANCE);
    expect(Array.from(softmaxRow([1001, 1002, 1003]))).toEqual(Array.from(p));
    expect(p[2]).toBeCloseTo(Math.exp(3) / (Math.exp(1) + Math.exp(2) + Math.exp(3)), TOLERANCE);
    expect(argmax([0.1, 0.7, 0.2])).toBe(1);
  });
});

describe('metrics on a hand-computed fixture', () => {
  // 4 rows, 3 classes. Predictions: 0, 1, 1, 2; truth: 0, 1, 2, 2.
  const probabilities = [
    [0.8, 0.1, 0.1],
    [0.2, 0.6, 0.2],
    [0.1, 0.5, 0.4],
    [0.05, 0.05, 0.9],
  ];
  const truth = [0, 1, 2, 2];
  const predicted = [0, 1, 1, 2];

  it('accuracy', () => expect(accuracy(predicted, truth)).toBe(0.75));

  it('NLL = -(ln .8 + ln .6 + ln .4 + ln .9) / 4', () => {
    expect(negativeLogLikelihood(probabilities, truth)).toBeCloseTo(-(Math.log(0.8) + Math.log(0.6) + Math.log(0.4) + Math.log(0.9)) / 4, TOLERANCE);
  });

  it('Brier', () => {
    // row sums of squared error: .04+.01+.01=.06; .04+.16+.04=.24; .01+.25+.36=.62; .0025+.0025+.01=.015
    expect(brierScore(probabilities, truth)).toBeCloseTo((0.06 + 0.24 + 0.62 + 0.015) / 4, TOLERANCE);
  });

  it('ECE over 10 equal-width bins, empty bins kept', () => {
    // confidences .8 (correct), .6 (correct), .5 (wrong), .9 (correct): one row per bin 5, 6, 8, 9.
    const confidences = [0.8, 0.6, 0.5, 0.9];
    const correct = [true, true, false, true];
    const bins = reliabilityBins(confidences, correct);
    expect(bins).toHaveLength(10);
    expect(bins.map((b) => b.count)).toEqual([0, 0, 0, 0, 0, 1, 1, 0, 1, 1]);
    // |1-.8| + |1-.6| + |0-.5| + |1-.9| = .2 + .4 + .5 + .1 = 1.2, / 4
    expect(expectedCalibrationError(confidences, correct)).toBeCloseTo(0.3, TOLERANCE);
    expect(headMetrics(probabilities, truth).ece).toBeCloseTo(0.3, TOLERANCE);
  });

  it('puts confidence 1.0 in the last bin', () => {
    expect(reliabilityBins([1], [true])[9]?.count).toBe(1);
  });

  it('confusion matrix and per-label scores', () => {
    expect(confusionMatrix(predicted, truth, 3)).toEqual([
      [1, 0, 0],
      [0, 1, 0],
      [0, 1, 1],
    ]);
    const scores = perLabelScores(predicted, truth, 3);
    expect(scores[1]).toMatchObject({ precision: 0.5, recall: 1, support: 1, predicted: 2 });
    expect(scores[1]?.f1).toBeCloseTo(2 / 3, TOLERANCE);
    expect(scores[2]).toMatchObject({ precision: 1, recall: 0.5, support: 2 });
  });

  it('macro-F1 over all labels and over present labels', () => {
    // 4 labels; label 3 never appears. F1s: 1, 2/3, 2/3, 0.
    const scores = perLabelScores(predicted, truth, 4);
    const f1 = macroF1(scores);
    expect(f1.all_labels).toBeCloseTo((1 + 2 / 3 + 2 / 3 + 0) / 4, TOLERANCE);
    expect(f1.present_labels).toBeCloseTo((1 + 2 / 3 + 2 / 3) / 3, TOLERANCE);
  });
});

describe('selective scores at a threshold', () => {
  // Confidences .8 (correct), .6 (correct), .5 (wrong), .9 (correct).
  const confidences = [0.8, 0.6, 0.5, 0.9];
  const correct = [true, true, false, true];

  it('accepts rows at or above the threshold: 3 of 4 at .55, all correct', () => {
    expect(selectiveScores(confidences, correct, 0.55)).toEqual({ threshold: 0.55, accepted: 3, coverage: 0.75, acceptedAccuracy: 1 });
  });

  it('counts a confidence equal to the threshold as accepted', () => {
    // .5, .6, .8, .9 accepted at .5: 3 correct of 4.
    expect(selectiveScores(confidences, correct, 0.5)).toEqual({ threshold: 0.5, accepted: 4, coverage: 1, acceptedAccuracy: 0.75 });
  });

  it('gives coverage 0 and accepted accuracy 0 when nothing is accepted', () => {
    expect(selectiveScores(confidences, correct, 0.95)).toEqual({ threshold: 0.95, accepted: 0, coverage: 0, acceptedAccuracy: 0 });
    expect(selectiveScores([], [], 0.5)).toEqual({ threshold: 0.5, accepted: 0, coverage: 0, acceptedAccuracy: 0 });
  });
});

describe('taxonomy path metrics on a hand-computed fixture', () => {
  const gold = [
    ['A', 'B', 'C'], // predicted exactly
    ['A', 'B', 'C', 'D'], // predicted its tier-2 ancestor: parent-safe, tiers 1-2 right
    ['A'], // predicted a child of the gold node: tier 1 right, not parent-safe
    ['E', 'F'], // placeholder prediction (no tiers)
    ['A', 'B'], // predicted a sibling: tier 1 right only
  ];
  const predicted = [['A', 'B', 'C'], ['A', 'B'], ['A', 'X'], [], ['A', 'Y']];
  const m = pathMetrics(predicted, gold);

  it('exact = 1/5 and parent-safe = 2/5 (an empty prediction is never parent-safe)', () => {
    expect(m.n).toBe(5);
    expect(m.exact).toBeCloseTo(0.2, TOLERANCE);
    expect(m.parent_safe).toBeCloseTo(0.4, TOLERANCE);
  });

  it('tier K accuracy over rows whose gold path reaches tier K', () => {
    // tier 1: all 5 rows, right for 1, 2, 3, 5; tier 2: rows 1, 2, 4, 5, right for 1, 2;
    // tier 3: rows 1, 2, right for 1; tier 4: row 2, wrong.
    expect(m.tiers.map((t) => t.n)).toEqual([5, 4, 2, 1]);
    expect(m.tiers.map((t) => t.accuracy)).toEqual([0.8, 0.5, 0.5, 0]);
  });

  it('average predicted depth 9/5 and gold depth 12/5', () => {
    expect(m.average_depth).toBeCloseTo(1.8, TOLERANCE);
    expect(m.average_gold_depth).toBeCloseTo(2.4, TOLERANCE);
  });

  it('is all zeros on no rows', () => {
    expect(pathMetrics([], [])).toMatchObject({ n: 0, exact: 0, parent_safe: 0, average_depth: 0 });
  });
});

describe('confidentErrorShare', () => {
  it('counts the wrong answers above the level among all wrong answers', () => {
    // Wrong at 0.9 and 0.5, right at 0.95: one of two wrong answers is confident.
    expect(confidentErrorShare([0.9, 0.5, 0.95], [false, false, true], 0.8)).toBe(0.5);
    expect(confidentErrorShare([0.8, 0.95], [false, true], 0.8)).toBe(0);
    expect(confidentErrorShare([0.99], [true], 0.8)).toBe(0);
  });
});

describe('expectedConfidentErrorShare', () => {
  it('weighs each row by its chance of being wrong, 1 - confidence', () => {
    // Expected wrong: 0.1 + 0.5 + 0.4 = 1.0, of which 0.1 above 0.8.
    expect(expectedConfidentErrorShare([0.9, 0.5, 0.6], 0.8)).toBeCloseTo(0.1, TOLERANCE);
    // A confidence exactly at the level is not above it.
    expect(expectedConfidentErrorShare([0.8, 0.5], 0.8)).toBe(0);
  });

  it('equals the observed share when the rows behave as calibrated', () => {
    // Ten rows at 0.9 with one wrong, ten at 0.5 with five wrong: 1 of 6 wrong answers is confident.
    const confidences = [...Array<number>(10).fill(0.9), ...Array<number>(10).fill(0.5)];
    const correct = confidences.map((_, i) => !(i === 0 || (i >= 10 && i < 15)));
    expect(expectedConfidentErrorShare(confidences, 0.8)).toBeCloseTo(confidentErrorShare(confidences, correct, 0.8), TOLERANCE);
  });

  it('is 0 when no row can be wrong', () => {
    expect(expectedConfidentErrorShare([1, 1], 0.8)).toBe(0);
    expect(expectedConfidentErrorShare([], 0.8)).toBe(0);
  });
});
