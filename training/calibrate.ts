/**
 * `npm run calibrate -- --data FILE`: refit per-label calibration and thresholds of the existing intent
 * heads on a user's labelled JSONL or CSV, without retraining them, and write a new artifact version.
 */
import { basename } from 'node:path';
import { loadArtifacts } from '../shared/artifacts/load-artifacts.js';
import { calibrationFile, type StoredCalibration } from '../shared/artifacts/layout.js';
import { type AppConfig } from '../shared/config.js';
import { CachedEncoder } from '../shared/encoder/embedding-cache.js';
import { createJobEncoder } from '../shared/encoder/create-encoder.js';
import type { Encoder } from '../shared/encoder/encoder.js';
import { sharedFeatures } from '../shared/features/feature-set.js';
import { sha256File } from '../shared/hash.js';
import { HEAD_LABELS, INTENT_HEADS } from '../shared/labels.js';
import { headMetrics } from '../shared/math/metrics.js';
import { deriveVersion } from './artifacts/derive-version.js';
import { jsonBytes } from './artifacts/write-artifacts.js';
import { readIntentRows } from './data/load-training-data.js';
import { fitCalibration } from './fit-calibration.js';
import { confidencesOf, labelledLogits } from './fit-head-group.js';
import { intentLogits } from '../shared/heads/type-prior.js';
import { pickThreshold } from '../shared/math/pick-threshold.js';

export interface CalibrateOptions {
  config: AppConfig;
  dataFile: string;
  encoder?: Encoder;
  log?: (line: string) => void;
}

/** Minimum labelled rows for a head to be recalibrated; fewer leaves its calibration as it was. */
export const MIN_RECALIBRATION_ROWS = 30;

export async function calibrate(options: CalibrateOptions) {
  const { config } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const rows = await readIntentRows(options.dataFile);
  const encoder = new CachedEncoder(options.encoder ?? (await createJobEncoder(config.encoder, config.jobThreads)), config.paths.embedCacheDir);
  const artifacts = await loadArtifacts(config.paths.artifactsDir, { encoderFingerprint: encoder.fingerprint });
  const embeddings = await encoder.embed(rows.map((r) => r.text));
  const dataDigest = await sha256File(options.dataFile);

  const result = await deriveVersion(config.paths.artifactsDir, (base) => {
    const files = [...base.files];
    const thresholds = { ...base.draft.thresholds };
    // Heads in INTENT_HEADS order, each decoded through the maps already refitted (a decoded-pair phase prior reads them).
    const heads = { ...artifacts.intentHeads };
    const rowFeatures = rows.map((row, i) => sharedFeatures(row.text, embeddings[i] as Float32Array));
    for (const head of INTENT_HEADS) {
      const loaded = heads[head];
      const decoded = rowFeatures.map((featuresOf) => intentLogits(heads, (h) => featuresOf(heads[h].featureSet))[head]);
      const targets = Int32Array.from(rows, (row) => (row[head] === undefined ? -1 : HEAD_LABELS[head].indexOf(row[head] as string)));
      const { logits, truth } = labelledLogits(decoded, targets);
      if (truth.length < MIN_RECALIBRATION_ROWS) {
        log(`${head}: ${truth.length} labelled rows, fewer than ${MIN_RECALIBRATION_ROWS}: calibration kept as it was`);
        continue;
      }
      const before = headMetrics(confidencesOf(loaded.calibration, logits, truth).probabilities, truth);
      const fit = fitCalibration(logits, truth, loaded.head.labels.length);
      const after = confidencesOf(fit.map, logits, truth);
      heads[head] = { ...loaded, calibration: fit.map };
      const previous = thresholds[head];
      const choice = pickThreshold(after.confidences, after.correct, previous?.target_precision ?? config.training.targetPrecision[head], previous?.floor ?? config.training.thresholdFloor);
      thresholds[head] = { ...(previous ?? { target_precision: config.training.targetPrecision[head], floor: config.training.thresholdFloor }), threshold: choice.threshold, target_met: choice.targetMet };
      const stored: StoredCalibration = { head, method: fit.map.method, scale: fit.map.scale, bias: fit.map.bias, held_out_nll: fit.heldOutNll, calibration_rows: truth.length };
      const index = files.findIndex((f) => f.path === calibrationFile(head));
      const file = { path: calibrationFile(head), bytes: jsonBytes(stored), optional: true };
      if (index >= 0) files[index] = file;
      else files.push(file);
      const metricsAfter = headMetrics(after.probabilities, truth);
      log(`${head}: ${truth.length} rows, ${fit.map.method}; NLL ${before.nll.toFixed(3)} -> ${metricsAfter.nll.toFixed(3)}, ECE ${before.ece.toFixed(3)} -> ${metricsAfter.ece.toFixed(3)}, threshold ${choice.threshold.toFixed(2)}`);
    }
    const draft = {
      ...base.draft,
      thresholds,
      training_data: [...base.draft.training_data, { path: `calibration:${basename(options.dataFile)}`, sha256: dataDigest, rows: rows.length }],
    };
    return { draft, files, note: `recalibrated on ${basename(options.dataFile)} (${rows.length} rows)` };
  });
  await encoder.dispose();
  return result;
}
