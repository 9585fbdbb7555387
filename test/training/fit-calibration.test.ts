import { describe, expect, it } from 'vitest';
import { Rng } from '../../shared/random.js';
import { calibratedProba, type CalibrationMap } from '../../shared/math/calibration.js';
import { negativeLogLikelihood } from '../../shared/math/metrics.js';
import { fitCalibration, fitWriterTemperature } from '../../training/fit-calibration.js';
import { finishHead, MIN_WRITER_ROWS, type TrainedHead } from '../../training/fit-head-group.js';

const CLASSES = 4;

/**
 * Rows whose logits put `margin` on one class; that class is the truth with probability `agreement`
 * (otherwise another class): margin 6 with agreement 0.6 is overconfident, margin 1 with 0.9 underconfident.
 */
function rows(name: string, count: number, margin: number, agreement: number) {
  const rng = Rng.fromName(name);
  const logits: Float64Array[] = [];
  const truth: number[] = [];
  for (let i = 0; i < count; i++) {
    const top = rng.int(CLASSES);
    const z = new Float64Array(CLASSES);
    z[top] = margin;
    logits.push(z);
    truth.push(rng.chance(agreement) ? top : (top + 1 + rng.int(CLASSES - 1)) % CLASSES);
  }
  return { logits, truth };
}

const identity: CalibrationMap = { method: 'vector_scaling', scale: [1, 1, 1, 1], bias: [0, 0.1, 0, -0.1] };
const nll = (map: CalibrationMap, data: ReturnType<typeof rows>) => negativeLogLikelihood(data.logits.map((z) => calibratedProba(map, z)), data.truth);

describe('fitCalibration', () => {
  it('softens overconfident logits (temperature above 1 lowers NLL)', () => {
    const data = rows('overconfident', 400, 6, 0.6);
    const fit = fitCalibration(data.logits, data.truth, CLASSES);
    expect(fit.map.method).not.toBe('none');
    expect(nll(fit.map, data)).toBeLessThan(nll({ method: 'none', scale: [1, 1, 1, 1], bias: [0, 0, 0, 0] }, data));
  });
});

describe('fitWriterTemperature', () => {
  it('divides scale and bias by one temperature above 1 when the unseen writers agree less than the map says', () => {
    const writers = rows('writers-overconfident', 300, 6, 0.6);
    const { map, calibration } = fitWriterTemperature(identity, writers.logits, writers.truth);
    expect(calibration.temperature).toBeGreaterThan(2);
    expect(calibration.rows).toBe(300);
    expect(calibration.topicMap).toBe(identity);
    expect(calibration.nllAfter).toBeLessThan(calibration.nllBefore);
    map.scale.forEach((s, k) => expect(s).toBeCloseTo((identity.scale[k] as number) / calibration.temperature, 12));
    map.bias.forEach((b, k) => expect(b).toBeCloseTo((identity.bias[k] as number) / calibration.temperature, 12));
    expect(map.method).toBe(identity.method);
  });

  it('never sharpens: underconfident logits keep temperature 1', () => {
    const writers = rows('writers-underconfident', 300, 1, 0.9);
    const { map, calibration } = fitWriterTemperature(identity, writers.logits, writers.truth);
    expect(calibration.temperature).toBe(1);
    expect(map).toBe(identity);
    expect(calibration.nllAfter).toBe(calibration.nllBefore);
  });
});

describe('finishHead with rows from unseen writers', () => {
  const trained: TrainedHead = {
    head: { labels: ['a', 'b', 'c', 'd'], inputDim: 1, weights: new Float32Array(4), bias: new Float32Array(4) },
    spec: { kind: 'embedding' },
    l2: 0,
    l2Search: [],
  };
  const spec = { name: 'h', labels: ['a', 'b', 'c', 'd'], targetPrecision: 0.95 };
  const calibration = rows('calibration-split', 400, 3, 0.9);
  const targets = (data: ReturnType<typeof rows>) => Int32Array.from(data.truth);

  it('softens the calibration split\'s map and reports the temperature', () => {
    const writers = rows('writers', 200, 3, 0.5);
    const plain = finishHead(trained, spec, calibration.logits, targets(calibration), 0.2);
    const softened = finishHead(trained, spec, calibration.logits, targets(calibration), 0.2, { logits: writers.logits, targets: targets(writers) });
    expect(plain.writerCalibration).toBeUndefined();
    expect(softened.writerCalibration?.temperature).toBeGreaterThan(1);
    expect(softened.writerCalibration?.topicMap).toEqual(plain.calibration.map);
    expect(nll(softened.calibration.map, writers)).toBeLessThan(nll(plain.calibration.map, writers));
  });

  it(`keeps the calibration split's map with fewer than ${MIN_WRITER_ROWS} labelled writer rows`, () => {
    const writers = rows('few-writers', MIN_WRITER_ROWS - 1, 3, 0.5);
    const fitted = finishHead(trained, spec, calibration.logits, targets(calibration), 0.2, { logits: writers.logits, targets: targets(writers) });
    expect(fitted.writerCalibration).toBeUndefined();
    expect(fitted.calibration.map).toEqual(finishHead(trained, spec, calibration.logits, targets(calibration), 0.2).calibration.map);
  });
});
