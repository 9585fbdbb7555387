/**
 * A head's confidence threshold: the lowest threshold (step 0.01, from the floor) whose accepted
 * rows reach the target precision (accepted accuracy), i.e. the threshold meeting the target with the
 * most coverage. When no threshold reaches it, the floor is used and `targetMet` is false.
 */
import { selectiveScores } from './metrics.js';

export interface ThresholdChoice {
  threshold: number;
  targetMet: boolean;
  acceptedAccuracy: number;
  coverage: number;
}

export interface ThresholdCurvePoint {
  threshold: number;
  coverage: number;
  acceptedAccuracy: number;
}

export const THRESHOLD_STEP = 0.01;
/** A threshold that accepts fewer rows than this is not trusted to estimate precision. */
export const MIN_ACCEPTED_ROWS = 10;

/** The thresholds from `from` to 1 in steps of 0.01, rounded to 2 decimals. */
export function thresholdSteps(from = 0): number[] {
  const steps: number[] = [];
  for (let step = Math.round(from / THRESHOLD_STEP); step <= 100; step++) steps.push(Math.round(step * THRESHOLD_STEP * 100) / 100);
  return steps;
}

export function thresholdCurve(confidences: readonly number[], correct: readonly boolean[], from = 0): ThresholdCurvePoint[] {
  return thresholdSteps(from).map((threshold) => {
    const { coverage, acceptedAccuracy } = selectiveScores(confidences, correct, threshold);
    return { threshold, coverage, acceptedAccuracy };
  });
}

/**
 * Pick from a curve over `rows` rows (points in increasing threshold order, e.g. one whose correctness
 * changes with the threshold, as ad_content's resolution does): the first point at or above the floor
 * meeting the target with at least MIN_ACCEPTED_ROWS accepted, else the floor.
 */
export function pickFromCurve(curve: readonly ThresholdCurvePoint[], rows: number, targetPrecision: number, floor: number): ThresholdChoice {
  const minCoverage = MIN_ACCEPTED_ROWS / Math.max(rows, 1);
  const usable = curve.filter((p) => p.threshold >= floor - 1e-9 && p.coverage >= minCoverage);
  const met = usable.find((p) => p.acceptedAccuracy >= targetPrecision);
  if (met) return { threshold: met.threshold, targetMet: true, acceptedAccuracy: met.acceptedAccuracy, coverage: met.coverage };
  const atFloor = curve.find((p) => p.threshold >= floor - 1e-9);
  return { threshold: floor, targetMet: false, acceptedAccuracy: atFloor?.acceptedAccuracy ?? 0, coverage: atFloor?.coverage ?? 0 };
}

export function pickThreshold(confidences: readonly number[], correct: readonly boolean[], targetPrecision: number, floor: number): ThresholdChoice {
  return pickFromCurve(thresholdCurve(confidences, correct, floor), confidences.length, targetPrecision, floor);
}
