/**
 * Fit a group of linear heads that share one feature set: L2 chosen per head on the calibration
 * split, then per-label calibration and a confidence threshold per head, all from calibration rows
 * the heads never trained on. Served scores come from shared/heads, so what is measured here is
 * exactly what is served.
 */
import type { HeadTrainingConfig } from '../shared/config.js';
import { queryFeatures, type FeatureSpec, type QueryFeatures } from '../shared/features/feature-set.js';
import { DEFAULT_NGRAM_SPEC } from '../shared/features/ngram-features.js';
import { headLogits, type LinearHead } from '../shared/heads/linear-head.js';
import { calibratedProba, type CalibrationMap } from '../shared/math/calibration.js';
import { accuracy, negativeLogLikelihood } from '../shared/math/metrics.js';
import { argmax, softmaxRow } from '../shared/math/softmax.js';
import { fitCalibration, type CalibrationFit } from './fit-calibration.js';
import { fitLinearHeads, type DesignMatrix } from './fit-linear-heads.js';
import { pickThreshold, type ThresholdChoice } from './pick-threshold.js';

/** One split's rows: texts, their embeddings, and per head a label index or -1. */
export interface LabelledSplit {
  texts: readonly string[];
  embeddings: readonly Float32Array[];
  targets: Record<string, Int32Array>;
}

export interface HeadSpec {
  name: string;
  labels: readonly string[];
  targetPrecision: number;
}

export interface FittedHead {
  head: LinearHead;
  featureSet: FeatureSpec;
  l2: number;
  calibration: CalibrationFit;
  threshold: ThresholdChoice;
  calibrationRows: number;
  /** Calibration-split accuracy per L2 tried. */
  l2Search: Array<{ l2: number; accuracy: number; nll: number }>;
}

/** The default n-gram scope (`query`) is left out of the spec, so specs stored before the field existed still compare equal. */
export function featureSpecOf(config: HeadTrainingConfig): FeatureSpec {
  return config.features === 'embedding+ngrams'
    ? { kind: 'embedding+ngrams', ngrams: { ...DEFAULT_NGRAM_SPEC, buckets: config.ngramBuckets }, ngramWeight: config.ngramWeight, ...(config.ngramScope === 'wanted' ? { ngramScope: 'wanted' as const } : {}) }
    : { kind: 'embedding' };
}

export function splitFeatures(spec: FeatureSpec, split: LabelledSplit): QueryFeatures[] {
  return split.texts.map((text, i) => queryFeatures(spec, text, split.embeddings[i] as Float32Array));
}

export function designMatrix(features: readonly QueryFeatures[], spec: FeatureSpec): DesignMatrix {
  const denseDim = features[0]?.embedding.length ?? 0;
  const dense = new Float32Array(features.length * denseDim);
  const rowStart = new Int32Array(features.length + 1);
  features.forEach((f, i) => {
    dense.set(f.embedding, i * denseDim);
    rowStart[i + 1] = (rowStart[i] as number) + f.ngrams.indices.length;
  });
  const columns = new Int32Array(rowStart[features.length] as number);
  const values = new Float32Array(columns.length);
  features.forEach((f, i) => {
    columns.set(f.ngrams.indices, rowStart[i] as number);
    values.set(f.ngrams.values, rowStart[i] as number);
  });
  const sparseDim = spec.kind === 'embedding+ngrams' ? (spec.ngrams?.buckets ?? 0) : 0;
  return { rows: features.length, denseDim, dense, sparseDim, rowStart, columns, values };
}

/** Logits and truth of the rows that carry this head's label. */
export function labelledLogits(head: LinearHead, features: readonly QueryFeatures[], targets: Int32Array): { logits: Float64Array[]; truth: number[] } {
  const logits: Float64Array[] = [];
  const truth: number[] = [];
  targets.forEach((t, i) => {
    if (t < 0) return;
    logits.push(headLogits(head, features[i] as QueryFeatures));
    truth.push(t);
  });
  return { logits, truth };
}

export function confidencesOf(map: CalibrationMap | undefined, logits: readonly Float64Array[], truth: readonly number[]) {
  const probabilities = logits.map((z) => (map ? calibratedProba(map, z) : softmaxRow(z)));
  const predicted = probabilities.map((p) => argmax(p));
  return {
    probabilities,
    confidences: probabilities.map((p, i) => p[predicted[i] as number] as number),
    correct: predicted.map((p, i) => p === truth[i]),
  };
}

export interface GroupOptions {
  config: HeadTrainingConfig;
  seed: number;
  thresholdFloor: number;
  onProgress?: (message: string) => void;
}

export async function fitHeadGroup(train: LabelledSplit, calibration: LabelledSplit, heads: readonly HeadSpec[], options: GroupOptions): Promise<Record<string, FittedHead>> {
  const spec = featureSpecOf(options.config);
  const trainFeatures = splitFeatures(spec, train);
  const calibrationFeatures = splitFeatures(spec, calibration);
  const matrix = designMatrix(trainFeatures, spec);
  const best = new Map<string, { head: LinearHead; l2: number; accuracy: number; nll: number }>();
  const search = new Map<string, Array<{ l2: number; accuracy: number; nll: number }>>(heads.map((h) => [h.name, []]));

  for (const l2 of options.config.l2Grid) {
    const fitted = await fitLinearHeads(
      matrix,
      heads.map((h) => ({ name: h.name, labels: h.labels, targets: train.targets[h.name] as Int32Array })),
      {
        l2,
        epochs: options.config.epochs,
        batchSize: options.config.batchSize,
        learningRate: options.config.learningRate,
        seed: options.seed,
        classBalanced: true,
        onEpoch: (epoch, loss) => options.onProgress?.(`l2=${l2} epoch ${epoch}/${options.config.epochs} loss ${loss.toFixed(4)}`),
      },
    );
    heads.forEach((spec_, h) => {
      const head = fitted[h] as LinearHead;
      const { logits, truth } = labelledLogits(head, calibrationFeatures, calibration.targets[spec_.name] as Int32Array);
      const score = {
        l2,
        accuracy: accuracy(logits.map((z) => argmax(z)), truth),
        nll: negativeLogLikelihood(logits.map((z) => softmaxRow(z)), truth),
      };
      search.get(spec_.name)?.push(score);
      const current = best.get(spec_.name);
      if (!current || score.accuracy > current.accuracy || (score.accuracy === current.accuracy && score.nll < current.nll)) best.set(spec_.name, { head, ...score });
    });
  }

  const result: Record<string, FittedHead> = {};
  for (const headSpec of heads) {
    const chosen = best.get(headSpec.name)!;
    const { logits, truth } = labelledLogits(chosen.head, calibrationFeatures, calibration.targets[headSpec.name] as Int32Array);
    const calibrationFit = fitCalibration(logits, truth, headSpec.labels.length);
    const { confidences, correct } = confidencesOf(calibrationFit.map, logits, truth);
    result[headSpec.name] = {
      head: chosen.head,
      featureSet: spec,
      l2: chosen.l2,
      calibration: calibrationFit,
      threshold: pickThreshold(confidences, correct, headSpec.targetPrecision, options.thresholdFloor),
      calibrationRows: truth.length,
      l2Search: search.get(headSpec.name) ?? [],
    };
  }
  return result;
}
