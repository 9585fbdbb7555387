/**
 * classify_query, the spec's seven steps: one encoder pass for the batch; the three heads on shared
 * features (label = argmax of calibrated scores); calibration and threshold gating; commercial score,
 * ad_content, fallback, policy and opportunity (buildEnvelope); schema validation before returning.
 */
import { TAXONOMY_NAME, TAXONOMY_VERSION } from '../taxonomy/taxonomy.js';
import { chooseAdContent, scoreAdContent, scoreAdContentBatch, type AdContentResolution, type AdContentScores } from '../ad-content/resolve-ad-content.js';
import type { LoadedHead } from '../artifacts/load-artifacts.js';
import { buildEnvelope, PLACEHOLDER_AD_CONTENT } from '../envelope/build-envelope.js';
import type { AdContentResult, Envelope, EnvelopeInput, HeadResult } from '../envelope/envelope-types.js';
import { validateEnvelope } from '../envelope/validate-envelope.js';
import { sharedFeatures } from '../features/feature-set.js';
import { intentLogits } from '../heads/type-prior.js';
import { INTENT_HEADS, type HeadName, type IntentHead } from '../labels.js';
import { calibratedProba } from '../math/calibration.js';
import { argmax, softmaxRow } from '../math/softmax.js';
import type { ClassifierRuntime } from './classifier-runtime.js';

export interface ClassifyOptions {
  /** Per-call threshold overrides by head. */
  thresholds?: Partial<Record<HeadName, number>>;
}

/** A head's probability vectors in its label order: softmax of the logits, and after calibration (equal to raw without one). */
export interface HeadProbabilities {
  raw: Float64Array;
  calibrated: Float64Array;
}

/**
 * The served scores of the three intent heads for one text (subtype and phase decoded with their type
 * prior); the envelope's heads and evaluation both use this, so evaluated scores are served scores.
 */
export function intentProbabilities(heads: Readonly<Record<IntentHead, LoadedHead>>, text: string, embedding: Float32Array): Record<IntentHead, HeadProbabilities> {
  const featuresOf = sharedFeatures(text, embedding);
  const logits = intentLogits(heads, (head) => featuresOf(heads[head].featureSet));
  return Object.fromEntries(
    INTENT_HEADS.map((head) => {
      const raw = softmaxRow(logits[head]);
      const { calibration } = heads[head];
      return [head, { raw, calibrated: calibration ? calibratedProba(calibration, logits[head]) : raw }];
    }),
  ) as Record<IntentHead, HeadProbabilities>;
}

/** The same head result gated at another threshold. */
export function withThreshold(result: HeadResult, threshold: number): HeadResult {
  return { ...result, confidence_threshold: threshold, meets_threshold: result.confidence >= threshold };
}

export function headResult(loaded: LoadedHead, { raw, calibrated }: HeadProbabilities, threshold: number): HeadResult {
  const best = argmax(calibrated);
  const confidence = calibrated[best] as number;
  return {
    label: loaded.head.labels[best] as string,
    confidence,
    raw_confidence: raw[best] as number,
    confidence_threshold: threshold,
    calibrated: loaded.calibration !== undefined,
    meets_threshold: confidence >= threshold,
  };
}

/** The envelope's ad_content input for one resolution. */
export function adContentFromResolution(resolved: AdContentResolution): AdContentResult {
  return {
    taxonomy: TAXONOMY_NAME,
    taxonomy_version: TAXONOMY_VERSION,
    tiers: resolved.tiers,
    mapping_mode: resolved.mapping_mode,
    mapping_confidence: resolved.mapping_confidence,
    sensitive: resolved.sensitive,
    regulated: resolved.regulated,
    is_placeholder: false,
  };
}

function adContentResult(runtime: ClassifierRuntime, text: string, embedding: Float32Array, threshold: number, scores?: AdContentScores): AdContentResult {
  if (!runtime.adContent) return PLACEHOLDER_AD_CONTENT;
  return adContentFromResolution(chooseAdContent(runtime.adContent, scores ?? scoreAdContent(runtime.adContent, text, embedding), threshold));
}

/** The model's part of the envelope (heads gated at their thresholds, ad_content) for one text and its embedding. */
export function envelopeInputFor(
  runtime: ClassifierRuntime,
  text: string,
  embedding: Float32Array,
  options: ClassifyOptions = {},
  /** ad_content scores computed for the whole batch (scoreAdContentBatch); computed per text when absent. */
  adScores?: AdContentScores,
): EnvelopeInput {
  const threshold = (head: HeadName) => options.thresholds?.[head] ?? runtime.thresholds[head];
  const loaded = runtime.artifacts.intentHeads;
  const probabilities = intentProbabilities(loaded, text, embedding);
  const heads = Object.fromEntries(INTENT_HEADS.map((head) => [head, headResult(loaded[head], probabilities[head], threshold(head))])) as Record<IntentHead, HeadResult>;
  return { heads, adContent: adContentResult(runtime, text, embedding, threshold('ad_content'), adScores) };
}

/** Commercial score, fallback, policy and opportunity on the model's input, then schema validation. */
export function envelopeFromInput(runtime: ClassifierRuntime, input: EnvelopeInput): Envelope {
  const envelope = buildEnvelope(input, runtime.policy, {
    system_version: runtime.systemVersion,
    artifact_version: runtime.artifacts.version,
    encoder_id: runtime.encoder.id,
  });
  validateEnvelope(envelope);
  return envelope;
}

/** classifyBatch, also returning each text's embedding (for evaluation jobs that need the head probabilities too). */
export async function classifyBatchWithEmbeddings(
  runtime: ClassifierRuntime,
  texts: readonly string[],
  options: ClassifyOptions = {},
): Promise<Array<{ envelope: Envelope; embedding: Float32Array }>> {
  const embeddings = await runtime.encoder.embed(texts);
  const adScores = runtime.adContent ? await scoreAdContentBatch(runtime.adContent, texts, embeddings) : undefined;
  return texts.map((text, i) => {
    const embedding = embeddings[i] as Float32Array;
    return { envelope: envelopeFromInput(runtime, envelopeInputFor(runtime, text, embedding, options, adScores?.[i])), embedding };
  });
}

export async function classifyBatch(runtime: ClassifierRuntime, texts: readonly string[], options: ClassifyOptions = {}): Promise<Envelope[]> {
  return (await classifyBatchWithEmbeddings(runtime, texts, options)).map((row) => row.envelope);
}

export async function classifyQuery(runtime: ClassifierRuntime, text: string, options: ClassifyOptions = {}): Promise<Envelope> {
  return (await classifyBatch(runtime, [text], options))[0] as Envelope;
}

/** One text's outcome when a batch must not fail as a whole: its envelope, or why it has none. */
export type SettledEnvelope = { envelope: Envelope; error?: undefined } | { envelope?: undefined; error: string };

/**
 * classifyBatch for bulk jobs: one encoder pass and one ad_content scoring pass for the batch, then
 * each text's envelope on its own, so a text whose envelope fails (a bug: EnvelopeValidationError)
 * gets an error in its place and the others are unaffected.
 */
export async function classifyBatchSettled(runtime: ClassifierRuntime, texts: readonly string[], options: ClassifyOptions = {}): Promise<SettledEnvelope[]> {
  if (texts.length === 0) return [];
  return classifyEmbeddedSettled(runtime, texts, await runtime.encoder.embed(texts), options);
}

/** classifyBatchSettled after the encoder: for callers that embed one batch while finishing another. */
export async function classifyEmbeddedSettled(
  runtime: ClassifierRuntime,
  texts: readonly string[],
  embeddings: readonly Float32Array[],
  options: ClassifyOptions = {},
): Promise<SettledEnvelope[]> {
  if (texts.length === 0) return [];
  const adScores = runtime.adContent ? await scoreAdContentBatch(runtime.adContent, texts, embeddings) : undefined;
  return texts.map((text, i) => {
    try {
      return { envelope: envelopeFromInput(runtime, envelopeInputFor(runtime, text, embeddings[i] as Float32Array, options, adScores?.[i])) };
    } catch (error) {
      return { error: `${(error as Error).name}: ${(error as Error).message}` };
    }
  });
}
