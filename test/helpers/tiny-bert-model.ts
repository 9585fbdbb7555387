/**
 * A complete, tiny BERT-format model for encoder tests, built in-process: no download, no randomness.
 *
 * Layout (what transformers.js expects of a local model folder):
 *   config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx
 *
 * The ONNX graph is "embeddings only": last_hidden_state = (word_emb[input_ids] + type_emb[token_type_ids])
 * * attention_mask. Every weight comes from a fixed integer-hash formula, so the same bytes are written every time.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
// onnx-proto is CommonJS (`module.exports = $root`): take the namespace off the default export.
import onnxProto, { type onnx as OnnxTypes } from 'onnx-proto';

const { onnx } = onnxProto;

export const TINY_BERT_HIDDEN_SIZE = 16;
export const TINY_BERT_MAX_LENGTH = 128;

const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

const WORDS = [
  '.', ',', '?', '!', "'", '-', ':', '/',
  'the', 'a', 'an', 'and', 'or', 'of', 'to', 'in', 'on', 'for', 'with', 'at', 'from', 'by', 'about', 'near',
  'i', 'you', 'we', 'my', 'me', 'it', 'is', 'are', 'was', 'be', 'do', 'can', 'should', 'will', 'what', 'how',
  'which', 'where', 'when', 'why', 'who', 'best', 'good', 'cheap', 'new', 'buy', 'book', 'find', 'get', 'make',
  'reset', 'change', 'compare', 'plan', 'flight', 'hotel', 'car', 'laptop', 'phone', 'password', 'router', 'wifi',
  'pizza', 'recipe', 'weather', 'rain', 'tomorrow', 'today', 'london', 'denver', 'paris', 'team', 'small',
  'college', 'student', 'job', 'money', 'bank', 'loan', 'insurance', 'health', 'doctor', 'music', 'movie',
  'game', 'shoes', 'dog', 'cat', '##s', '##ing', '##ed', '##er',
] as const;

/** Token strings in id order: the five BERT special tokens first, then ~100 lowercase words and subwords. */
export const TINY_BERT_VOCAB: readonly string[] = [...SPECIAL_TOKENS, ...WORDS];

const TOKEN_ID = new Map(TINY_BERT_VOCAB.map((token, id) => [token, id]));

function tokenId(token: string): number {
  const id = TOKEN_ID.get(token);
  if (id === undefined) throw new Error(`tiny BERT vocabulary has no token "${token}"`);
  return id;
}

/** Integer hash (murmur3 finaliser) of (row, column, table seed) mapped to a float32 in [-1, 1). */
function hashedWeight(row: number, column: number, seed: number): number {
  let h = Math.imul(row + 1, 0x9e3779b1) ^ Math.imul(column + 1, 0x85ebca6b) ^ Math.imul(seed, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return Math.fround(((h >>> 0) / 0x1_0000_0000) * 2 - 1);
}

/** The word-embedding weight of `token` at `column`, exactly as stored in model.onnx. */
export function tinyBertWordWeight(token: number, column: number): number {
  return hashedWeight(token, column, 1);
}

/** Token-type weights are small, so they shift rather than swamp the word embedding. */
export function tinyBertTypeWeight(typeId: number, column: number): number {
  return Math.fround(hashedWeight(typeId, column, 2) * 0.125);
}

function float32Bytes(rows: number, columns: number, weight: (row: number, column: number) => number): Uint8Array {
  const values = new Float32Array(rows * columns);
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) values[r * columns + c] = weight(r, c);
  // Float32Array is platform-endian; ONNX raw_data is little-endian, so write explicitly.
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return bytes;
}

function tensorValueInfo(name: string, elemType: OnnxTypes.TensorProto.DataType, dims: Array<string | number>): OnnxTypes.IValueInfoProto {
  return {
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })) },
      },
    },
  };
}

/** The serialised ONNX model: deterministic for a given hidden size and vocabulary. */
export function buildTinyBertOnnx(hiddenSize = TINY_BERT_HIDDEN_SIZE, vocabSize = TINY_BERT_VOCAB.length): Uint8Array {
  const { FLOAT, INT64 } = onnx.TensorProto.DataType;
  const graph: OnnxTypes.IGraphProto = {
    name: 'tiny_bert_embeddings',
    input: [
      tensorValueInfo('input_ids', INT64, ['batch_size', 'sequence_length']),
      tensorValueInfo('attention_mask', INT64, ['batch_size', 'sequence_length']),
      tensorValueInfo('token_type_ids', INT64, ['batch_size', 'sequence_length']),
    ],
    output: [tensorValueInfo('last_hidden_state', FLOAT, ['batch_size', 'sequence_length', hiddenSize])],
    initializer: [
      { name: 'word_embeddings', dims: [vocabSize, hiddenSize], dataType: FLOAT, rawData: float32Bytes(vocabSize, hiddenSize, tinyBertWordWeight) },
      { name: 'token_type_embeddings', dims: [2, hiddenSize], dataType: FLOAT, rawData: float32Bytes(2, hiddenSize, tinyBertTypeWeight) },
      { name: 'unsqueeze_axes', dims: [1], dataType: INT64, int64Data: [-1] },
    ],
    node: [
      { opType: 'Gather', name: 'word_gather', input: ['word_embeddings', 'input_ids'], output: ['word_vectors'], attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }] },
      { opType: 'Gather', name: 'type_gather', input: ['token_type_embeddings', 'token_type_ids'], output: ['type_vectors'], attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }] },
      { opType: 'Add', name: 'embeddings_add', input: ['word_vectors', 'type_vectors'], output: ['embeddings'] },
      { opType: 'Cast', name: 'mask_cast', input: ['attention_mask'], output: ['mask_float'], attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: FLOAT }] },
      { opType: 'Unsqueeze', name: 'mask_unsqueeze', input: ['mask_float', 'unsqueeze_axes'], output: ['mask_3d'] },
      { opType: 'Mul', name: 'mask_mul', input: ['embeddings', 'mask_3d'], output: ['last_hidden_state'] },
    ],
  };
  const model: OnnxTypes.IModelProto = {
    irVersion: 8,
    opsetImport: [{ domain: '', version: 14 }],
    producerName: 'query-intent-tiny-bert',
    producerVersion: '1',
    graph,
  };
  return onnx.ModelProto.encode(onnx.ModelProto.create(model)).finish();
}

function tokenizerJson(): object {
  const special = (token: string) => ({ id: token, ids: [tokenId(token)], tokens: [token] });
  const specialPiece = (token: string, typeId: number) => ({ SpecialToken: { id: token, type_id: typeId } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content) => ({
      id: tokenId(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    // The standard BertWordPiece normaliser, lowercasing on.
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [specialPiece('[CLS]', 0), { Sequence: { id: 'A', type_id: 0 } }, specialPiece('[SEP]', 0)],
      pair: [
        specialPiece('[CLS]', 0),
        { Sequence: { id: 'A', type_id: 0 } },
        specialPiece('[SEP]', 0),
        { Sequence: { id: 'B', type_id: 1 } },
        specialPiece('[SEP]', 1),
      ],
      special_tokens: { '[CLS]': special('[CLS]'), '[SEP]': special('[SEP]') },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(TINY_BERT_VOCAB.map((token, id) => [token, id])),
    },
  };
}

function tokenizerConfigJson(): object {
  return {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    tokenize_chinese_chars: true,
    strip_accents: null,
    clean_up_tokenization_spaces: true,
    model_max_length: TINY_BERT_MAX_LENGTH,
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    mask_token: '[MASK]',
  };
}

function configJson(): object {
  return {
    architectures: ['BertModel'],
    model_type: 'bert',
    vocab_size: TINY_BERT_VOCAB.length,
    hidden_size: TINY_BERT_HIDDEN_SIZE,
    num_hidden_layers: 1,
    num_attention_heads: 2,
    intermediate_size: TINY_BERT_HIDDEN_SIZE * 2,
    hidden_act: 'gelu',
    max_position_embeddings: TINY_BERT_MAX_LENGTH,
    type_vocab_size: 2,
    layer_norm_eps: 1e-12,
    pad_token_id: 0,
  };
}

const json = (value: object): string => `${JSON.stringify(value, null, 2)}\n`;

/** Write the tiny model into `dir` (created if needed). Same bytes on every call. */
export async function writeTinyBertModel(dir: string): Promise<void> {
  await mkdir(join(dir, 'onnx'), { recursive: true });
  await Promise.all([
    writeFile(join(dir, 'config.json'), json(configJson())),
    writeFile(join(dir, 'tokenizer.json'), json(tokenizerJson())),
    writeFile(join(dir, 'tokenizer_config.json'), json(tokenizerConfigJson())),
    writeFile(join(dir, 'onnx', 'model.onnx'), buildTinyBertOnnx()),
  ]);
}
