/** Fitted heads, calibration and the taxonomy index as artifact files (fixed names from shared/artifacts/layout). */
import { encodeMatrix, type StoredDtype } from '../shared/artifacts/binary.js';
import { calibrationFile, headFile, headWeightsFile, INDEX_FILE, INDEX_VECTORS_FILE, type StoredCalibration, type StoredHead, type StoredIndex } from '../shared/artifacts/layout.js';
import type { ArtifactFile } from './artifacts/write-artifacts.js';
import { jsonBytes } from './artifacts/write-artifacts.js';
import type { FittedHead } from './fit-head-group.js';

export function headFiles(name: string, fitted: FittedHead, dtype: StoredDtype, optional = false): ArtifactFile[] {
  const stored: StoredHead = {
    head: name,
    labels: [...fitted.head.labels],
    input_dim: fitted.head.inputDim,
    feature_set: fitted.featureSet,
    weights_file: headWeightsFile(name),
    weights_dtype: dtype,
    bias: Array.from(fitted.head.bias),
    ...(fitted.typePrior ? { type_prior: fitted.typePrior } : {}),
  };
  const calibration: StoredCalibration = {
    head: name,
    method: fitted.calibration.map.method,
    scale: fitted.calibration.map.scale,
    bias: fitted.calibration.map.bias,
    held_out_nll: fitted.calibration.heldOutNll,
    calibration_rows: fitted.calibrationRows,
    ...(fitted.writerCalibration ? { unseen_writers: { temperature: fitted.writerCalibration.temperature, rows: fitted.writerCalibration.rows } } : {}),
  };
  return [
    { path: headFile(name), bytes: jsonBytes(stored), optional },
    { path: headWeightsFile(name), bytes: encodeMatrix(fitted.head.weights, dtype), optional },
    { path: calibrationFile(name), bytes: jsonBytes(calibration), optional: true },
  ];
}

/** Rows of equal length as one row-major matrix. */
export function flattenRows(rows: readonly Float32Array[]): Float32Array {
  const dim = rows[0]?.length ?? 0;
  const out = new Float32Array(rows.length * dim);
  rows.forEach((row, i) => out.set(row, i * dim));
  return out;
}

export function indexFiles(nodeIds: readonly string[], entryNode: readonly number[], vectors: readonly Float32Array[], dtype: StoredDtype): ArtifactFile[] {
  const dim = vectors[0]?.length ?? 0;
  const flat = flattenRows(vectors);
  const stored: StoredIndex = { node_ids: [...nodeIds], entry_node: [...entryNode], dim, vectors_file: INDEX_VECTORS_FILE, vectors_dtype: dtype };
  return [
    { path: INDEX_FILE, bytes: jsonBytes(stored), optional: true },
    { path: INDEX_VECTORS_FILE, bytes: encodeMatrix(flat, dtype), optional: true },
  ];
}
