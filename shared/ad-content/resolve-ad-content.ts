/**
 * ad_content resolution: the supervised classifier's calibrated probabilities mixed with the taxonomy
 * index's similarities, candidates reranked by lexical agreement with their label and path, then the
 * deepest confident node on the winner's lineage (an ancestor carries its subtree's summed mass).
 */
import type { LoadedHead, TaxonomyIndex } from '../artifacts/load-artifacts.js';
import { RESOLVER_FILE, type StoredResolver } from '../artifacts/layout.js';
import { IntegrityError } from '../errors.js';
import { splitContrast, type ContrastSplit } from '../features/contrast.js';
import type { MappingMode } from '../envelope/envelope-types.js';
import { queryFeatures } from '../features/feature-set.js';
import { tokenize } from '../features/ngram-features.js';
import * as tf from '@tensorflow/tfjs';
import { addSparseLogits, headLogits } from '../heads/linear-head.js';
import { calibratedProba } from '../math/calibration.js';
import { softmaxRow } from '../math/softmax.js';
import { lineage, type Taxonomy, type TaxonomyNode } from '../../taxonomy/taxonomy.js';
import type { RegulatedEntry } from '../../taxonomy/annotations.js';
import { regulatedVerticalOf } from '../../taxonomy/annotations.js';

export interface ResolverParams {
  /** Share of the index distribution in the mixture with the classifier's probabilities. */
  indexWeight: number;
  /** Softmax temperature over index cosine similarities. */
  indexTemperature: number;
  /** Weight of lexical agreement (share of the node label's words found in the query) in reranking. */
  lexicalWeight: number;
  /** Candidates reranked (top by mixture probability). */
  candidates: number;
  /** Mass a node on the winner's lineage needs to be chosen over its ancestors ("confident enough" for its depth). */
  walkUpThreshold: number;
}

export const DEFAULT_RESOLVER_PARAMS: ResolverParams = { indexWeight: 0.3, indexTemperature: 0.05, lexicalWeight: 0.1, candidates: 10, walkUpThreshold: 0.2 };

export function resolverParamsOf(stored: StoredResolver | undefined): ResolverParams {
  if (!stored) return DEFAULT_RESOLVER_PARAMS;
  const params = {
    indexWeight: stored.index_weight,
    indexTemperature: stored.index_temperature,
    lexicalWeight: stored.lexical_weight,
    candidates: stored.candidates,
    walkUpThreshold: stored.walk_up_threshold,
  };
  const invalid = Object.entries(params).find(([, value]) => typeof value !== 'number' || !Number.isFinite(value));
  if (invalid) throw new IntegrityError(`${RESOLVER_FILE}: ${invalid[0]} is missing or not a number`);
  return params;
}

export interface AdContentModel {
  classifier: LoadedHead;
  index: TaxonomyIndex;
  taxonomy: Taxonomy;
  regulated: ReadonlyMap<string, RegulatedEntry>;
  threshold: number;
  params: ResolverParams;
  /** Node positions (classifier label order) of each node's subtree, itself included. */
  subtree: ReadonlyMap<string, readonly number[]>;
  /** Distinct words of each node's label (classifier label order), as the lexical rerank matches them. */
  labelWords: ReadonlyArray<readonly string[]>;
}

export interface AdContentResolution {
  node: TaxonomyNode;
  tiers: Array<{ id: string; label: string }>;
  mapping_mode: MappingMode;
  mapping_confidence: number;
  sensitive: boolean;
  regulated: boolean;
}

const stem = (word: string) => word.replace(/(ies|es|s)$/u, '');
const wordsOf = (text: string) => new Set(tokenize(text).filter((w) => w.length > 2).map(stem));

export function buildAdContentModel(parts: Omit<AdContentModel, 'subtree' | 'labelWords' | 'params'> & { params?: ResolverParams }): AdContentModel {
  const labels = parts.classifier.head.labels;
  const position = new Map(labels.map((id, i) => [id, i]));
  const subtree = new Map<string, number[]>();
  labels.forEach((id, i) => {
    for (const ancestor of lineage(parts.taxonomy, id)) {
      const list = subtree.get(ancestor.id) ?? [];
      list.push(i);
      subtree.set(ancestor.id, list);
    }
  });
  if (parts.index.nodeIds.some((id, i) => position.get(id) !== i)) throw new Error('taxonomy index and ad_content classifier disagree on node order');
  const labelWords = labels.map((id) => {
    const node = parts.taxonomy.byId.get(id);
    return [...wordsOf(node ? node.name : '')];
  });
  return { ...parts, params: parts.params ?? DEFAULT_RESOLVER_PARAMS, subtree, labelWords };
}

/** Cosine similarity of the query to every index entry (rows are unit vectors). */
function entrySimilarities(index: TaxonomyIndex, embedding: Float32Array): Float32Array {
  const sims = new Float32Array(index.entryNode.length);
  for (let e = 0; e < index.entryNode.length; e++) {
    let dot = 0;
    const offset = e * index.dim;
    for (let d = 0; d < index.dim; d++) dot += (embedding[d] as number) * (index.vectors[offset + d] as number);
    sims[e] = dot;
  }
  return sims;
}

/** Softmax over nodes of each node's best entry similarity. */
function indexDistributionFrom(index: TaxonomyIndex, sims: ArrayLike<number>, temperature: number): Float64Array {
  const best = new Float64Array(index.nodeIds.length).fill(-1);
  for (let e = 0; e < index.entryNode.length; e++) {
    const node = index.entryNode[e] as number;
    if ((sims[e] as number) > (best[node] as number)) best[node] = sims[e] as number;
  }
  return softmaxRow(best.map((s) => s / temperature));
}

function indexDistribution(index: TaxonomyIndex, embedding: Float32Array, temperature: number): Float64Array {
  return indexDistributionFrom(index, entrySimilarities(index, embedding), temperature);
}

/** Positions of the k largest values, largest first (ties: lower position first). */
function topIndices(values: Float64Array, k: number): number[] {
  const top: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (top.length === k && v <= (values[top[k - 1] as number] as number)) continue;
    let at = top.length;
    while (at > 0 && v > (values[top[at - 1] as number] as number)) at--;
    top.splice(at, 0, i);
    if (top.length > k) top.pop();
  }
  return top;
}

/** The supervised classifier's (calibrated) probabilities over nodes, in label order. */
export function classifierDistribution(model: AdContentModel, text: string, embedding: Float32Array, contrast?: ContrastSplit): Float64Array {
  const { classifier } = model;
  const logits = headLogits(classifier.head, queryFeatures(classifier.featureSet, text, embedding, contrast));
  return classifier.calibration ? calibratedProba(classifier.calibration, logits) : softmaxRow(logits);
}

/** The node one source alone would pick: the classifier's argmax or the index's nearest node (for comparisons). */
export function singleSourceNode(model: AdContentModel, source: 'classifier' | 'index', text: string, embedding: Float32Array): string {
  const scores = source === 'classifier' ? classifierDistribution(model, text, embedding) : indexDistribution(model.index, embedding, model.params.indexTemperature);
  return model.classifier.head.labels[topIndices(scores, 1)[0] as number] as string;
}

/** The threshold-independent part of a resolution: mixture over nodes, reranked candidates and the winner. */
export interface AdContentScores {
  mixture: Float64Array;
  /** Top nodes by mixture probability (label positions), best first. */
  candidates: number[];
  /** The candidate that wins the lexical rerank. */
  winner: number;
}

export function scoreAdContent(model: AdContentModel, text: string, embedding: Float32Array): AdContentScores {
  const contrast = splitContrast(text);
  return scoresFrom(model, contrast, classifierDistribution(model, text, embedding, contrast), indexDistribution(model.index, embedding, model.params.indexTemperature));
}

/**
 * The classifier's dense block and the index entries side by side, input-major ([dim, classes + entries]),
 * as one tfjs matrix per model. Input-major because tfjs-wasm's matMul with a transposed operand is ~10x slower.
 */
const stackedDenseCache = new WeakMap<AdContentModel, tf.Tensor2D>();

function stackedDense(model: AdContentModel): tf.Tensor2D {
  const cached = stackedDenseCache.get(model);
  if (cached && !cached.isDisposed) return cached;
  const { head } = model.classifier;
  const { dim, entryNode, vectors } = model.index;
  const classes = head.labels.length;
  const width = classes + entryNode.length;
  const stacked = new Float32Array(dim * width);
  for (let i = 0; i < dim; i++) {
    stacked.set(head.weights.subarray(i * classes, (i + 1) * classes), i * width);
    for (let e = 0; e < entryNode.length; e++) stacked[i * width + classes + e] = vectors[e * dim + i] as number;
  }
  const tensor = tf.keep(tf.tensor2d(stacked, [dim, width]));
  stackedDenseCache.set(model, tensor);
  return tensor;
}

/**
 * scoreAdContent for a batch: the classifier's dense logits and the index similarities of every text
 * come from one matrix product on the active tfjs backend (wasm when the default encoder loaded it),
 * which costs a fraction of the per-text dot products in TypeScript. Same numbers up to float rounding.
 */
export async function scoreAdContentBatch(model: AdContentModel, texts: readonly string[], embeddings: readonly Float32Array[]): Promise<AdContentScores[]> {
  if (texts.length === 0) return [];
  const { head, featureSet, calibration } = model.classifier;
  const dim = model.index.dim;
  const classes = head.labels.length;
  const width = classes + model.index.entryNode.length;
  const flat = new Float32Array(texts.length * dim);
  embeddings.forEach((e, i) => flat.set(e, i * dim));
  const queries = tf.tensor2d(flat, [texts.length, dim]);
  const product = tf.matMul(queries, stackedDense(model));
  const scores = (await product.data()) as Float32Array;
  tf.dispose([queries, product]);
  return texts.map((text, i) => {
    const row = scores.subarray(i * width, (i + 1) * width);
    const logits = Float64Array.from(head.bias, (b, k) => b + (row[k] as number));
    const contrast = splitContrast(text);
    addSparseLogits(head, queryFeatures(featureSet, text, embeddings[i] as Float32Array, contrast), logits);
    const classifierProba = calibration ? calibratedProba(calibration, logits) : softmaxRow(logits);
    return scoresFrom(model, contrast, classifierProba, indexDistributionFrom(model.index, row.subarray(classes), model.params.indexTemperature));
  });
}

function scoresFrom(model: AdContentModel, contrast: ContrastSplit, classifierProba: Float64Array, indexProba: Float64Array): AdContentScores {
  const { params } = model;
  const mixture = classifierProba.map((p, i) => (1 - params.indexWeight) * p + params.indexWeight * (indexProba[i] as number));

  const wantedWords = wordsOf(contrast.wanted);
  const excludedWords = wordsOf(contrast.excluded);
  const candidates = topIndices(mixture, params.candidates);
  const reranked = candidates.map((i) => {
    const words = model.labelWords[i] as readonly string[];
    const share = (found: ReadonlySet<string>) => (words.length ? words.filter((w) => found.has(w)).length / words.length : 0);
    return (mixture[i] as number) + params.lexicalWeight * (share(wantedWords) - share(excludedWords));
  });
  // First candidate with the highest reranked score (ties keep the higher mixture probability).
  let best = 0;
  reranked.forEach((score, k) => {
    if (score > (reranked[best] as number)) best = k;
  });
  const winner = candidates[best] as number;
  return { mixture, candidates, winner };
}

/**
 * The deepest node on the winner's lineage whose mass reaches the walk-up threshold (tier 1 when none
 * does). `threshold` is the ad_content confidence threshold: only a chosen top node that meets it is `exact`.
 */
export function chooseAdContent(model: AdContentModel, scores: AdContentScores, threshold = model.threshold): AdContentResolution {
  const { taxonomy } = model;
  const { mixture, candidates, winner } = scores;
  const labels = model.classifier.head.labels;
  const chain = lineage(taxonomy, labels[winner] as string);

  let chosen = chain[0] as TaxonomyNode;
  let confidence = massOf(model, mixture, chosen.id);
  for (let depth = chain.length - 1; depth >= 0; depth--) {
    const node = chain[depth] as TaxonomyNode;
    const mass = node.id === labels[winner] ? (mixture[winner] as number) : massOf(model, mixture, node.id);
    if (mass >= model.params.walkUpThreshold) {
      chosen = node;
      confidence = mass;
      break;
    }
  }
  const isTop = chosen.id === labels[candidates[0] as number] && chosen.id === labels[winner];
  const mode: MappingMode = chosen.internalExtension ? 'internal_extension' : isTop && confidence >= threshold ? 'exact' : 'nearest_equivalent';
  const chosenChain = lineage(taxonomy, chosen.id);
  return {
    node: chosen,
    tiers: chosenChain.map((n) => ({ id: n.id, label: n.name })),
    mapping_mode: mode,
    mapping_confidence: Math.min(1, Math.max(0, confidence)),
    sensitive: chosenChain.some((n) => n.sensitive),
    regulated: regulatedVerticalOf(taxonomy, model.regulated, chosen.id) !== undefined,
  };
}

/** Resolution at the model's threshold, or at `threshold` when given (a per-call override). */
export function resolveAdContent(model: AdContentModel, text: string, embedding: Float32Array, threshold = model.threshold): AdContentResolution {
  return chooseAdContent(model, scoreAdContent(model, text, embedding), threshold);
}

function massOf(model: AdContentModel, mixture: Float64Array, id: string): number {
  return (model.subtree.get(id) ?? []).reduce((sum, i) => sum + (mixture[i] as number), 0);
}
