/**
 * Per-label calibration of a head's logits: vector scaling (z_k * scale_k + bias_k), temperature
 * scaling (every scale 1/T, bias 0) or none. The calibrated probabilities are softmax of the result.
 */
import { softmaxRow } from './softmax.js';

export type CalibrationMethod = 'vector_scaling' | 'temperature_scaling' | 'none';

export interface CalibrationMap {
  method: CalibrationMethod;
  scale: number[];
  bias: number[];
}

export function identityCalibration(classes: number): CalibrationMap {
  return { method: 'none', scale: new Array<number>(classes).fill(1), bias: new Array<number>(classes).fill(0) };
}

export function calibrateLogits(map: CalibrationMap, logits: ArrayLike<number>): Float64Array {
  const out = new Float64Array(logits.length);
  for (let k = 0; k < logits.length; k++) out[k] = (logits[k] as number) * (map.scale[k] as number) + (map.bias[k] as number);
  return out;
}

export function calibratedProba(map: CalibrationMap, logits: ArrayLike<number>): Float64Array {
  return softmaxRow(calibrateLogits(map, logits));
}

/** Probabilities from logits: calibrated when there is a map, the plain softmax otherwise. */
export function probabilitiesOf(map: CalibrationMap | undefined, logits: ArrayLike<number>): Float64Array {
  return map ? calibratedProba(map, logits) : softmaxRow(logits);
}
