/**
 * Fit a group of linear heads that share one feature set at one or several L2 values, score them on
 * held-out rows, then fit per-label calibration and a confidence threshold per head from calibration
 * rows the heads never trained on. Served scores come from shared/heads, so what is measured here is
 * exactly what is served.
 */
import type { HeadTrainingConfig, TfjsBackend } from '../shared/config.js';
import { queryFeatures, type FeatureSpec, type QueryFeatures } from '../shared/features/feature-set.js';
import { headLogits, type LinearHead } from '../shared/heads/linear-head.js';
import { probabilitiesOf, type CalibrationMap } from '../shared/math/calibration.js';
import { headMetrics } from '../shared/math/metrics.js';
import { argmax, softmaxRow } from '../shared/math/softmax.js';
import { fitCalibration, fitWriterTemperature, type CalibrationFit, type WriterCalibration } from './fit-calibration.js';
import type { TypePrior } from '../shared/heads/type-prior.js';
import type { DesignMatrix } from './fit-linear-heads.js';
import { fitJobs } from './fit-threads.js';
import { pickThreshold, type ThresholdChoice } from '../shared/math/pick-threshold.js';

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
  /** Held-out scores per L2 tried. */
  l2Search: HeldOutScore[];
  /** The type prior the head decodes with (intent_subtype, decision_phase); its calibration was fitted with it. */
  typePrior?: TypePrior;
  /** The softening for unseen writers, when rows from them were given (already applied to calibration.map). */
  writerCalibration?: WriterCalibration;
}

/** Decoded logits and labels of rows from writers the heads never saw (finishHead softens the calibration on them). */
export interface WriterRows {
  logits: readonly Float64Array[];
  targets: Int32Array;
}

/** Fewer labelled rows from unseen writers than this leave a head's calibration as the calibration split fitted it. */
export const MIN_WRITER_ROWS = 30;

/** The default n-gram scope (`query`) is left out of the spec, so specs stored before the field existed still compare equal. */
export function featureSpecOf(config: HeadTrainingConfig): FeatureSpec {
  return config.features === 'embedding+ngrams'
    ? { kind: 'embedding+ngrams', ngrams: { buckets: config.ngramBuckets, wordNgrams: config.wordNgrams, charNgrams: config.charNgrams }, ngramWeight: config.ngramWeight, ...(config.ngramScope === 'wanted' ? { ngramScope: 'wanted' as const } : {}) }
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
    columns.set(f.ngrams.indices, rowStart[i]);
    values.set(f.ngrams.values, rowStart[i]);
  });
  const sparseDim = spec.kind === 'embedding+ngrams' ? (spec.ngrams?.buckets ?? 0) : 0;
  return { rows: features.length, denseDim, dense, sparseDim, rowStart, columns, values };
}

/** A head's logits on every row. */
export function rowLogits(head: LinearHead, features: readonly QueryFeatures[]): Float64Array[] {
  return features.map((f) => headLogits(head, f));
}

/** The logits and truth of the rows that carry this head's label. */
export function labelledLogits(logits: readonly Float64Array[], targets: Int32Array): { logits: Float64Array[]; truth: number[] } {
  const kept: Float64Array[] = [];
  const truth: number[] = [];
  targets.forEach((t, i) => {
    if (t < 0) return;
    kept.push(logits[i] as Float64Array);
    truth.push(t);
  });
  return { logits: kept, truth };
}

export function confidencesOf(map: CalibrationMap | undefined, logits: readonly Float64Array[], truth: readonly number[]) {
  const probabilities = logits.map((z) => probabilitiesOf(map, z));
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
  /** Worker threads fitting grid points at once (default 1: in-process). */
  threads?: number;
  /** tfjs backend of the fitting threads (default auto). */
  backend?: TfjsBackend;
  onProgress?: (message: string) => void;
}

/** One fit of a grid: the heads on one feature set at one L2. */
export interface GridPoint {
  label: string;
  spec: FeatureSpec;
  l2: number;
  /** Names of the heads fitted at this point (default: all of them). */
  heads?: readonly string[];
}

/** One training split, its grid points and the seed of their mini-batches. */
export interface GridSet {
  train: LabelledSplit;
  points: readonly GridPoint[];
  seed: number;
}

/**
 * The heads fitted at every point of every set (each point one joint fit). All fits of all sets share
 * one pool of threads, so a small fit never leaves a core idle while a large one runs.
 */
export async function fitGridSets(sets: readonly GridSet[], heads: readonly HeadSpec[], options: GroupOptions): Promise<Array<Array<Record<string, LinearHead>>>> {
  const headsAt = (point: GridPoint) => heads.filter((h) => !point.heads || point.heads.includes(h.name));
  const { epochs, batchSize, learningRate } = options.config;
  const jobs = sets.flatMap(({ train, points, seed }) => {
    const matrices = new Map<string, DesignMatrix>();
    for (const { spec } of points) {
      const key = JSON.stringify(spec);
      if (!matrices.has(key)) matrices.set(key, designMatrix(splitFeatures(spec, train), spec));
    }
    return points.map((point) => ({
      label: point.label,
      matrix: matrices.get(JSON.stringify(point.spec)) as DesignMatrix,
      heads: headsAt(point).map((h) => ({ name: h.name, labels: h.labels, targets: train.targets[h.name] as Int32Array })),
      options: { l2: point.l2, epochs, batchSize, learningRate, seed, classBalanced: true },
    }));
  });
  const fitted = await fitJobs(jobs, {
    threads: options.threads ?? 1,
    backend: options.backend ?? 'auto',
    onEpoch: (job, epoch, total, loss) => options.onProgress?.(`${job} epoch ${epoch}/${total} loss ${loss.toFixed(4)}`),
  });
  let job = 0;
  return sets.map(({ points }) =>
    points.map((point) => {
      const list = fitted[job++] as LinearHead[];
      return Object.fromEntries(headsAt(point).map((h, i) => [h.name, list[i] as LinearHead]));
    }),
  );
}

/** The heads fitted on one training split at every grid point (points run on parallel threads). */
export async function fitGrid(train: LabelledSplit, heads: readonly HeadSpec[], points: readonly GridPoint[], options: GroupOptions): Promise<Array<Record<string, LinearHead>>> {
  return (await fitGridSets([{ train, points, seed: options.seed }], heads, options))[0] as Array<Record<string, LinearHead>>;
}

/** The heads fitted on one training split at each L2 of `l2s`. */
export async function fitAtL2s(train: LabelledSplit, heads: readonly HeadSpec[], spec: FeatureSpec, l2s: readonly number[], options: GroupOptions): Promise<Map<number, Record<string, LinearHead>>> {
  const unique = [...new Set(l2s)];
  const fitted = await fitGrid(train, heads, unique.map((l2) => ({ label: `l2=${l2}`, spec, l2 })), options);
  return new Map(unique.map((l2, i) => [l2, fitted[i] as Record<string, LinearHead>]));
}

/**
 * Each head fitted at its own L2, heads that share an L2 in one fit, on each training split with its
 * own seed (all fits in one pool of threads). A head's weights do not depend on which heads share its
 * fit (same seeded batches, separate parameters), so this gives each head the bits fitAtL2s would,
 * without fitting every head at every L2.
 */
export async function fitAtChosenL2sEach(
  sets: ReadonlyArray<{ train: LabelledSplit; seed: number }>,
  heads: readonly HeadSpec[],
  spec: FeatureSpec,
  l2ByHead: Readonly<Record<string, number>>,
  options: GroupOptions,
): Promise<Array<Record<string, LinearHead>>> {
  const unique = [...new Set(heads.map((h) => l2ByHead[h.name] as number))];
  const points = unique.map((l2) => ({ label: `l2=${l2}`, spec, l2, heads: heads.filter((h) => l2ByHead[h.name] === l2).map((h) => h.name) }));
  const fitted = await fitGridSets(sets.map(({ train, seed }) => ({ train, points, seed })), heads, options);
  return fitted.map((perPoint) => Object.assign({}, ...perPoint) as Record<string, LinearHead>);
}

export interface HeldOutScore {
  l2: number;
  accuracy: number;
  macro_f1: number;
  nll: number;
}

/**
 * The best of `items` by held-out macro-F1 with near-ties settled by NLL: of the items within
 * `tolerance` of the best macro-F1, the one with the lowest held-out NLL (the earlier on equal NLL).
 */
export function bestByF1ThenNll<T>(items: readonly T[], scoreOf: (item: T) => HeldOutScore, tolerance: number): T {
  const bestF1 = Math.max(...items.map((item) => scoreOf(item).macro_f1));
  const tied = items.filter((item) => scoreOf(item).macro_f1 >= bestF1 - tolerance);
  return tied.reduce((a, b) => (scoreOf(b).nll < scoreOf(a).nll ? b : a));
}

/** Uncalibrated scores of held-out logits (rows without a label are skipped). */
export function logitsScore(l2: number, rows: readonly Float64Array[], targets: Int32Array): HeldOutScore {
  const { logits, truth } = labelledLogits(rows, targets);
  const metrics = headMetrics(logits.map((z) => softmaxRow(z)), truth);
  return { l2, accuracy: metrics.accuracy, macro_f1: metrics.macro_f1_present, nll: metrics.nll };
}

/** Uncalibrated scores of one head on held-out rows (rows without its label are skipped). */
export function heldOutScore(head: LinearHead, l2: number, features: readonly QueryFeatures[], targets: Int32Array): HeldOutScore {
  return logitsScore(l2, rowLogits(head, features), targets);
}

/** What finishHead needs of a trained head: the head, how it was fitted, and how it decodes. */
export interface TrainedHead {
  head: LinearHead;
  spec: FeatureSpec;
  l2: number;
  l2Search: HeldOutScore[];
  typePrior?: TypePrior | undefined;
}

/** Calibration and threshold of a trained head, from its logits (as it decodes them) on calibration rows it never trained on. */
export function finishHead(trained: TrainedHead, headSpec: HeadSpec, calibrationLogits: readonly Float64Array[], targets: Int32Array, thresholdFloor: number, writers?: WriterRows): FittedHead {
  const { logits, truth } = labelledLogits(calibrationLogits, targets);
  const fit = fitCalibration(logits, truth, headSpec.labels.length);
  const writerRows = writers && labelledLogits(writers.logits, writers.targets);
  const softened = writerRows && writerRows.truth.length >= MIN_WRITER_ROWS ? fitWriterTemperature(fit.map, writerRows.logits, writerRows.truth) : undefined;
  const calibration = softened ? { ...fit, map: softened.map } : fit;
  const { confidences, correct } = confidencesOf(calibration.map, logits, truth);
  return {
    head: trained.head,
    featureSet: trained.spec,
    l2: trained.l2,
    calibration,
    threshold: pickThreshold(confidences, correct, headSpec.targetPrecision, thresholdFloor),
    calibrationRows: truth.length,
    l2Search: trained.l2Search,
    ...(trained.typePrior ? { typePrior: trained.typePrior } : {}),
    ...(softened ? { writerCalibration: softened.calibration } : {}),
  };
}

/** L2 chosen per head by calibration-split accuracy (ad_content), then calibration and threshold on the same split. */
export async function fitHeadGroup(train: LabelledSplit, calibration: LabelledSplit, heads: readonly HeadSpec[], options: GroupOptions): Promise<Record<string, FittedHead>> {
  const spec = featureSpecOf(options.config);
  const calibrationFeatures = splitFeatures(spec, calibration);
  const byL2 = await fitAtL2s(train, heads, spec, options.config.l2Grid, options);
  const result: Record<string, FittedHead> = {};
  for (const headSpec of heads) {
    const targets = calibration.targets[headSpec.name] as Int32Array;
    const search = [...byL2].map(([l2, fitted]) => {
      const logits = rowLogits(fitted[headSpec.name] as LinearHead, calibrationFeatures);
      return { head: fitted[headSpec.name] as LinearHead, logits, score: logitsScore(l2, logits, targets) };
    });
    const best = search.reduce((a, b) => (b.score.accuracy > a.score.accuracy || (b.score.accuracy === a.score.accuracy && b.score.nll < a.score.nll) ? b : a));
    result[headSpec.name] = finishHead({ head: best.head, spec, l2: best.score.l2, l2Search: search.map((s) => s.score) }, headSpec, best.logits, targets, options.thresholdFloor);
  }
  return result;
}
