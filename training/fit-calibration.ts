/**
 * Fit per-label calibration of a head's logits on the calibration split: vector scaling (a scale and
 * a bias per label), with temperature scaling for labels with too few calibration rows. A map is kept
 * only when it lowers held-out NLL (2-fold cross-fitting inside the calibration split); otherwise the
 * next simpler method (temperature, then none) is used.
 */
import { calibratedProba, identityCalibration, type CalibrationMap, type CalibrationMethod } from '../shared/math/calibration.js';
import { meanNegativeLog } from '../shared/math/metrics.js';
import { Adam } from './adam.js';

export interface CalibrationOptions {
  /** A label with fewer calibration rows than this shares the temperature instead of its own scale/bias. */
  minRowsPerLabel: number;
  iterations: number;
  /** Pull of the vector-scaling parameters towards the temperature solution. */
  regularisation: number;
}

export const DEFAULT_CALIBRATION_OPTIONS: CalibrationOptions = { minRowsPerLabel: 15, iterations: 400, regularisation: 1e-3 };

export interface CalibrationFit {
  map: CalibrationMap;
  /** Mean held-out NLL per candidate method (2-fold cross-fitting). */
  heldOutNll: Record<CalibrationMethod, number>;
}

/** negativeLogLikelihood of the calibrated rows, computed row by row in one reused buffer (the searches call it thousands of times). */
function nllOf(map: CalibrationMap, logits: readonly Float64Array[], truth: readonly number[]): number {
  const buffer = new Float64Array(logits[0]?.length ?? 0);
  return meanNegativeLog(logits.map((z, i) => calibratedProba(map, z, buffer)[truth[i] as number] as number));
}

export function fitTemperature(logits: readonly Float64Array[], truth: readonly number[], classes: number): CalibrationMap {
  const mapFor = (logT: number): CalibrationMap => ({
    method: 'temperature_scaling',
    scale: new Array<number>(classes).fill(Math.exp(-logT)),
    bias: new Array<number>(classes).fill(0),
  });
  // log T in [-3, 3]: T from 0.05 to 20.
  return mapFor(bestLogTemperature(-3, 3, (logT) => nllOf(mapFor(logT), logits, truth)));
}

/** Golden-section search for the log temperature in [low, high] with the lowest NLL (NLL is unimodal in T). */
function bestLogTemperature(low: number, high: number, nllAt: (logT: number) => number): number {
  const ratio = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 60; i++) {
    const a = high - ratio * (high - low);
    const b = low + ratio * (high - low);
    if (nllAt(a) < nllAt(b)) high = b;
    else low = a;
  }
  return (low + high) / 2;
}

export function fitVectorScaling(
  logits: readonly Float64Array[],
  truth: readonly number[],
  classes: number,
  options: CalibrationOptions = DEFAULT_CALIBRATION_OPTIONS,
): CalibrationMap {
  const temperature = fitTemperature(logits, truth, classes);
  const counts = new Array<number>(classes).fill(0);
  for (const t of truth) counts[t] = (counts[t] as number) + 1;
  const free = counts.map((c) => c >= options.minRowsPerLabel);
  const start = temperature.scale[0] as number;
  const scale = new Array<number>(classes).fill(start);
  const bias = new Array<number>(classes).fill(0);
  // No label has enough rows (e.g. hundreds of taxonomy nodes over a few thousand rows): every
  // parameter stays at the temperature, so the descent would only burn time.
  if (!free.some(Boolean)) return { method: 'vector_scaling', scale, bias };
  // Full-batch Adam, deterministic; parameters of labels without enough rows stay at the temperature.
  const adam = { learningRate: 0.02, epsilon: 1e-8, precision: 'float64' } as const;
  const scaleOptimizer = new Adam(classes, adam);
  const biasOptimizer = new Adam(classes, adam);
  const frozen = (k: number) => !free[k];
  const map: CalibrationMap = { method: 'vector_scaling', scale, bias };
  const buffer = new Float64Array(classes);
  for (let step = 1; step <= options.iterations; step++) {
    const gradScale = new Float64Array(classes);
    const gradBias = new Float64Array(classes);
    logits.forEach((z, i) => {
      const p = calibratedProba(map, z, buffer);
      for (let k = 0; k < classes; k++) {
        const g = (p[k] as number) - (k === truth[i] ? 1 : 0);
        gradScale[k] = (gradScale[k] as number) + g * (z[k] as number);
        gradBias[k] = (gradBias[k] as number) + g;
      }
    });
    for (let k = 0; k < classes; k++) {
      gradScale[k] = (gradScale[k] as number) / logits.length + options.regularisation * ((scale[k] as number) - start);
      gradBias[k] = (gradBias[k] as number) / logits.length + options.regularisation * (bias[k] as number);
    }
    scaleOptimizer.apply(scale, gradScale, frozen);
    biasOptimizer.apply(bias, gradBias, frozen);
  }
  return { method: 'vector_scaling', scale, bias };
}

function fitMethod(method: CalibrationMethod, logits: readonly Float64Array[], truth: readonly number[], classes: number, options: CalibrationOptions): CalibrationMap {
  if (method === 'vector_scaling') return fitVectorScaling(logits, truth, classes, options);
  if (method === 'temperature_scaling') return fitTemperature(logits, truth, classes);
  return identityCalibration(classes);
}

const METHODS: readonly CalibrationMethod[] = ['vector_scaling', 'temperature_scaling', 'none'];

/** Choose the method with the lowest held-out NLL (ties prefer the simpler), then fit it on all rows. */
export function fitCalibration(
  logits: readonly Float64Array[],
  truth: readonly number[],
  classes: number,
  options: CalibrationOptions = DEFAULT_CALIBRATION_OPTIONS,
): CalibrationFit {
  const folds = [0, 1].map((fold) => logits.map((_, i) => i).filter((i) => i % 2 === fold));
  const heldOutNll = {} as Record<CalibrationMethod, number>;
  for (const method of METHODS) {
    let total = 0;
    for (const [fitRows, evalRows] of [
      [folds[0]!, folds[1]!],
      [folds[1]!, folds[0]!],
    ] as const) {
      const map = fitMethod(method, fitRows.map((i) => logits[i]!), fitRows.map((i) => truth[i]!), classes, options);
      total += nllOf(map, evalRows.map((i) => logits[i]!), evalRows.map((i) => truth[i]!)) * evalRows.length;
    }
    heldOutNll[method] = total / Math.max(logits.length, 1);
  }
  const best = [...METHODS].reverse().reduce((winner, method) => (heldOutNll[method] < heldOutNll[winner] - 1e-9 ? method : winner), 'none' as CalibrationMethod);
  return { map: fitMethod(best, logits, truth, classes, options), heldOutNll };
}

/** What the unseen-writers temperature did to one head (report.md, report.json). */
export interface WriterCalibration {
  /** The map the calibration split fitted, before softening. */
  topicMap: CalibrationMap;
  temperature: number;
  rows: number;
  nllBefore: number;
  nllAfter: number;
}

/**
 * Soften a calibration map for text by people the heads never saw: the temperature T >= 1 that,
 * applied on top of `map` (logits z·scale + bias, then divided by T), minimises NLL on rows from
 * writers none of the training, selection or calibration rows came from. The topic-held-out split
 * calibrates for new topics in the corpus's own phrasing; other people's phrasing is harder, and a
 * map fitted without them is overconfident there. T is never below 1: these rows only soften.
 */
export function fitWriterTemperature(map: CalibrationMap, logits: readonly Float64Array[], truth: readonly number[]): { map: CalibrationMap; calibration: WriterCalibration } {
  const divided = (logT: number): CalibrationMap => {
    const t = Math.exp(logT);
    return { method: map.method, scale: map.scale.map((s) => s / t), bias: map.bias.map((b) => b / t) };
  };
  // log T in [0, 3]: T from 1 to 20.
  const logT = bestLogTemperature(0, 3, (candidate) => nllOf(divided(candidate), logits, truth));
  const nllBefore = nllOf(map, logits, truth);
  const searched = divided(logT);
  // The search ends a hair above T = 1 when no softening helps: then the map stays as it is, bit for bit.
  const softens = nllOf(searched, logits, truth) < nllBefore - 1e-9;
  const softened = softens ? searched : map;
  const temperature = softens ? Math.exp(logT) : 1;
  return { map: softened, calibration: { topicMap: map, temperature, rows: truth.length, nllBefore, nllAfter: nllOf(softened, logits, truth) } };
}
