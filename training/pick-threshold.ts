/**
 * A head's confidence threshold: the lowest threshold (step 0.01, from the floor) whose accepted
 * rows reach the target precision (accepted accuracy). When no threshold reaches it, the threshold
 * with the best accepted accuracy is used and `targetMet` is false.
 */

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

export function thresholdCurve(confidences: readonly number[], correct: readonly boolean[], from = 0): ThresholdCurvePoint[] {
  const points: ThresholdCurvePoint[] = [];
  for (let step = Math.round(from / THRESHOLD_STEP); step <= 100; step++) {
    const threshold = Math.round(step * THRESHOLD_STEP * 100) / 100;
    let accepted = 0;
    let right = 0;
    confidences.forEach((c, i) => {
      if (c >= threshold) {
        accepted += 1;
        right += correct[i] ? 1 : 0;
      }
    });
    points.push({ threshold, coverage: confidences.length ? accepted / confidences.length : 0, acceptedAccuracy: accepted ? right / accepted : 0 });
  }
  return points;
}

export function pickThreshold(confidences: readonly number[], correct: readonly boolean[], targetPrecision: number, floor: number): ThresholdChoice {
  const minCoverage = MIN_ACCEPTED_ROWS / Math.max(confidences.length, 1);
  const usable = thresholdCurve(confidences, correct, floor).filter((p) => p.coverage >= minCoverage);
  const met = usable.find((p) => p.acceptedAccuracy >= targetPrecision);
  if (met) return { threshold: met.threshold, targetMet: true, acceptedAccuracy: met.acceptedAccuracy, coverage: met.coverage };
  const best = usable.reduce<ThresholdCurvePoint | undefined>((a, p) => (!a || p.acceptedAccuracy > a.acceptedAccuracy ? p : a), undefined);
  return best
    ? { threshold: best.threshold, targetMet: false, acceptedAccuracy: best.acceptedAccuracy, coverage: best.coverage }
    : { threshold: floor, targetMet: false, acceptedAccuracy: 0, coverage: 0 };
}
