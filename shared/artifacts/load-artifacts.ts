/**
 * Load one artifact version and prove it is what the manifest says: every listed file present with
 * its SHA-256 (optional calibration files may be absent), and trained on the encoder in use.
 * Anything else is refused with an IntegrityError naming the file.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IntegrityError } from '../errors.js';
import { formatAjvErrors, lazyValidator } from '../schema-ajv.js';
import type { FeatureSpec } from '../features/feature-set.js';
import { sha256Hex } from '../hash.js';
import type { LinearHead } from '../heads/linear-head.js';
import { PAIR_PRIOR_HEAD, PAIR_PRIOR_SOURCE, TYPE_PRIOR_SOURCE, type TypePrior } from '../heads/type-prior.js';
import { INTENT_HEADS, type IntentHead } from '../labels.js';
import type { CalibrationMap } from '../math/calibration.js';
import { decodeMatrix } from './binary.js';
import {
  AD_CONTENT_HEAD,
  AD_CONTENT_TIER1_HEAD,
  calibrationFile,
  CURRENT_FILE,
  headFile,
  INDEX_FILE,
  MANIFEST_FILE,
  MANIFEST_SCHEMA_VERSION,
  RESOLVER_FILE,
  type CurrentPointer,
  type StoredResolver,
  type Manifest,
  type StoredCalibration,
  type StoredHead,
  type StoredIndex,
} from './layout.js';

export interface LoadedHead {
  head: LinearHead;
  featureSet: FeatureSpec;
  modelPath: string;
  calibration: CalibrationMap | undefined;
  calibrationPath: string;
  typePrior?: TypePrior | undefined;
}

export interface TaxonomyIndex {
  nodeIds: string[];
  entryNode: Int32Array;
  dim: number;
  /** Row-major [entries, dim], unit-norm rows. */
  vectors: Float32Array;
}

export interface LoadedArtifacts {
  version: string;
  dir: string;
  manifest: Manifest;
  intentHeads: Record<IntentHead, LoadedHead>;
  /** With the tier-1 head when the version has one (versions trained before it existed do not). */
  adContent: (LoadedHead & { index: TaxonomyIndex; resolver: StoredResolver | undefined; tier1Head: LoadedHead | undefined }) | undefined;
  /** Why ad_content is unavailable, when it is. */
  adContentProblem: string | undefined;
}

export interface LoadOptions {
  /** A specific version; default: the one artifacts/current.json names. */
  version?: string;
  /** Refuse artifacts trained on another encoder. */
  encoderFingerprint?: string;
}

const manifestValidator = lazyValidator<Manifest>('manifest.schema.json');

async function readJson<T>(path: string): Promise<T> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (error) {
    throw new IntegrityError(`cannot read ${path}: ${(error as Error).message}`);
  }
}

export async function currentVersion(artifactsDir: string): Promise<string> {
  const pointer = join(artifactsDir, CURRENT_FILE);
  if (!existsSync(pointer)) throw new IntegrityError(`no trained artifacts: ${pointer} is missing (run npm run train)`);
  return (await readJson<CurrentPointer>(pointer)).version;
}

/** Read every file the manifest lists and check its digest; returns the verified bytes by path. */
async function verifiedFiles(dir: string, manifest: Manifest): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of manifest.files) {
    const path = join(dir, entry.path);
    if (!existsSync(path)) {
      if (entry.optional) continue;
      throw new IntegrityError(`artifact file missing: ${path}`);
    }
    const bytes = await readFile(path);
    const digest = sha256Hex(bytes);
    if (digest !== entry.sha256) throw new IntegrityError(`artifact file ${path} fails its checksum: SHA-256 ${digest}, manifest says ${entry.sha256}`);
    files.set(entry.path, bytes);
  }
  return files;
}

function parseJsonFile<T>(files: Map<string, Buffer>, path: string): T | undefined {
  const bytes = files.get(path);
  return bytes ? (JSON.parse(bytes.toString('utf8')) as T) : undefined;
}

function loadHead(dir: string, files: Map<string, Buffer>, name: string): LoadedHead {
  const stored = parseJsonFile<StoredHead>(files, headFile(name));
  if (!stored) throw new IntegrityError(`artifact ${join(dir, headFile(name))} is not listed in the manifest`);
  const weightBytes = files.get(stored.weights_file);
  if (!weightBytes) throw new IntegrityError(`artifact ${join(dir, stored.weights_file)} is not listed in the manifest`);
  const weights = decodeMatrix(weightBytes, stored.weights_dtype, stored.input_dim * stored.labels.length);
  const calibration = parseJsonFile<StoredCalibration>(files, calibrationFile(name));
  return {
    head: { labels: stored.labels, inputDim: stored.input_dim, weights, bias: Float32Array.from(stored.bias) },
    featureSet: stored.feature_set,
    modelPath: join(dir, headFile(name)),
    calibration: calibration && { method: calibration.method, scale: calibration.scale, bias: calibration.bias },
    calibrationPath: join(dir, calibrationFile(name)),
    ...(stored.type_prior ? { typePrior: stored.type_prior } : {}),
  };
}

/**
 * A type prior must be a finite non-negative weight over one probability row per intent_type label,
 * or (decision_phase only) per listed (intent_type, intent_subtype) pair of label positions, and
 * `decoded`, when present, a boolean.
 */
function checkTypePrior(dir: string, heads: Record<IntentHead, LoadedHead>): void {
  const types = heads[TYPE_PRIOR_SOURCE].head.labels.length;
  const subtypes = heads[PAIR_PRIOR_SOURCE].head.labels.length;
  for (const head of INTENT_HEADS) {
    const prior = heads[head].typePrior;
    if (!prior) continue;
    const classes = heads[head].head.labels.length;
    const { pairs } = prior;
    const pairsFit =
      pairs === undefined ||
      (head === PAIR_PRIOR_HEAD && Array.isArray(pairs) && pairs.every((p) => Array.isArray(p) && p.length === 2 && Number.isInteger(p[0]) && Number.isInteger(p[1]) && p[0] >= 0 && p[0] < types && p[1] >= 0 && p[1] < subtypes));
    const decodedFits = prior.decoded === undefined || typeof prior.decoded === 'boolean';
    const rowCount = pairs?.length ?? types;
    const rowsFit = Array.isArray(prior.table) && prior.table.length === rowCount && prior.table.every((row) => Array.isArray(row) && row.length === classes && row.every((p) => Number.isFinite(p) && p > 0));
    if (head === TYPE_PRIOR_SOURCE || !Number.isFinite(prior.weight) || prior.weight < 0 || !pairsFit || !decodedFits || !rowsFit) {
      const rowsExpected = pairs ? `one row of ${classes} positive probabilities per (intent_type, intent_subtype) pair, pairs only on decision_phase, decoded a boolean` : `${types} rows of ${classes} positive probabilities, decoded a boolean`;
      throw new IntegrityError(`artifact ${join(dir, headFile(head))} has an invalid type_prior (expected a weight >= 0 and ${rowsExpected}${head === TYPE_PRIOR_SOURCE ? ', and none on intent_type itself' : ''})`);
    }
  }
}

function loadIndex(files: Map<string, Buffer>): TaxonomyIndex {
  const stored = parseJsonFile<StoredIndex>(files, INDEX_FILE);
  const bytes = stored && files.get(stored.vectors_file);
  if (!stored || !bytes) throw new IntegrityError('taxonomy index files are not listed in the manifest');
  return {
    nodeIds: stored.node_ids,
    entryNode: Int32Array.from(stored.entry_node),
    dim: stored.dim,
    vectors: decodeMatrix(bytes, stored.vectors_dtype, stored.entry_node.length * stored.dim),
  };
}

export async function loadArtifacts(artifactsDir: string, options: LoadOptions = {}): Promise<LoadedArtifacts> {
  const version = options.version ?? (await currentVersion(artifactsDir));
  const dir = join(artifactsDir, version);
  const manifest = await readJson<Manifest>(join(dir, MANIFEST_FILE));
  const validateManifest = manifestValidator();
  if (!validateManifest(manifest)) throw new IntegrityError(`${join(dir, MANIFEST_FILE)} is not a valid manifest: ${formatAjvErrors(validateManifest.errors)}`);
  if (manifest.schema_version !== MANIFEST_SCHEMA_VERSION || manifest.version !== version) {
    throw new IntegrityError(`${join(dir, MANIFEST_FILE)}: manifest schema ${manifest.schema_version} / version ${manifest.version} does not match ${MANIFEST_SCHEMA_VERSION} / ${version}`);
  }
  if (options.encoderFingerprint && manifest.encoder.fingerprint !== options.encoderFingerprint) {
    throw new IntegrityError(
      `artifacts ${version} were trained on encoder ${manifest.encoder.id} (fingerprint ${manifest.encoder.fingerprint.slice(0, 16)}…), not on the configured encoder (fingerprint ${options.encoderFingerprint.slice(0, 16)}…)`,
    );
  }
  const files = await verifiedFiles(dir, manifest);
  const intentHeads = Object.fromEntries(INTENT_HEADS.map((head) => [head, loadHead(dir, files, head)])) as Record<IntentHead, LoadedHead>;
  checkTypePrior(dir, intentHeads);
  let adContent: LoadedArtifacts['adContent'];
  let adContentProblem: string | undefined;
  try {
    const tier1Head = manifest.files.some((f) => f.path === headFile(AD_CONTENT_TIER1_HEAD)) ? loadHead(dir, files, AD_CONTENT_TIER1_HEAD) : undefined;
    adContent = { ...loadHead(dir, files, AD_CONTENT_HEAD), index: loadIndex(files), resolver: parseJsonFile<StoredResolver>(files, RESOLVER_FILE), tier1Head };
  } catch (error) {
    adContentProblem = (error as Error).message;
  }
  return { version, dir, manifest, intentHeads, adContent, adContentProblem };
}
