/**
 * Any BERT-style sentence encoder exported to ONNX for transformers.js: a `feature-extraction` pipeline with
 * mean pooling and L2 normalisation, fp32 weights on the CPU (onnxruntime-node).
 *
 * `config.model` is either a local model folder (used when it exists on disk; loaded with local files only, so no
 * network request is ever made) or a Hugging Face Hub id (downloaded into, or read from, the library's own cache).
 *
 * `@huggingface/transformers` (with onnxruntime and sharp, ~450 MB) is an extra, not a dependency: a plain
 * `npm install` leaves it out, and asking for this backend without it is a ConfigError naming the install command
 * (README: "The transformers encoder").
 */
import { stat } from 'node:fs/promises';
import { basename, isAbsolute, join, resolve } from 'node:path';
import type { EncoderConfig } from '../config.js';
import { ConfigError } from '../errors.js';
import { sha256File, sha256OfParts } from '../hash.js';
import { withOptionalPackages } from '../optional-package.js';
import { embedInBatches, rowsOf, type Encoder } from './encoder.js';

/** The extra and the version range this adapter is written against. */
export const TRANSFORMERS_PACKAGE = '@huggingface/transformers';
export const TRANSFORMERS_RANGE = '^4.3.1';

/** The part of the transformers.js API this adapter uses (typed here because the package may be absent at type-check time). */
export interface TransformersEnv {
  useFSCache: boolean;
  cacheDir: string | null;
  allowLocalModels: boolean;
  localModelPath: string;
  allowRemoteModels: boolean;
  fetch: (input: string | URL, init?: unknown) => Promise<unknown>;
}
interface PooledOutput {
  dims: number[];
  data: unknown;
  type: string;
  dispose(): void;
}
interface FeatureExtractionPipeline {
  (texts: string[], options: { pooling: 'mean'; normalize: boolean }): Promise<PooledOutput>;
  dispose(): Promise<void>;
}
interface PipelineOptions {
  dtype: string;
  device: string;
  local_files_only?: boolean;
}
export interface TransformersModule {
  env: TransformersEnv;
  ModelRegistry: { get_pipeline_files(task: string, model: string, options: PipelineOptions): Promise<string[]> };
  pipeline(task: 'feature-extraction', model: string, options: PipelineOptions): Promise<FeatureExtractionPipeline>;
}

/** The transformers.js module, or a ConfigError saying how to install it. */
export async function loadTransformers(): Promise<TransformersModule> {
  // onnxruntime-node's postinstall would otherwise try to download CUDA libraries on linux/x64.
  const transformers = [{ name: TRANSFORMERS_PACKAGE, range: TRANSFORMERS_RANGE, installEnv: 'ONNXRUNTIME_NODE_INSTALL=skip' }];
  return withOptionalPackages(transformers, 'the transformers encoder (ENCODER_BACKEND=transformers; about 450 MB with onnxruntime)', async () => (await import(TRANSFORMERS_PACKAGE as string)) as TransformersModule);
}

const TASK = 'feature-extraction';
const DTYPE = 'fp32';
const DEVICE = 'cpu';
/** Embedded once at load: proves the model runs and gives the output dimension. */
const DIM_PROBE_TEXT = 'dimension probe';

interface ModelSource {
  /** What transformers.js is given: an absolute folder path or a Hub id. */
  ref: string;
  /** The encoder id suffix after `transformers:`. */
  name: string;
  local: boolean;
}

async function isDirectory(path: string): Promise<boolean | undefined> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return undefined;
  }
}

/** Hub ids are `name` or `owner/name`; anything else that is not on disk is a missing folder. */
function looksLikeHubId(model: string): boolean {
  return /^[\w.-]+(\/[\w.-]+)?$/.test(model) && !model.includes('..') && !model.startsWith('.');
}

async function resolveModelSource(model: string): Promise<ModelSource> {
  const folder = resolve(model);
  const isDir = await isDirectory(folder);
  if (isDir === true) return { ref: folder, name: `local/${basename(folder)}`, local: true };
  if (isDir === false) throw new ConfigError(`transformers encoder model "${model}" is a file, not a model folder`);
  if (isAbsolute(model) || !looksLikeHubId(model)) {
    throw new ConfigError(`transformers encoder model folder "${model}" does not exist`);
  }
  return { ref: model, name: model, local: false };
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n').map((line) => line.trim()).filter(Boolean).join(' ');
}

/**
 * Where the loaded copy of `file` lives. A folder model is read in place; for a Hub id transformers.js looks in
 * its file cache (`env.cacheDir/<id>/<file>`) first, then under `env.localModelPath/<id>/<file>`.
 */
async function locateFile(env: TransformersEnv, source: ModelSource, file: string): Promise<string | undefined> {
  const candidates = source.local
    ? [join(source.ref, file)]
    : [
        ...(env.useFSCache && env.cacheDir ? [join(env.cacheDir, source.ref, file)] : []),
        ...(env.allowLocalModels && env.localModelPath ? [join(env.localModelPath, source.ref, file)] : []),
      ];
  for (const candidate of candidates) {
    try {
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // not here; try the next place
    }
  }
  return undefined;
}

/** SHA-256 over [relative name, file digest] of every file the pipeline loaded (config, tokenizer, ONNX weights). */
async function fingerprintModel({ env, ModelRegistry }: TransformersModule, source: ModelSource): Promise<string> {
  // The same (memoised) file list `pipeline()` itself resolved: config.json, onnx/model.onnx (+ external data
  // chunks when the config declares them), and tokenizer.json + tokenizer_config.json when the latter exists.
  const files = await ModelRegistry.get_pipeline_files(TASK, source.ref, { dtype: DTYPE, device: DEVICE });
  const parts = await Promise.all(
    files.map(async (file): Promise<[string, string]> => {
      const path = await locateFile(env, source, file);
      if (!path) {
        throw new ConfigError(`transformers encoder model "${source.name}": cannot find its loaded file "${file}" on disk to fingerprint it`);
      }
      return [file, await sha256File(path)];
    }),
  );
  return sha256OfParts(parts);
}

export async function createTransformersEncoder(config: EncoderConfig): Promise<Encoder> {
  const model = config.model?.trim();
  if (!model) {
    throw new ConfigError('the transformers encoder needs a model: set ENCODER_MODEL or --encoder-model to a Hub id or a local folder');
  }
  const source = await resolveModelSource(model);
  const transformers = await loadTransformers();

  let extractor: FeatureExtractionPipeline;
  try {
    extractor = await transformers.pipeline(TASK, source.ref, {
      dtype: DTYPE,
      device: DEVICE,
      // A folder is read in place and never looked up remotely; a Hub id may download into the library cache
      // unless the caller has set `env.allowRemoteModels = false`.
      local_files_only: source.local,
    });
  } catch (error) {
    throw new ConfigError(`transformers encoder could not load model "${model}": ${oneLine(error)}`);
  }

  async function run(batch: readonly string[]): Promise<{ flat: Float32Array; dim: number }> {
    const output = await extractor([...batch], { pooling: 'mean', normalize: true });
    try {
      const [rows, dim] = output.dims;
      if (output.dims.length !== 2 || rows !== batch.length || !dim) {
        throw new Error(`expected pooled embeddings of shape [${batch.length}, dim], got [${output.dims.join(', ')}]`);
      }
      if (!(output.data instanceof Float32Array)) throw new Error(`expected float32 embeddings, got ${output.type}`);
      return { flat: output.data.slice(), dim };
    } finally {
      output.dispose();
    }
  }

  let dim: number;
  let fingerprint: string;
  try {
    ({ dim } = await run([DIM_PROBE_TEXT]));
    fingerprint = await fingerprintModel(transformers, source);
  } catch (error) {
    await extractor.dispose().catch(() => undefined);
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`transformers encoder could not run model "${model}": ${oneLine(error)}`);
  }

  async function embedBatch(batch: readonly string[]): Promise<Float32Array[]> {
    const result = await run(batch);
    if (result.dim !== dim) throw new Error(`transformers encoder returned ${result.dim}-d vectors, expected ${dim}`);
    // The pipeline already normalises; rowsOf re-normalises each row defensively.
    return rowsOf(result.flat, batch.length, dim);
  }

  let disposed = false;
  return {
    id: `transformers:${source.name}`,
    dim,
    fingerprint,
    embed: (texts, options = {}) => embedInBatches(texts, options.batchSize ?? config.batchSize, embedBatch, options.onProgress),
    async dispose() {
      if (disposed) return;
      disposed = true;
      await extractor.dispose();
    },
  };
}
