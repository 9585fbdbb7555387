/**
 * Per-label calibration of a head's logits: vector scaling (z_k * scale_k + bias_k), temperature
 * scaling (every scale 1/T, bias 0) or none. The calibrated probabilities are softmax of the result.
 */
import { softmaxInPlace, softmaxRow } from './softmax.js';

export type CalibrationMethod = 'vector_scaling' | 'temperature_scaling' | 'none';

export interface CalibrationMap {
  method: CalibrationMethod;
  scale: number[];
  bias: number[];
}

export function identityCalibration(classes: number): CalibrationMap {
  return { method: 'none', scale: new Array<number>(classes).fill(1), bias: new Array<number>(classes).fill(0) };
}

/** `out` (a new array when not given) receives the calibrated logits. */
export function calibrateLogits(map: CalibrationMap, logits: ArrayLike<number>, out: Float64Array = new Float64Array(logits.length)): Float64Array {
  for (let k = 0; k < logits.length; k++) out[k] = (logits[k] as number) * (map.scale[k] as number) + (map.bias[k] as number);
  return out;
}

/** `out` (a new array when not given) receives the probabilities. */
export function calibratedProba(map: CalibrationMap, logits: ArrayLike<number>, out?: Float64Array): Float64Array {
  return softmaxInPlace(calibrateLogits(map, logits, out));
}

/** Probabilities from logits: calibrated when there is a map, the plain softmax otherwise. */
export function probabilitiesOf(map: CalibrationMap | undefined, logits: ArrayLike<number>): Float64Array {
  return map ? calibratedProba(map, logits) : softmaxRow(logits);
}
