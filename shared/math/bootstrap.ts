/**
 * Percentile bootstrap intervals: how far a figure measured on n labelled rows would move on another
 * sample of n rows like them. Rows are drawn with replacement, every statistic is computed on the
 * same resamples, and the draws are fixed by the seed, so a report is reproducible.
 */
import { Rng } from '../random.js';
import { accuracy, confidentErrorShare, expectedCalibrationError, macroF1, perLabelScores } from './metrics.js';

export interface Interval {
  low: number;
  high: number;
}

export interface BootstrapOptions {
  resamples: number;
  /** Central coverage of the interval, e.g. 0.95. */
  level: number;
  seed: number;
}

export const DEFAULT_BOOTSTRAP: BootstrapOptions = { resamples: 1000, level: 0.95, seed: 20261129 };

/** Linear interpolation between the order statistics around quantile q of ascending `sorted`. */
function quantile(sorted: readonly number[], q: number): number {
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  const lower = sorted[below] as number;
  return lower + (position - below) * ((sorted[above] as number) - lower);
}

/** Each statistic's interval over `resamples` draws of n row indices. */
export function bootstrapIntervals<K extends string>(n: number, statistics: Readonly<Record<K, (rows: Int32Array) => number>>, options: BootstrapOptions = DEFAULT_BOOTSTRAP): Record<K, Interval> {
  if (n < 1) throw new RangeError('bootstrapIntervals needs at least one row');
  if (!(options.level > 0 && options.level < 1)) throw new RangeError(`bootstrap level must lie in (0, 1); given ${options.level}`);
  const names = Object.keys(statistics) as K[];
  const values = new Map<K, number[]>(names.map((name) => [name, []]));
  const rng = new Rng(options.seed);
  const rows = new Int32Array(n);
  for (let r = 0; r < options.resamples; r++) {
    for (let i = 0; i < n; i++) rows[i] = rng.int(n);
    for (const name of names) (values.get(name) as number[]).push(statistics[name](rows));
  }
  const tail = (1 - options.level) / 2;
  return Object.fromEntries(
    names.map((name) => {
      const sorted = (values.get(name) as number[]).sort((a, b) => a - b);
      return [name, { low: quantile(sorted, tail), high: quantile(sorted, 1 - tail) }];
    }),
  ) as Record<K, Interval>;
}

/**
 * A resample leaves out labels that have few rows, and macro-F1 over all labels scores a left-out
 * label 0, so its bootstrap sits below the figure. Its interval is shown only when every label with
 * gold rows has at least this many.
 */
export const MIN_ROWS_PER_LABEL_FOR_F1_INTERVAL = 10;

export function macroF1IntervalHolds(goldRowsPerLabel: readonly number[]): boolean {
  return goldRowsPerLabel.every((rows) => rows === 0 || rows >= MIN_ROWS_PER_LABEL_FOR_F1_INTERVAL);
}

/** "[low, high]" with three decimals, as the reports print an interval (differences can be negative). */
export const formatInterval = (i: Interval): string => `[${i.low.toFixed(3)}, ${i.high.toFixed(3)}]`;

const pick = <T>(values: readonly T[], rows: ArrayLike<number>): T[] => Array.from(rows, (i) => values[i] as T);

/** Accuracy over the rows `rows` names (a resample), from label indices. */
export function resampledAccuracy(predicted: readonly number[], truth: readonly number[], rows: ArrayLike<number>): number {
  return accuracy(pick(predicted, rows), pick(truth, rows));
}

/** Macro-F1 over all `classes` labels on the rows `rows` names. */
export function resampledMacroF1(predicted: readonly number[], truth: readonly number[], rows: ArrayLike<number>, classes: number): number {
  return macroF1(perLabelScores(pick(predicted, rows), pick(truth, rows), classes)).all_labels;
}

/** One head's served answers on labelled rows: label indices and the served label's confidence. */
export interface ServedAnswers {
  predicted: readonly number[];
  truth: readonly number[];
  confidence: readonly number[];
  classes: number;
}

export const INTERVAL_STATISTICS = ['accuracy', 'macro_f1', 'ece', 'confident_error_share'] as const;
export type HeadIntervals = Record<(typeof INTERVAL_STATISTICS)[number], Interval>;

/**
 * Intervals of a head's accuracy, macro-F1 over all labels, top-label ECE and the share of wrong
 * answers above `confidentLevel` (0 on a resample without wrong answers).
 */
export function headIntervals(answers: ServedAnswers, confidentLevel: number, options: BootstrapOptions = DEFAULT_BOOTSTRAP): HeadIntervals {
  const { predicted, truth, confidence, classes } = answers;
  const correct = (rows: Int32Array) => Array.from(rows, (i) => predicted[i] === truth[i]);
  return bootstrapIntervals(
    truth.length,
    {
      accuracy: (rows) => resampledAccuracy(predicted, truth, rows),
      macro_f1: (rows) => resampledMacroF1(predicted, truth, rows, classes),
      ece: (rows) => expectedCalibrationError(pick(confidence, rows), correct(rows)),
      confident_error_share: (rows) => confidentErrorShare(pick(confidence, rows), correct(rows), confidentLevel),
    },
    options,
  );
}
