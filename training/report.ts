/** report.json + report.md: per-head metrics on the test split, before and after calibration. */
import { headMetrics, type HeadMetrics } from '../shared/math/metrics.js';
import { DEFAULT_BOOTSTRAP, formatInterval, headIntervals, macroF1IntervalHolds, MIN_ROWS_PER_LABEL_FOR_F1_INTERVAL, type HeadIntervals } from '../shared/math/bootstrap.js';
import { argmax } from '../shared/math/softmax.js';
import { CONFIDENT_ERROR_LEVEL } from '../evaluation/eval-report.js';
import { confidencesOf, labelledLogits, type FittedHead } from './fit-head-group.js';

export interface HeadReport {
  head: string;
  labels: number;
  feature_set: string;
  l2: number;
  calibration_method: string;
  calibration_rows: number;
  held_out_nll: Record<string, number>;
  threshold: { value: number; target_met: boolean; accepted_accuracy: number; coverage: number };
  /** `intervals`: bootstrap intervals of the calibrated figures (absent in reports written before they existed). */
  test: { raw: HeadMetrics; calibrated: HeadMetrics; coverage: number; accepted_accuracy: number; intervals?: HeadIntervals; gold_rows_per_label?: number[] };
  /** The softening fitted on rows from unseen writers (data/calibration/unseen-writers.jsonl), when there was one. */
  unseen_writers?: { temperature: number; rows: number; nll_before: number; nll_after: number };
  /** Present when the weights are stored at reduced precision: `test` measures the stored weights. */
  storage?: { dtype: string; test_accuracy_full_precision: number; test_accuracy_stored: number };
}

/** The report of a fitted head from its logits on the test rows, as it decodes them. */
export function evaluateFittedHead(name: string, fitted: FittedHead, testLogits: readonly Float64Array[], testTargets: Int32Array): HeadReport {
  const { logits, truth } = labelledLogits(testLogits, testTargets);
  const raw = confidencesOf(undefined, logits, truth);
  const calibrated = confidencesOf(fitted.calibration.map, logits, truth);
  const accepted = calibrated.confidences.map((c) => c >= fitted.threshold.threshold);
  const acceptedCount = accepted.filter(Boolean).length;
  const acceptedRight = accepted.filter((a, i) => a && calibrated.correct[i]).length;
  return {
    head: name,
    labels: fitted.head.labels.length,
    feature_set: fitted.featureSet.kind,
    l2: fitted.l2,
    calibration_method: fitted.calibration.map.method,
    calibration_rows: fitted.calibrationRows,
    held_out_nll: fitted.calibration.heldOutNll,
    ...(fitted.writerCalibration
      ? { unseen_writers: { temperature: fitted.writerCalibration.temperature, rows: fitted.writerCalibration.rows, nll_before: fitted.writerCalibration.nllBefore, nll_after: fitted.writerCalibration.nllAfter } }
      : {}),
    threshold: {
      value: fitted.threshold.threshold,
      target_met: fitted.threshold.targetMet,
      accepted_accuracy: fitted.threshold.acceptedAccuracy,
      coverage: fitted.threshold.coverage,
    },
    test: {
      raw: headMetrics(raw.probabilities, truth),
      calibrated: headMetrics(calibrated.probabilities, truth),
      coverage: truth.length ? acceptedCount / truth.length : 0,
      accepted_accuracy: acceptedCount ? acceptedRight / acceptedCount : 0,
      ...(truth.length
        ? { intervals: headIntervals({ predicted: calibrated.probabilities.map((p) => argmax(p)), truth, confidence: calibrated.confidences, classes: fitted.head.labels.length }, CONFIDENT_ERROR_LEVEL) }
        : {}),
      gold_rows_per_label: fitted.head.labels.map((_, k) => truth.filter((t) => t === k).length),
    },
  };
}

const f = (x: number) => x.toFixed(3);

export function reportMarkdown(version: string, reports: readonly HeadReport[], notes: readonly string[], sections: readonly string[] = []): string {
  const lines = [
    `# Training report, artifact version ${version}`,
    '',
    'Metrics on the project test split (never used for fitting, calibration or thresholds).',
    'ECE: top-label, 10 equal-width bins. Macro-F1 over all labels of the head. NLL: mean negative log-likelihood.',
    `Intervals: ${DEFAULT_BOOTSTRAP.level * 100}% bootstrap over the test rows (${DEFAULT_BOOTSTRAP.resamples} resamples, fixed seed): how far the figure would move on another test split of as many rows; "-" where a label has fewer than ${MIN_ROWS_PER_LABEL_FOR_F1_INTERVAL} test rows (resamples drop it and score it 0).`,
    '',
    '| head | n | accuracy | macro-F1 | macro-F1 interval | NLL raw → cal | Brier raw → cal | ECE raw → cal | calibration | threshold | coverage | accepted acc. |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...reports.map((r) => {
      const { raw, calibrated, intervals, gold_rows_per_label: rowsPerLabel } = r.test;
      const f1Interval = intervals && rowsPerLabel && macroF1IntervalHolds(rowsPerLabel) ? formatInterval(intervals.macro_f1) : '-';
      return `| ${r.head} | ${raw.n} | ${f(calibrated.accuracy)} | ${f(calibrated.macro_f1)} | ${f1Interval} | ${f(raw.nll)} → ${f(calibrated.nll)} | ${f(raw.brier)} → ${f(calibrated.brier)} | ${f(raw.ece)} → ${f(calibrated.ece)} | ${r.calibration_method} | ${r.threshold.value.toFixed(2)}${r.threshold.target_met ? '' : ' (target not met)'} | ${f(r.test.coverage)} | ${f(r.test.accepted_accuracy)} |`;
    }),
    '',
    '## Choices',
    '',
    ...reports.map((r) => `- ${r.head}: ${r.labels} labels, features ${r.feature_set}, L2 ${r.l2}, ${r.calibration_rows} calibration rows, held-out NLL ${Object.entries(r.held_out_nll).map(([m, v]) => `${m} ${f(v)}`).join(', ')}${r.unseen_writers ? `; softened for unseen writers by T ${r.unseen_writers.temperature.toFixed(2)} (${r.unseen_writers.rows} rows, NLL ${f(r.unseen_writers.nll_before)} → ${f(r.unseen_writers.nll_after)})` : ''}.`),
    ...reports
      .filter((r) => r.storage)
      .map((r) => `- ${r.head} weights stored as ${r.storage?.dtype}: test accuracy ${f(r.storage?.test_accuracy_full_precision ?? 0)} at full precision, ${f(r.storage?.test_accuracy_stored ?? 0)} as stored (the table shows the stored weights).`),
    ...notes.map((n) => `- ${n}`),
    '',
    ...sections,
  ];
  return lines.join('\n');
}
