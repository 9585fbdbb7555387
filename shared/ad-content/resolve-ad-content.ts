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
import { queryFeatures, sameFeatureSet, type QueryFeatures } from '../features/feature-set.js';
import { tokenize } from '../features/ngram-features.js';
import * as tf from '../tfjs.js';
import { stemmer } from 'stemmer';
import { addSparseLogits, headLogits } from '../heads/linear-head.js';
import { probabilitiesOf } from '../math/calibration.js';
import { softmaxRow } from '../math/softmax.js';
import { lineage, tier1Id, type Taxonomy, type TaxonomyNode } from '../taxonomy/taxonomy.js';
import type { RegulatedEntry } from '../taxonomy/annotations.js';
import { regulatedVerticalOf } from '../taxonomy/annotations.js';

export interface ResolverParams {
  /** Share of the index distribution in the mixture with the classifier's probabilities. */
  indexWeight: number;
  /** Softmax temperature over index cosine similarities. */
  indexTemperature: number;
  /** Weight of lexical agreement (IDF-weighted share of the node label's words found in the query) in reranking. */
  lexicalWeight: number;
  /**
   * A candidate gets lexical credit only when its mixture probability is at least this share of the
   * top candidate's: a word shared with a node name cannot lift a node the meaning does not support.
   */
  lexicalGate: number;
  /** Candidates reranked (top by mixture probability). */
  candidates: number;
  /**
   * Decode top-down: candidates come only from the tier-1 category with the most probability mass,
   * so many small votes for one vertical are not outvoted by one node of another.
   */
  tierFirst: boolean;
  /**
   * Tier-first decoding only: the tier-1 category is chosen by its mass times the tier-1 head's
   * probability to this power (0: mass alone). The tier-1 head is trained on the same rows over the
   * tier-1 categories only, so it sees every query of a vertical as one class.
   */
  tier1HeadWeight: number;
  /** Mass a node on the winner's lineage needs to be chosen over its ancestors ("confident enough" for its depth). */
  walkUpThreshold: number;
  /**
   * Tier-first decoding only: a query that rules a topic out ("jazz records, blues isn't my thing")
   * decodes node-first, since the category mass and the tier-1 head read the whole query, the ruled-out
   * topic included, while the node classifier's n-grams see only what it asks for.
   */
  contrastNodeFirst: boolean;
}

export const DEFAULT_RESOLVER_PARAMS: ResolverParams = { indexWeight: 0.3, indexTemperature: 0.05, lexicalWeight: 0.1, lexicalGate: 0, candidates: 10, tierFirst: false, tier1HeadWeight: 0, walkUpThreshold: 0.2, contrastNodeFirst: false };

export function resolverParamsOf(stored: StoredResolver | undefined): ResolverParams {
  if (!stored) return DEFAULT_RESOLVER_PARAMS;
  const params = {
    indexWeight: stored.index_weight,
    indexTemperature: stored.index_temperature,
    lexicalWeight: stored.lexical_weight,
    // Resolvers stored before the gate existed reranked every candidate.
    lexicalGate: stored.lexical_gate ?? 0,
    candidates: stored.candidates,
    // Resolvers stored before the tier-1 head existed did not use one.
    tier1HeadWeight: stored.tier1_head_weight ?? 0,
    walkUpThreshold: stored.walk_up_threshold,
  };
  const invalid = Object.entries(params).find(([, value]) => typeof value !== 'number' || !Number.isFinite(value));
  if (invalid) throw new IntegrityError(`${RESOLVER_FILE}: ${invalid[0]} is missing or not a number`);
  // Resolvers stored before contrast decoding existed decoded every query alike.
  return { ...params, tierFirst: stored.tier_first === true, contrastNodeFirst: stored.contrast_node_first === true };
}

export interface AdContentModel {
  classifier: LoadedHead;
  /** The tier-1 head (labels: tier-1 node ids), when the artifacts have one. */
  tier1Head?: LoadedHead | undefined;
  index: TaxonomyIndex;
  taxonomy: Taxonomy;
  regulated: ReadonlyMap<string, RegulatedEntry>;
  threshold: number;
  params: ResolverParams;
  /** Node positions (classifier label order) of each node's subtree, itself included. */
  subtree: ReadonlyMap<string, readonly number[]>;
  /** Position of each label's tier-1 ancestor among `tier1Ids`. */
  tier1Of: Int32Array;
  tier1Ids: readonly string[];
  /** Position in the tier-1 head's labels of each of `tier1Ids` (empty without a tier-1 head). */
  tier1HeadOrder: Int32Array;
  /** Distinct stemmed words of each node's label with their IDF weight (classifier label order), as the lexical rerank matches them. */
  labelWords: ReadonlyArray<ReadonlyArray<{ word: string; weight: number }>>;
}

export interface AdContentResolution {
  node: TaxonomyNode;
  tiers: Array<{ id: string; label: string }>;
  mapping_mode: MappingMode;
  mapping_confidence: number;
  sensitive: boolean;
  regulated: boolean;
}

/** Words the Porter stemmer would merge with another common word ("news" -> "new"): kept whole. */
const UNSTEMMED = new Set(['news']);

/** The stemmed words of a text the lexical rerank compares (words of three letters or more). */
export function lexicalWords(text: string): Set<string> {
  return new Set(tokenize(text).filter((w) => w.length > 2).map((w) => (UNSTEMMED.has(w) ? w : stemmer(w))));
}

/** A query's words as the rerank sees them: what it asks for and what it rules out. */
export interface QueryWords {
  wanted: ReadonlySet<string>;
  excluded: ReadonlySet<string>;
}

export function queryWords(contrast: ContrastSplit): QueryWords {
  return { wanted: lexicalWords(contrast.wanted), excluded: lexicalWords(contrast.excluded) };
}

export function buildAdContentModel(parts: Omit<AdContentModel, 'subtree' | 'labelWords' | 'params' | 'tier1Of' | 'tier1Ids' | 'tier1HeadOrder'> & { params?: ResolverParams }): AdContentModel {
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
  const words = labels.map((id) => [...lexicalWords(parts.taxonomy.byId.get(id)?.name ?? '')]);
  const documentFrequency = new Map<string, number>();
  for (const list of words) for (const w of list) documentFrequency.set(w, (documentFrequency.get(w) ?? 0) + 1);
  // A word in many node names ("services", "industry") says little about which node is meant.
  const labelWords = words.map((list) => list.map((word) => ({ word, weight: Math.log(1 + labels.length / (documentFrequency.get(word) as number)) })));
  const tier1Ids = [...new Set(labels.map((id) => tier1Id(parts.taxonomy, id)))];
  const tier1Of = Int32Array.from(labels, (id) => tier1Ids.indexOf(tier1Id(parts.taxonomy, id)));
  const params = parts.params ?? DEFAULT_RESOLVER_PARAMS;
  const tier1HeadLabels = parts.tier1Head?.head.labels ?? [];
  const tier1HeadOrder = Int32Array.from(parts.tier1Head ? tier1Ids : [], (id) => tier1HeadLabels.indexOf(id));
  if (tier1HeadOrder.some((at) => at < 0)) throw new IntegrityError('the ad_content tier-1 head lacks tier-1 categories the classifier has');
  if (params.tier1HeadWeight > 0 && !parts.tier1Head) throw new IntegrityError(`${RESOLVER_FILE} weights a tier-1 head that the artifacts do not have`);
  return { ...parts, params, subtree, labelWords, tier1Of, tier1Ids, tier1HeadOrder };
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

export function indexDistribution(index: TaxonomyIndex, embedding: Float32Array, temperature: number): Float64Array {
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

/** The classifier's features of a text (computed once per text; the tier-1 head reuses them when it has the same feature set). */
export function classifierFeatures(model: AdContentModel, text: string, embedding: Float32Array, contrast?: ContrastSplit): QueryFeatures {
  return queryFeatures(model.classifier.featureSet, text, embedding, contrast);
}

/** The supervised classifier's (calibrated) probabilities over nodes, in label order. */
export function classifierDistribution(model: AdContentModel, text: string, embedding: Float32Array, contrast?: ContrastSplit, features = classifierFeatures(model, text, embedding, contrast)): Float64Array {
  return probabilitiesOf(model.classifier.calibration, headLogits(model.classifier.head, features));
}

/**
 * The tier-1 head's (calibrated) probabilities in `tier1Ids` order, when the model has the head.
 * `features`: the text's classifier features (classifierFeatures), reused when the head's feature set is the classifier's.
 */
export function tier1HeadDistribution(model: AdContentModel, text: string, embedding: Float32Array, contrast?: ContrastSplit, features?: QueryFeatures): Float64Array | undefined {
  const head = model.tier1Head;
  if (!head) return undefined;
  const own = features && sameFeatureSet(head.featureSet, model.classifier.featureSet) ? features : queryFeatures(head.featureSet, text, embedding, contrast);
  const proba = probabilitiesOf(head.calibration, headLogits(head.head, own));
  return Float64Array.from(model.tier1HeadOrder, (at) => proba[at] as number);
}

/** Whether decoding uses the tier-1 head (so scoring must compute its distribution). */
const usesTier1Head = (model: AdContentModel) => model.params.tierFirst && model.params.tier1HeadWeight > 0 && model.tier1Head !== undefined;

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
  const indexProba = model.params.indexWeight > 0 ? indexDistribution(model.index, embedding, model.params.indexTemperature) : undefined;
  const features = classifierFeatures(model, text, embedding, contrast);
  const tier1Proba = usesTier1Head(model) ? tier1HeadDistribution(model, text, embedding, contrast, features) : undefined;
  return rerankedScores(model, queryWords(contrast), classifierDistribution(model, text, embedding, contrast, features), indexProba, tier1Proba);
}

/**
 * The classifier's dense block and the index entries side by side, input-major ([dim, classes + entries]),
 * as one tfjs matrix per model. Input-major because tfjs-wasm's matMul with a transposed operand is ~10x slower.
 */
const stackedDenseCache = new WeakMap<AdContentModel, tf.Tensor2D>();

/** Index entries scored per query: none when the mixture gives the index no weight. */
const scoredEntries = (model: AdContentModel) => (model.params.indexWeight > 0 ? model.index.entryNode.length : 0);

function stackedDense(model: AdContentModel): tf.Tensor2D {
  const cached = stackedDenseCache.get(model);
  if (cached && !cached.isDisposed) return cached;
  const { head } = model.classifier;
  const { dim, vectors } = model.index;
  const entries = scoredEntries(model);
  const classes = head.labels.length;
  const width = classes + entries;
  const stacked = new Float32Array(dim * width);
  for (let i = 0; i < dim; i++) {
    stacked.set(head.weights.subarray(i * classes, (i + 1) * classes), i * width);
    for (let e = 0; e < entries; e++) stacked[i * width + classes + e] = vectors[e * dim + i] as number;
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
  const { head, calibration } = model.classifier;
  const dim = model.index.dim;
  const classes = head.labels.length;
  const width = classes + scoredEntries(model);
  const flat = new Float32Array(texts.length * dim);
  embeddings.forEach((e, i) => flat.set(e, i * dim));
  const queries = tf.tensor2d(flat, [texts.length, dim]);
  const product = tf.matMul(queries, stackedDense(model));
  const scores = (await product.data()) as Float32Array;
  tf.dispose([queries, product]);
  return texts.map((text, i) => {
    const row = scores.subarray(i * width, (i + 1) * width);
    const logits = new Float64Array(classes);
    for (let k = 0; k < classes; k++) logits[k] = (head.bias[k] as number) + (row[k] as number);
    const contrast = splitContrast(text);
    const features = classifierFeatures(model, text, embeddings[i] as Float32Array, contrast);
    addSparseLogits(head, features, logits);
    const classifierProba = probabilitiesOf(calibration, logits);
    const indexProba = model.params.indexWeight > 0 ? indexDistributionFrom(model.index, row.subarray(classes), model.params.indexTemperature) : undefined;
    const tier1Proba = usesTier1Head(model) ? tier1HeadDistribution(model, text, embeddings[i] as Float32Array, contrast, features) : undefined;
    return rerankedScores(model, queryWords(contrast), classifierProba, indexProba, tier1Proba);
  });
}

/**
 * The mixture with every node outside the top tier-1 category set to -1 (never a candidate). The top
 * category has the most mass, or with the tier-1 head the highest mass x head probability^weight.
 */
function withinTopTier1(model: AdContentModel, mixture: Float64Array, tier1Proba: Float64Array | undefined): Float64Array {
  const mass = new Float64Array(model.tier1Ids.length);
  mixture.forEach((p, i) => (mass[model.tier1Of[i] as number] = (mass[model.tier1Of[i] as number] as number) + p));
  const weight = model.params.tier1HeadWeight;
  const logOf = (p: number) => Math.log(Math.max(p, Number.MIN_VALUE));
  const score = tier1Proba && weight > 0 ? mass.map((m, t) => logOf(m) + weight * logOf(tier1Proba[t] as number)) : mass;
  const top = topIndices(score, 1)[0] as number;
  return mixture.map((p, i) => (model.tier1Of[i] === top ? p : -1));
}

/** IDF-weighted share of a candidate's label words found in `found`. */
function labelShare(words: ReadonlyArray<{ word: string; weight: number }>, found: ReadonlySet<string>): number {
  let total = 0;
  let hit = 0;
  for (const { word, weight } of words) {
    total += weight;
    if (found.has(word)) hit += weight;
  }
  return total > 0 ? hit / total : 0;
}

/** Stage 1: the classifier's probabilities mixed with the index's (the classifier alone when the index weight is 0 or `indexProba` was not computed). */
export function mixtureOf(model: AdContentModel, classifierProba: Float64Array, indexProba: Float64Array | undefined): Float64Array {
  const { indexWeight } = model.params;
  return indexProba && indexWeight > 0 ? classifierProba.map((p, i) => (1 - indexWeight) * p + indexWeight * (indexProba[i] as number)) : classifierProba;
}

/** Whether a query with these words decodes tier-first under the model's parameters. */
function decodesTierFirst(params: ResolverParams, words: QueryWords): boolean {
  return params.tierFirst && !(params.contrastNodeFirst && words.excluded.size > 0);
}

/** Stage 2: the top candidates by mixture probability, within the top tier-1 category when decoding tier-first (which `tier1Proba` joins when given and weighted). */
export function candidatesOf(model: AdContentModel, words: QueryWords, mixture: Float64Array, tier1Proba: Float64Array | undefined): number[] {
  return topIndices(decodesTierFirst(model.params, words) ? withinTopTier1(model, mixture, tier1Proba) : mixture, model.params.candidates);
}

/** Stage 3: the lexical rerank among the candidates the mixture supports (the top candidate when its weight is 0). */
export function winnerOf(model: AdContentModel, words: QueryWords, mixture: Float64Array, candidates: readonly number[]): number {
  const { params } = model;
  if (params.lexicalWeight === 0) return candidates[0] as number;
  const floor = params.lexicalGate * (mixture[candidates[0] as number] as number);
  const reranked = candidates.map((i) => {
    const base = mixture[i] as number;
    if (base < floor) return base;
    const labelWords = model.labelWords[i] ?? [];
    return base + params.lexicalWeight * (labelShare(labelWords, words.wanted) - labelShare(labelWords, words.excluded));
  });
  // First candidate with the highest reranked score (ties keep the higher mixture probability).
  let best = 0;
  reranked.forEach((score, k) => {
    if (score > (reranked[best] as number)) best = k;
  });
  return candidates[best] as number;
}

/** The three stages in turn: mixture, candidates, lexical winner. */
export function rerankedScores(model: AdContentModel, words: QueryWords, classifierProba: Float64Array, indexProba: Float64Array | undefined, tier1Proba?: Float64Array): AdContentScores {
  const mixture = mixtureOf(model, classifierProba, indexProba);
  const candidates = candidatesOf(model, words, mixture, tier1Proba);
  return { mixture, candidates, winner: winnerOf(model, words, mixture, candidates) };
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
